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
    /// The change, for `content_block_delta` and `message_delta`.
    public let delta: Delta?
    /// The fields only a few events have, kept in one shared box so that an event — copied into a batch and out to
    /// the loop that reads it — is a third of the size (a `content_block_delta` has none of them).
    private let rare: Rare?

    /// The block that starts, for `content_block_start`.
    public var contentBlock: ContentBlock? { rare?.contentBlock }
    /// The message as it starts, for `message_start`.
    public var message: MessageResponse? { rare?.message }
    /// Cumulative usage, for `message_delta`.
    public var usage: MessageResponse.Usage? { rare?.usage }
    /// The error, for `error` events (which the stream also throws).
    public var error: ErrorDetail? { rare?.error }
    /// What context management applied, for `message_delta` (beta).
    public var contextManagement: MessageResponse.ContextManagement? { rare?.contextManagement }

    private final class Rare: Sendable {
        let contentBlock: ContentBlock?
        let message: MessageResponse?
        let usage: MessageResponse.Usage?
        let error: ErrorDetail?
        let contextManagement: MessageResponse.ContextManagement?

        init(
            contentBlock: ContentBlock?, message: MessageResponse?, usage: MessageResponse.Usage?, error: ErrorDetail?,
            contextManagement: MessageResponse.ContextManagement?
        ) {
            self.contentBlock = contentBlock
            self.message = message
            self.usage = usage
            self.error = error
            self.contextManagement = contextManagement
        }
    }

    init(
        type: String, index: Int?, contentBlock: ContentBlock?, message: MessageResponse?, delta: Delta?,
        usage: MessageResponse.Usage?, error: ErrorDetail?, contextManagement: MessageResponse.ContextManagement?
    ) {
        self.type = type
        self.index = index
        self.delta = delta
        if contentBlock == nil, message == nil, usage == nil, error == nil, contextManagement == nil {
            rare = nil
        } else {
            rare = Rare(contentBlock: contentBlock, message: message, usage: usage, error: error, contextManagement: contextManagement)
        }
    }

    enum CodingKeys: String, CodingKey {
        case type, index, message, delta, usage, error
        case contentBlock = "content_block"
        case contextManagement = "context_management"
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            type: try c.decode(String.self, forKey: .type),
            index: try c.decodeIfPresent(Int.self, forKey: .index),
            contentBlock: try c.decodeIfPresent(ContentBlock.self, forKey: .contentBlock),
            message: try c.decodeIfPresent(MessageResponse.self, forKey: .message),
            delta: try c.decodeIfPresent(Delta.self, forKey: .delta),
            usage: try c.decodeIfPresent(MessageResponse.Usage.self, forKey: .usage),
            error: try c.decodeIfPresent(ErrorDetail.self, forKey: .error),
            contextManagement: try c.decodeIfPresent(MessageResponse.ContextManagement.self, forKey: .contextManagement))
    }

    /// The wire's fields, in the wire's order.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(type, forKey: .type)
        try c.encodeIfPresent(index, forKey: .index)
        try c.encodeIfPresent(contentBlock, forKey: .contentBlock)
        try c.encodeIfPresent(message, forKey: .message)
        try c.encodeIfPresent(delta, forKey: .delta)
        try c.encodeIfPresent(usage, forKey: .usage)
        try c.encodeIfPresent(error, forKey: .error)
        try c.encodeIfPresent(contextManagement, forKey: .contextManagement)
    }

    /// A change to a block or to the message.
    public struct Delta: Codable, Sendable {
        /// `text_delta`, `input_json_delta`, `citations_delta`, `thinking_delta`, `signature_delta`,
        /// `compaction_delta`; nil in `message_delta`.
        public let type: String?
        /// A fragment of text.
        public let text: String?
        /// A fragment of a tool's input JSON.
        public let partialJson: String?
        /// A fragment of thinking.
        public let thinking: String?
        /// The signature of a thinking block.
        public let signature: String?
        /// The fields of the rarer deltas (`message_delta`, citations, compaction, unknown types), in one shared box
        /// so that the fragments a stream is made of are small values.
        private let rare: Rare?

        /// Why the model stopped, in `message_delta`.
        public var stopReason: String? { rare?.stopReason }
        /// The custom stop sequence that was hit, in `message_delta`.
        public var stopSequence: String? { rare?.stopSequence }
        /// A citation added to the current text block.
        public var citation: MessageResponse.Citation? { rare?.citation }
        /// The summary of a compaction block (`compaction_delta`).
        public var content: String? { rare?.content }
        /// The encrypted summary of a compaction block (`compaction_delta`).
        public var encryptedContent: String? { rare?.encryptedContent }
        /// The container the request used, in `message_delta`.
        public var container: MessageResponse.Container? { rare?.container }
        /// More about why the model stopped, in `message_delta`.
        public var stopDetails: MessageResponse.StopDetails? { rare?.stopDetails }
        /// The whole delta as JSON, for delta types this library does not know (nil for known ones).
        public var raw: JSONValue? { rare?.raw }

        private final class Rare: Sendable {
            let stopReason: String?
            let stopSequence: String?
            let citation: MessageResponse.Citation?
            let content: String?
            let encryptedContent: String?
            let container: MessageResponse.Container?
            let stopDetails: MessageResponse.StopDetails?
            let raw: JSONValue?

            init(
                stopReason: String?, stopSequence: String?, citation: MessageResponse.Citation?, content: String?,
                encryptedContent: String?, container: MessageResponse.Container?, stopDetails: MessageResponse.StopDetails?,
                raw: JSONValue?
            ) {
                self.stopReason = stopReason
                self.stopSequence = stopSequence
                self.citation = citation
                self.content = content
                self.encryptedContent = encryptedContent
                self.container = container
                self.stopDetails = stopDetails
                self.raw = raw
            }
        }

        /// A fragment delta: a text, tool-input, thinking or signature fragment, nothing else.
        init(type: String, text: String?, partialJson: String?, thinking: String?, signature: String?) {
            self.type = type
            self.text = text
            self.partialJson = partialJson
            self.thinking = thinking
            self.signature = signature
            rare = nil
        }

        private static let known: Set<String> = [
            "text_delta", "input_json_delta", "citations_delta", "thinking_delta", "signature_delta", "compaction_delta",
        ]

        enum CodingKeys: String, CodingKey {
            case type, text, thinking, signature, citation, content, container
            case partialJson = "partial_json"
            case stopReason = "stop_reason"
            case stopSequence = "stop_sequence"
            case encryptedContent = "encrypted_content"
            case stopDetails = "stop_details"
        }

        public init(from decoder: any Decoder) throws {
            let c = try decoder.container(keyedBy: CodingKeys.self)
            let type = try c.decodeIfPresent(String.self, forKey: .type)
            self.type = type
            text = try c.decodeIfPresent(String.self, forKey: .text)
            partialJson = try c.decodeIfPresent(String.self, forKey: .partialJson)
            let stopReason = try c.decodeIfPresent(String.self, forKey: .stopReason)
            let stopSequence = try c.decodeIfPresent(String.self, forKey: .stopSequence)
            thinking = try c.decodeIfPresent(String.self, forKey: .thinking)
            signature = try c.decodeIfPresent(String.self, forKey: .signature)
            let citation = try c.decodeIfPresent(MessageResponse.Citation.self, forKey: .citation)
            let content = try? c.decodeIfPresent(String.self, forKey: .content)
            let encryptedContent = try c.decodeIfPresent(String.self, forKey: .encryptedContent)
            let container = try c.decodeIfPresent(MessageResponse.Container.self, forKey: .container)
            let stopDetails = try c.decodeIfPresent(MessageResponse.StopDetails.self, forKey: .stopDetails)
            // `JSONValue?.none`, not `nil`: JSONValue is itself nil-literal expressible (`.null`).
            let raw = type.map { Self.known.contains($0) } == false ? try JSONValue(from: decoder) : JSONValue?.none
            let hasRare = stopReason != nil || stopSequence != nil || citation != nil || content != nil || encryptedContent != nil
                || container != nil || stopDetails != nil || raw != nil
            rare = hasRare ? Rare(
                stopReason: stopReason, stopSequence: stopSequence, citation: citation, content: content,
                encryptedContent: encryptedContent, container: container, stopDetails: stopDetails, raw: raw) : nil
        }

        public func encode(to encoder: any Encoder) throws {
            if let raw { return try raw.encode(to: encoder) }
            var c = encoder.container(keyedBy: CodingKeys.self)
            try c.encodeIfPresent(type, forKey: .type)
            try c.encodeIfPresent(text, forKey: .text)
            try c.encodeIfPresent(partialJson, forKey: .partialJson)
            try c.encodeIfPresent(thinking, forKey: .thinking)
            try c.encodeIfPresent(signature, forKey: .signature)
            try c.encodeIfPresent(citation, forKey: .citation)
            try c.encodeIfPresent(content, forKey: .content)
            try c.encodeIfPresent(encryptedContent, forKey: .encryptedContent)
            if type == nil {
                try c.encode(stopReason, forKey: .stopReason)
                try c.encode(stopSequence, forKey: .stopSequence)
            }
            try c.encodeIfPresent(container, forKey: .container)
            try c.encodeIfPresent(stopDetails, forKey: .stopDetails)
        }
    }

    /// The block a `content_block_start` opens.
    public struct ContentBlock: Codable, Sendable {
        /// `text`, `tool_use`, `thinking`, `redacted_thinking`, `server_tool_use`, `*_tool_result`, `compaction`, …
        public let type: String
        /// The initial text of a text block.
        public let text: String?
        /// The initial input of a tool call (its JSON follows in `input_json_delta`s).
        public let input: [String: MessageResponse.Content.DynamicContent]?
        /// The tool's name, for tool calls.
        public let name: String?
        /// The call id, for tool calls.
        public let id: String?
        /// The initial thinking of a thinking block.
        public let thinking: String?
        /// The signature of a thinking block.
        public let signature: String?
        /// The data of a redacted thinking block.
        public let data: String?
        /// Citations the text block starts with.
        public let citations: [MessageResponse.Citation]?
        /// For server tool results: the call they answer and their content.
        public let toolUseID: String?
        /// The content of a server tool result (or a compaction block's initial summary).
        public let content: JSONValue?
        /// The whole block as JSON, for every type but text, tool use and thinking: server tool results, compaction
        /// and blocks this library does not know arrive whole (or are completed by their deltas).
        public let raw: JSONValue?

        private static let plain: Set<String> = ["text", "tool_use", "server_tool_use", "thinking", "redacted_thinking"]

        enum CodingKeys: String, CodingKey {
            case type, text, input, name, id, thinking, signature, data, citations, content
            case toolUseID = "tool_use_id"
        }

        public init(from decoder: any Decoder) throws {
            let c = try decoder.container(keyedBy: CodingKeys.self)
            type = try c.decode(String.self, forKey: .type)
            text = try c.decodeIfPresent(String.self, forKey: .text)
            input = try c.decodeIfPresent([String: MessageResponse.Content.DynamicContent].self, forKey: .input)
            name = try c.decodeIfPresent(String.self, forKey: .name)
            id = try c.decodeIfPresent(String.self, forKey: .id)
            thinking = try c.decodeIfPresent(String.self, forKey: .thinking)
            signature = try c.decodeIfPresent(String.self, forKey: .signature)
            data = try c.decodeIfPresent(String.self, forKey: .data)
            citations = try c.decodeIfPresent([MessageResponse.Citation].self, forKey: .citations)
            toolUseID = try c.decodeIfPresent(String.self, forKey: .toolUseID)
            content = try c.decodeIfPresent(JSONValue.self, forKey: .content)
            raw = Self.plain.contains(type) ? JSONValue?.none : try JSONValue(from: decoder)
        }

        public func encode(to encoder: any Encoder) throws {
            if let raw { return try raw.encode(to: encoder) }
            var c = encoder.container(keyedBy: CodingKeys.self)
            try c.encode(type, forKey: .type)
            try c.encodeIfPresent(text, forKey: .text)
            try c.encodeIfPresent(input, forKey: .input)
            try c.encodeIfPresent(name, forKey: .name)
            try c.encodeIfPresent(id, forKey: .id)
            try c.encodeIfPresent(thinking, forKey: .thinking)
            try c.encodeIfPresent(signature, forKey: .signature)
            try c.encodeIfPresent(data, forKey: .data)
            try c.encodeIfPresent(citations, forKey: .citations)
            try c.encodeIfPresent(toolUseID, forKey: .toolUseID)
            try c.encodeIfPresent(content, forKey: .content)
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
    /// The message starts, with its id, model and initial usage.
    case messageStart(MessageResponse)
    /// Block `index` starts; server tool results and compaction blocks arrive whole or nearly so.
    case contentBlockStart(index: Int, block: MessageStreamResponse.ContentBlock)
    /// A change to block `index`.
    case contentBlockDelta(index: Int, delta: ContentDelta)
    /// Block `index` is complete.
    case contentBlockStop(index: Int)
    /// The stop reason and cumulative usage (the container and applied edits are on the event itself).
    case messageDelta(stopReason: String?, stopSequence: String?, usage: MessageResponse.Usage?)
    /// The message is complete.
    case messageStop
    /// Keeps the connection alive.
    case ping
    /// The server reported an error (the stream also throws it).
    case error(type: String, message: String)
    /// An event type this library does not know yet; the stream goes on.
    case unknown(type: String)
}

/// A typed content-block delta.
public enum ContentDelta: Sendable {
    /// A fragment of text.
    case text(String)
    /// A fragment of a tool call's input JSON.
    case inputJSON(String)
    /// A citation for the text block.
    case citation(MessageResponse.Citation)
    /// A fragment of thinking.
    case thinking(String)
    /// The thinking block's signature.
    case signature(String)
    /// A fragment of a compaction block's summary (`compaction_delta`).
    case compaction(content: String?, encryptedContent: String?)
    /// A delta type this library does not know yet; its JSON is in ``MessageStreamResponse/Delta/raw``.
    case unknown(type: String)

    init(_ delta: MessageStreamResponse.Delta) {
        switch delta.type {
        case "text_delta": self = .text(delta.text ?? "")
        case "input_json_delta": self = .inputJSON(delta.partialJson ?? "")
        case "citations_delta":
            if let citation = delta.citation { self = .citation(citation) } else { self = .unknown(type: "citations_delta") }
        case "thinking_delta": self = .thinking(delta.thinking ?? "")
        case "signature_delta": self = .signature(delta.signature ?? "")
        case "compaction_delta": self = .compaction(content: delta.content, encryptedContent: delta.encryptedContent)
        default: self = .unknown(type: delta.type ?? "")
        }
    }
}
