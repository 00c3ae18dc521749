import AICore
import Foundation

/// One server-sent event of a [streamed message](https://docs.anthropic.com/en/api/messages-streaming).
///
/// The flat fields (`type`, `index`, `delta`, …) mirror the wire; ``event`` is a typed view of the same event.
public struct MessageStreamResponse: Codable, Sendable {
    /// The event type, e.g. `content_block_delta`.
    public let type: String
    /// The content block index, for block events.
    public let index: Int?
    /// The block that starts, for `content_block_start`.
    public let contentBlock: ContentBlock?
    /// The message as it starts, for `message_start`.
    public let message: MessageResponse?
    /// The change, for `content_block_delta` and `message_delta`.
    public let delta: Delta?
    /// Cumulative usage, for `message_delta`.
    public let usage: MessageResponse.Usage?
    /// The error, for `error` events (which the stream also throws).
    public let error: ErrorDetail?

    enum CodingKeys: String, CodingKey {
        case type, index, message, delta, usage, error
        case contentBlock = "content_block"
    }

    /// A change to a block or to the message.
    public struct Delta: Codable, Sendable {
        /// `text_delta`, `input_json_delta`, `citations_delta`, `thinking_delta`, `signature_delta`; nil in `message_delta`.
        public let type: String?
        public let text: String?
        /// A fragment of a tool's input JSON.
        public let partialJson: String?
        public let stopReason: String?
        public let stopSequence: String?
        /// A fragment of thinking.
        public let thinking: String?
        /// The signature of a thinking block.
        public let signature: String?
        /// A citation added to the current text block.
        public let citation: MessageResponse.Citation?

        enum CodingKeys: String, CodingKey {
            case type, text, thinking, signature, citation
            case partialJson = "partial_json"
            case stopReason = "stop_reason"
            case stopSequence = "stop_sequence"
        }
    }

    /// The block a `content_block_start` opens.
    public struct ContentBlock: Codable, Sendable {
        /// `text`, `tool_use`, `thinking`, `redacted_thinking`, `server_tool_use`, `*_tool_result`, …
        public let type: String
        public let text: String?
        public let input: [String: MessageResponse.Content.DynamicContent]?
        public let name: String?
        public let id: String?
        public let thinking: String?
        public let signature: String?
        public let data: String?
        public let citations: [MessageResponse.Citation]?
        /// For server tool results: the call they answer and their content.
        public let toolUseID: String?
        public let content: JSONValue?

        enum CodingKeys: String, CodingKey {
            case type, text, input, name, id, thinking, signature, data, citations, content
            case toolUseID = "tool_use_id"
        }

        /// The tool call this block starts, for `tool_use` blocks.
        public var toolUse: MessageResponse.Content.ToolUse? {
            guard let name, let id else { return nil }
            return .init(id: id, name: name, input: input ?? [:])
        }
    }

    /// An error reported inside the stream.
    public struct ErrorDetail: Codable, Sendable {
        /// e.g. `overloaded_error`, `api_error`.
        public let type: String
        public let message: String
    }

    /// The event types, by the names SwiftAnthropic has always used.
    public enum StreamEvent: String, Sendable {
        case contentBlockStart = "content_block_start"
        case contentBlockDelta = "content_block_delta"
        case contentBlockStop = "content_block_stop"
        case messageStart = "message_start"
        case messageDelta = "message_delta"
        case messageStop = "message_stop"
        case ping
        case error
    }

    /// The typed view of this event.
    public var event: MessageStreamEvent {
        switch type {
        case "message_start":
            if let message { return .messageStart(message) }
        case "content_block_start":
            if let index, let contentBlock { return .contentBlockStart(index: index, block: contentBlock) }
        case "content_block_delta":
            if let index, let delta { return .contentBlockDelta(index: index, delta: ContentDelta(delta)) }
        case "content_block_stop":
            if let index { return .contentBlockStop(index: index) }
        case "message_delta":
            return .messageDelta(stopReason: delta?.stopReason, stopSequence: delta?.stopSequence, usage: usage)
        case "message_stop":
            return .messageStop
        case "ping":
            return .ping
        case "error":
            return .error(type: error?.type ?? "error", message: error?.message ?? "")
        default:
            break
        }
        return .unknown(type: type)
    }
}

/// A typed stream event.
public enum MessageStreamEvent: Sendable {
    case messageStart(MessageResponse)
    case contentBlockStart(index: Int, block: MessageStreamResponse.ContentBlock)
    case contentBlockDelta(index: Int, delta: ContentDelta)
    case contentBlockStop(index: Int)
    case messageDelta(stopReason: String?, stopSequence: String?, usage: MessageResponse.Usage?)
    case messageStop
    case ping
    case error(type: String, message: String)
    /// An event type this library does not know yet; the stream goes on.
    case unknown(type: String)
}

/// A typed content-block delta.
public enum ContentDelta: Sendable {
    case text(String)
    case inputJSON(String)
    case citation(MessageResponse.Citation)
    case thinking(String)
    case signature(String)
    case unknown(type: String)

    init(_ delta: MessageStreamResponse.Delta) {
        switch delta.type {
        case "text_delta": self = .text(delta.text ?? "")
        case "input_json_delta": self = .inputJSON(delta.partialJson ?? "")
        case "citations_delta":
            if let citation = delta.citation { self = .citation(citation) } else { self = .unknown(type: "citations_delta") }
        case "thinking_delta": self = .thinking(delta.thinking ?? "")
        case "signature_delta": self = .signature(delta.signature ?? "")
        default: self = .unknown(type: delta.type ?? "")
        }
    }
}
