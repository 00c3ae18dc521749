import AICore
import Foundation

/// A Realtime session's configuration: sent in `session.update` and when minting a client secret, and
/// received in `session.created` / `session.updated` (then with the server's `id`, `object` and `expires_at`).
///
/// Every field is optional so an update carries only what changes. Enumerations the API keeps growing
/// (modalities, voices, include values) are plain strings so new values pass through.
public struct RealtimeSessionConfiguration: Codable, Sendable, Equatable {
    /// `realtime` (a speech-to-speech session; `transcription` sessions use the same object).
    public var type: String?
    /// The session id (server).
    public var id: String?
    /// `realtime.session` (server).
    public var object: String?
    /// When the session expires, in Unix seconds (server).
    public var expiresAt: Int?
    /// The model, e.g. `gpt-realtime`.
    public var model: String?
    /// `["audio"]` (audio with a transcript, the default) or `["text"]`.
    public var outputModalities: [String]?
    /// The system instructions.
    public var instructions: String?
    /// Input and output audio: formats, transcription, turn detection, voice.
    public var audio: RealtimeAudioConfiguration?
    /// Extra fields the server should include, e.g. `item.input_audio_transcription.logprobs`.
    public var include: [String]?
    /// Functions the model may call.
    public var tools: [RealtimeTool]?
    /// How the model chooses tools.
    public var toolChoice: RealtimeToolChoice?
    /// The most output tokens of one response.
    public var maxOutputTokens: RealtimeMaxTokens?
    /// Tracing configuration (`"auto"` or an object), as JSON.
    public var tracing: JSONValue?
    /// How the conversation is truncated when it outgrows the context, as JSON.
    public var truncation: JSONValue?
    /// A stored prompt reference, as JSON.
    public var prompt: JSONValue?

    public init(
        type: String? = "realtime", model: String? = nil, outputModalities: [String]? = nil, instructions: String? = nil,
        audio: RealtimeAudioConfiguration? = nil, include: [String]? = nil, tools: [RealtimeTool]? = nil,
        toolChoice: RealtimeToolChoice? = nil, maxOutputTokens: RealtimeMaxTokens? = nil, tracing: JSONValue? = nil,
        truncation: JSONValue? = nil, prompt: JSONValue? = nil
    ) {
        self.type = type
        self.model = model
        self.outputModalities = outputModalities
        self.instructions = instructions
        self.audio = audio
        self.include = include
        self.tools = tools
        self.toolChoice = toolChoice
        self.maxOutputTokens = maxOutputTokens
        self.tracing = tracing
        self.truncation = truncation
        self.prompt = prompt
    }

    enum CodingKeys: String, CodingKey {
        case type, id, object, model, instructions, audio, include, tools, tracing, truncation, prompt
        case expiresAt = "expires_at"
        case outputModalities = "output_modalities"
        case toolChoice = "tool_choice"
        case maxOutputTokens = "max_output_tokens"
    }
}

/// Input and output audio settings.
public struct RealtimeAudioConfiguration: Codable, Sendable, Equatable {
    public var input: RealtimeAudioInput?
    public var output: RealtimeAudioOutput?

    public init(input: RealtimeAudioInput? = nil, output: RealtimeAudioOutput? = nil) {
        self.input = input
        self.output = output
    }
}

/// How input audio is read, transcribed and turned into turns.
public struct RealtimeAudioInput: Codable, Sendable, Equatable {
    /// The input format (PCM16 at 24 kHz by default).
    public var format: RealtimeAudioFormat?
    /// Transcription of the input audio (e.g. `{"model": "gpt-4o-transcribe"}`), as JSON.
    public var transcription: JSONValue?
    /// Noise reduction (`{"type": "near_field"}`), as JSON.
    public var noiseReduction: JSONValue?
    /// Voice activity detection. `nil` leaves it as it is; `.some(nil)` sends `null`, which turns it off (then the
    /// client commits the audio buffer and asks for responses itself); `.some(detection)` sets it.
    public var turnDetection: RealtimeTurnDetection??

    public init(
        format: RealtimeAudioFormat? = nil, transcription: JSONValue? = nil, noiseReduction: JSONValue? = nil,
        turnDetection: RealtimeTurnDetection?? = nil
    ) {
        self.format = format
        self.transcription = transcription
        self.noiseReduction = noiseReduction
        self.turnDetection = turnDetection
    }

    enum CodingKeys: String, CodingKey {
        case format, transcription
        case noiseReduction = "noise_reduction"
        case turnDetection = "turn_detection"
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        format = try container.decodeIfPresent(RealtimeAudioFormat.self, forKey: .format)
        transcription = try container.decodeIfPresent(JSONValue.self, forKey: .transcription)
        noiseReduction = try container.decodeIfPresent(JSONValue.self, forKey: .noiseReduction)
        if container.contains(.turnDetection) {
            turnDetection = .some(try container.decodeIfPresent(RealtimeTurnDetection.self, forKey: .turnDetection))
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encodeIfPresent(format, forKey: .format)
        try container.encodeIfPresent(transcription, forKey: .transcription)
        try container.encodeIfPresent(noiseReduction, forKey: .noiseReduction)
        switch turnDetection {
        case .none: break
        case .some(.none): try container.encodeNil(forKey: .turnDetection)
        case .some(.some(let detection)): try container.encode(detection, forKey: .turnDetection)
        }
    }
}

/// Output audio: format, voice and speed.
public struct RealtimeAudioOutput: Codable, Sendable, Equatable {
    public var format: RealtimeAudioFormat?
    /// `alloy`, `ash`, `ballad`, `coral`, `echo`, `sage`, `shimmer`, `verse`, `marin`, `cedar`, … or a custom voice's
    /// id (then ``isCustomVoice`` is true).
    public var voice: String?
    /// Whether ``voice`` is a custom voice's id (`voice_…`), which goes on the wire as `{"id": …}`.
    public var isCustomVoice: Bool
    /// 0.25 to 1.5.
    public var speed: Double?

