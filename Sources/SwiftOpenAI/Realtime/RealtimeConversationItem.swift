import AICore
import Foundation

/// An item of a Realtime conversation: a message, a function call, or a function call's output.
///
/// `type`, `role` and `status` are strings so item kinds the API adds later (MCP calls, approvals) decode too.
public struct RealtimeConversationItem: Codable, Sendable, Equatable {
    public var id: String?
    /// `realtime.item` (server).
    public var object: String?
    /// `message`, `function_call`, `function_call_output`, …
    public var type: String
    /// `completed`, `incomplete` or `in_progress` (server).
    public var status: String?
    /// For messages: `user`, `assistant` or `system`.
    public var role: String?
    /// For messages: the content parts.
    public var content: [RealtimeContentPart]?
    /// For function calls and their outputs: the call id.
    public var callID: String?
    /// For function calls: the function name.
    public var name: String?
    /// For function calls: the arguments, as JSON text.
    public var arguments: String?
    /// For function call outputs: what the function returned.
    public var output: String?

    public init(
        id: String? = nil, type: String, status: String? = nil, role: String? = nil, content: [RealtimeContentPart]? = nil,
        callID: String? = nil, name: String? = nil, arguments: String? = nil, output: String? = nil
    ) {
        self.id = id
        self.type = type
        self.status = status
        self.role = role
        self.content = content
        self.callID = callID
        self.name = name
        self.arguments = arguments
        self.output = output
    }

    /// A user message with text.
    public static func userText(_ text: String) -> RealtimeConversationItem {
        RealtimeConversationItem(type: "message", role: "user", content: [.inputText(text)])
    }

    /// A system message with text (instructions mid-conversation).
    public static func systemText(_ text: String) -> RealtimeConversationItem {
        RealtimeConversationItem(type: "message", role: "system", content: [.inputText(text)])
    }

    /// A user message with audio (PCM16 bytes in the session's input format).
    public static func userAudio(_ pcm16: Data) -> RealtimeConversationItem {
        RealtimeConversationItem(type: "message", role: "user", content: [RealtimeContentPart(type: "input_audio", audio: pcm16.base64EncodedString())])
    }

    /// The output of a function call, sent back so the model can go on.
    public static func functionCallOutput(callID: String, output: String) -> RealtimeConversationItem {
        RealtimeConversationItem(type: "function_call_output", callID: callID, output: output)
    }

    /// The text of the item's parts: text, or the transcript of audio.
    public var text: String {
        (content ?? []).compactMap { $0.text ?? $0.transcript }.joined()
    }

    enum CodingKeys: String, CodingKey {
        case id, object, type, status, role, content, name, arguments, output
        case callID = "call_id"
    }
}

/// One content part of a message.
public struct RealtimeContentPart: Codable, Sendable, Equatable {
    /// `input_text`, `input_audio`, `output_text`, `output_audio` (older servers: `text`, `audio`).
    public var type: String
    public var text: String?
    /// Base64 audio (input audio parts).
    public var audio: String?
    /// The transcript of an audio part.
    public var transcript: String?

    public init(type: String, text: String? = nil, audio: String? = nil, transcript: String? = nil) {
        self.type = type
        self.text = text
        self.audio = audio
        self.transcript = transcript
    }

    public static func inputText(_ text: String) -> RealtimeContentPart { RealtimeContentPart(type: "input_text", text: text) }
}

/// A response of the model (`response.created`, `response.done`).
public struct RealtimeResponse: Codable, Sendable, Equatable {
    public var id: String?
    /// `realtime.response`.
    public var object: String?
    /// `in_progress`, `completed`, `cancelled`, `failed` or `incomplete`.
    public var status: String?
    /// Why a response is not completed (the reason, and the error of a failed one), as JSON.
    public var statusDetails: JSONValue?
    /// The items the response produced.
    public var output: [RealtimeConversationItem]?
    public var usage: RealtimeUsage?
    public var conversationID: String?
    public var outputModalities: [String]?
    public var maxOutputTokens: RealtimeMaxTokens?
    public var metadata: [String: String]?
    /// The response's audio settings, as JSON.
    public var audio: JSONValue?

    public init(id: String? = nil, status: String? = nil, output: [RealtimeConversationItem]? = nil) {
        self.id = id
        self.status = status
        self.output = output
    }

    enum CodingKeys: String, CodingKey {
        case id, object, status, output, usage, metadata, audio
        case statusDetails = "status_details"
        case conversationID = "conversation_id"
        case outputModalities = "output_modalities"
        case maxOutputTokens = "max_output_tokens"
    }
}

/// Token usage of one response.
public struct RealtimeUsage: Codable, Sendable, Equatable {
    public var totalTokens: Int?
    public var inputTokens: Int?
    public var outputTokens: Int?
    /// Cached, text and audio input tokens, as JSON.
    public var inputTokenDetails: JSONValue?
    /// Text and audio output tokens, as JSON.
    public var outputTokenDetails: JSONValue?

    enum CodingKeys: String, CodingKey {
        case totalTokens = "total_tokens"
        case inputTokens = "input_tokens"
        case outputTokens = "output_tokens"
        case inputTokenDetails = "input_token_details"
        case outputTokenDetails = "output_token_details"
    }
}

/// What `response.create` may override for one response.
public struct RealtimeResponseCreateParameters: Codable, Sendable, Equatable {
    public var outputModalities: [String]?
    public var instructions: String?
    public var audio: RealtimeAudioConfiguration?
    public var tools: [RealtimeTool]?
    public var toolChoice: RealtimeToolChoice?
    public var maxOutputTokens: RealtimeMaxTokens?
    /// `auto` (the default conversation) or `none` (an out-of-band response).
    public var conversation: String?
    public var metadata: [String: String]?
    /// The input of an out-of-band response, instead of the conversation.
    public var input: [RealtimeConversationItem]?

    public init(
        outputModalities: [String]? = nil, instructions: String? = nil, audio: RealtimeAudioConfiguration? = nil,
        tools: [RealtimeTool]? = nil, toolChoice: RealtimeToolChoice? = nil, maxOutputTokens: RealtimeMaxTokens? = nil,
        conversation: String? = nil, metadata: [String: String]? = nil, input: [RealtimeConversationItem]? = nil
    ) {
        self.outputModalities = outputModalities
        self.instructions = instructions
        self.audio = audio
        self.tools = tools
        self.toolChoice = toolChoice
        self.maxOutputTokens = maxOutputTokens
        self.conversation = conversation
        self.metadata = metadata
        self.input = input
    }

    enum CodingKeys: String, CodingKey {
        case instructions, audio, tools, conversation, metadata, input
        case outputModalities = "output_modalities"
        case toolChoice = "tool_choice"
        case maxOutputTokens = "max_output_tokens"
    }
}
