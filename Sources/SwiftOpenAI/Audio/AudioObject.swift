import AICore
import Foundation

/// A transcription or translation.
///
/// For `json` only `text` (and `usage`, `logprobs`) is set; `verbose_json` adds language, duration, segments and
/// words; for `text`, `srt` and `vtt` the body itself is the `text`.
public struct AudioObject: Codable, Sendable {
    /// The transcribed (or translated) text; for `srt`/`vtt`, the subtitle file.
    public let text: String
    /// `transcribe` or `translate` (verbose_json).
    public let task: String?
    public let language: String?
    /// Seconds of audio.
    public let duration: Double?
    public let segments: [Segment]?
    public let words: [Word]?
    /// Billing: tokens (gpt-4o models) or seconds (whisper).
    public let usage: JSONValue?
    /// Token log probabilities, when `include` asks for them.
    public let logprobs: [LogProb]?

    public init(text: String) {
        self.text = text
        task = nil
        language = nil
        duration = nil
        segments = nil
        words = nil
        usage = nil
        logprobs = nil
    }

    /// A segment of a `verbose_json` transcript.
    public struct Segment: Codable, Sendable {
        public let id: Int
        public let seek: Int?
        public let start: Double
        public let end: Double
        public let text: String
        public let tokens: [Int]?
        public let temperature: Double?
        public let avgLogprob: Double?
        public let compressionRatio: Double?
        public let noSpeechProb: Double?

        enum CodingKeys: String, CodingKey {
            case id, seek, start, end, text, tokens, temperature
            case avgLogprob = "avg_logprob"
            case compressionRatio = "compression_ratio"
            case noSpeechProb = "no_speech_prob"
        }
    }

    /// A word with its timing (`timestamp_granularities: ["word"]`).
    public struct Word: Codable, Sendable {
        public let word: String
        public let start: Double
        public let end: Double
    }

    /// The log probability of a token.
    public struct LogProb: Codable, Sendable {
        public let token: String
        public let logprob: Double
        public let bytes: [Int]?
    }
}

/// An event of a streamed transcription (`gpt-4o-transcribe` models).
public enum AudioTranscriptionStreamEvent: Decodable, Sendable {
    /// `transcript.text.delta`: more text.
    case delta(String)
    /// `transcript.text.done`: the whole text and the usage.
    case done(text: String, usage: JSONValue?)
    /// Another event type, with its JSON.
    case unknown(type: String, raw: JSONValue)

    public init(from decoder: any Decoder) throws {
        let raw = try JSONValue(from: decoder)
        let type = raw["type"]?.stringValue ?? ""
        switch type {
        case "transcript.text.delta": self = .delta(raw["delta"]?.stringValue ?? "")
        case "transcript.text.done": self = .done(text: raw["text"]?.stringValue ?? "", usage: raw["usage"])
        default: self = .unknown(type: type, raw: raw)
        }
    }
}

/// An event of a speech stream sent as server-sent events (`stream_format: sse`, gpt-4o-mini-tts).
public enum AudioSpeechStreamEvent: Decodable, Sendable {
    /// `speech.audio.delta`: more audio, decoded from its base64.
    case audioDelta(Data)
    /// `speech.audio.done`: the audio is complete; the tokens it took.
    case done(usage: Usage?)
    /// Another event type, with its JSON.
    case unknown(type: String, raw: JSONValue)

    /// Token usage of a speech request.
    public struct Usage: Codable, Sendable, Equatable {
        public let inputTokens: Int
        public let outputTokens: Int
        public let totalTokens: Int

        enum CodingKeys: String, CodingKey {
            case inputTokens = "input_tokens"
            case outputTokens = "output_tokens"
            case totalTokens = "total_tokens"
        }
    }

    private enum CodingKeys: String, CodingKey { case type, audio, usage }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let type = try container.decode(String.self, forKey: .type)
        switch type {
        case "speech.audio.delta":
            let base64 = try container.decode(String.self, forKey: .audio)
            guard let audio = Data(base64Encoded: base64) else {
                throw DecodingError.dataCorruptedError(forKey: .audio, in: container, debugDescription: "The audio is not valid base64.")
            }
            self = .audioDelta(audio)
        case "speech.audio.done":
            self = .done(usage: try container.decodeIfPresent(Usage.self, forKey: .usage))
        default:
            self = .unknown(type: type, raw: try JSONValue(from: decoder))
        }
    }
}