    public init(format: RealtimeAudioFormat? = nil, voice: String? = nil, speed: Double? = nil) {
        self.format = format
        self.voice = voice
        self.isCustomVoice = false
        self.speed = speed
    }

    /// Output in a custom voice made with ``OpenAIAudioService/createVoice(parameters:options:)``.
    public init(format: RealtimeAudioFormat? = nil, customVoiceID: String, speed: Double? = nil) {
        self.format = format
        self.voice = customVoiceID
        self.isCustomVoice = true
        self.speed = speed
    }

    enum CodingKeys: String, CodingKey {
        case format, voice, speed
    }

    private struct CustomVoiceReference: Codable {
        let id: String
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        format = try container.decodeIfPresent(RealtimeAudioFormat.self, forKey: .format)
        speed = try container.decodeIfPresent(Double.self, forKey: .speed)
        if let reference = try? container.decodeIfPresent(CustomVoiceReference.self, forKey: .voice) {
            voice = reference.id
            isCustomVoice = true
        } else {
            voice = try container.decodeIfPresent(String.self, forKey: .voice)
            isCustomVoice = false
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encodeIfPresent(format, forKey: .format)
        if let voice {
            if isCustomVoice {
                try container.encode(CustomVoiceReference(id: voice), forKey: .voice)
            } else {
                try container.encode(voice, forKey: .voice)
            }
        }
        try container.encodeIfPresent(speed, forKey: .speed)
    }
}

/// An audio format: `audio/pcm` (PCM16, 24 kHz, mono, little-endian), `audio/pcmu` or `audio/pcma` (G.711).
public struct RealtimeAudioFormat: Codable, Sendable, Equatable {
    public var type: String
    /// The sample rate; only `audio/pcm` has one (24000).
    public var rate: Int?

    public init(type: String, rate: Int? = nil) {
        self.type = type
        self.rate = rate
    }

    /// PCM16 at 24 kHz: what ``PCM16Audio`` reads and writes.
    public static let pcm16 = RealtimeAudioFormat(type: "audio/pcm", rate: 24000)
    public static let pcmu = RealtimeAudioFormat(type: "audio/pcmu")
    public static let pcma = RealtimeAudioFormat(type: "audio/pcma")
}

/// Server-side voice activity detection.
public struct RealtimeTurnDetection: Codable, Sendable, Equatable {
    /// `server_vad` or `semantic_vad`.
    public var type: String
    public var threshold: Double?
    public var prefixPaddingMs: Int?
    public var silenceDurationMs: Int?
    /// `semantic_vad`: `low`, `medium`, `high` or `auto`.
    public var eagerness: String?
    public var createResponse: Bool?
    public var interruptResponse: Bool?
    public var idleTimeoutMs: Int?

    public init(
        type: String = "server_vad", threshold: Double? = nil, prefixPaddingMs: Int? = nil, silenceDurationMs: Int? = nil,
        eagerness: String? = nil, createResponse: Bool? = nil, interruptResponse: Bool? = nil, idleTimeoutMs: Int? = nil
    ) {
        self.type = type
        self.threshold = threshold
        self.prefixPaddingMs = prefixPaddingMs
        self.silenceDurationMs = silenceDurationMs
        self.eagerness = eagerness
        self.createResponse = createResponse
        self.interruptResponse = interruptResponse
        self.idleTimeoutMs = idleTimeoutMs
    }

    enum CodingKeys: String, CodingKey {
        case type, threshold, eagerness
        case prefixPaddingMs = "prefix_padding_ms"
        case silenceDurationMs = "silence_duration_ms"
        case createResponse = "create_response"
        case interruptResponse = "interrupt_response"
        case idleTimeoutMs = "idle_timeout_ms"
    }
}

/// A function the model may call in a Realtime session.
public struct RealtimeTool: Codable, Sendable, Equatable {
    /// `function`.
    public var type: String
    public var name: String
    public var description: String?
    /// The JSON Schema of the arguments.
    public var parameters: JSONSchema?

    public init(name: String, description: String? = nil, parameters: JSONSchema? = nil) {
        type = "function"
        self.name = name
        self.description = description
        self.parameters = parameters
    }
}

/// `auto`, `none`, `required`, or one named function.
public enum RealtimeToolChoice: Codable, Sendable, Equatable {
    case auto
    case none
    case required
    case function(name: String)

    private struct Named: Codable {
        var type = "function"
        var name: String
    }

    public init(from decoder: any Decoder) throws {
        if let text = try? decoder.singleValueContainer().decode(String.self) {
            switch text {
            case "none": self = .none
            case "required": self = .required
            default: self = .auto
            }
        } else {
            self = .function(name: try Named(from: decoder).name)
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .auto: try container.encode("auto")
        case .none: try container.encode("none")
        case .required: try container.encode("required")
        case .function(let name): try container.encode(Named(name: name))
        }
    }
}

/// A token limit: a number, or `"inf"`.
public enum RealtimeMaxTokens: Codable, Sendable, Equatable {
    case limit(Int)
    case infinite

    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let limit = try? container.decode(Int.self) {
            self = .limit(limit)
        } else {
            _ = try container.decode(String.self)
            self = .infinite
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .limit(let limit): try container.encode(limit)
        case .infinite: try container.encode("inf")
        }
    }
}