/// Creates speech from text.
public struct AudioSpeechParameters: Encodable, Sendable {
    public let model: String
    /// Up to 4096 characters.
    public let input: String
    /// A built-in voice's name, or a custom voice's id (then ``isCustomVoice`` is true).
    public let voice: String
    /// Whether ``voice`` is a custom voice's id, sent as `{"id": …}`.
    public let isCustomVoice: Bool
    /// `mp3` (default), `opus`, `aac`, `flac`, `wav` or `pcm`.
    public let responseFormat: String?
    /// 0.25 … 4.0.
    public let speed: Double?
    /// How to speak: tone, accent, pace (gpt-4o-mini-tts; not tts-1 / tts-1-hd).
    public let instructions: String?
    /// `audio` (raw bytes) or `sse` (gpt-4o-mini-tts); `createSpeechEventStream` sets `sse`.
    public var streamFormat: String?

    /// A text-to-speech model id.
    public struct TTSModel: RawRepresentable, Hashable, Sendable, ExpressibleByStringLiteral {
        public var rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        public init(stringLiteral value: String) { self.rawValue = value }

        public static let tts1 = TTSModel(rawValue: "tts-1")
        public static let tts1HD = TTSModel(rawValue: "tts-1-hd")
        public static let gpt4oMiniTTS = TTSModel(rawValue: "gpt-4o-mini-tts")
    }

    /// A voice: a built-in one by name, or a custom voice by id (``custom(_:)``).
    public struct Voice: RawRepresentable, Hashable, Sendable, ExpressibleByStringLiteral {
        public var rawValue: String
        /// Whether ``rawValue`` is a custom voice's id (`voice_…`), which the API takes as `{"id": …}`.
        public var isCustom: Bool = false
        public init(rawValue: String) { self.rawValue = rawValue }
        public init(stringLiteral value: String) { self.rawValue = value }

        /// A custom voice made with ``OpenAIAudioService/createVoice(parameters:options:)``, by its id.
        public static func custom(_ id: String) -> Voice {
            var voice = Voice(rawValue: id)
            voice.isCustom = true
            return voice
        }

        public static let alloy = Voice(rawValue: "alloy")
        public static let ash = Voice(rawValue: "ash")
        public static let ballad = Voice(rawValue: "ballad")
        public static let coral = Voice(rawValue: "coral")
        public static let echo = Voice(rawValue: "echo")
        public static let fable = Voice(rawValue: "fable")
        public static let onyx = Voice(rawValue: "onyx")
        public static let nova = Voice(rawValue: "nova")
        public static let sage = Voice(rawValue: "sage")
        public static let shimmer = Voice(rawValue: "shimmer")
        public static let verse = Voice(rawValue: "verse")
        public static let marin = Voice(rawValue: "marin")
        public static let cedar = Voice(rawValue: "cedar")
    }

    /// An audio format.
    public enum ResponseFormat: String, Sendable {
        case mp3, opus, aac, flac, wav, pcm
    }

    public init(
        model: TTSModel,
        input: String,
        voice: Voice,
        responseFormat: ResponseFormat? = nil,
        speed: Double? = nil,
        instructions: String? = nil
    ) {
        self.model = model.rawValue
        self.input = input
        self.voice = voice.rawValue
        self.isCustomVoice = voice.isCustom
        self.responseFormat = responseFormat?.rawValue
        self.speed = speed
        self.instructions = instructions
        self.streamFormat = nil
    }

    enum CodingKeys: String, CodingKey {
        case model, input, voice
        case responseFormat = "response_format"
        case speed, instructions
        case streamFormat = "stream_format"
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(model, forKey: .model)
        try container.encode(input, forKey: .input)
        if isCustomVoice {
            try container.encode(["id": voice], forKey: .voice)
        } else {
            try container.encode(voice, forKey: .voice)
        }
        try container.encodeIfPresent(responseFormat, forKey: .responseFormat)
        try container.encodeIfPresent(speed, forKey: .speed)
        try container.encodeIfPresent(instructions, forKey: .instructions)
        try container.encodeIfPresent(streamFormat, forKey: .streamFormat)
    }
}

/// The audio of `createSpeech`.
public struct AudioSpeechObject: Sendable {
    /// The audio file's bytes.
    public let output: Data
    /// The response's `Content-Type`, e.g. `audio/mpeg`.
    public let contentType: String?

    public init(output: Data, contentType: String? = nil) {
        self.output = output
        self.contentType = contentType
    }
}
