import AICore
import Foundation

/// An event with nothing to say but that it happened: a status change, the agent thinking, a model request
/// starting, the context being compacted, the session being deleted.
public struct AgentSessionMarkerEvent: Codable, Sendable, Equatable {
    /// The event's id (`sevt_…`).
    public let id: String
    /// When the platform processed it (RFC 3339).
    public let processedAt: String?

    /// A marker event, e.g. for a test double.
    public init(id: String, processedAt: String? = nil) {
        self.id = id
        self.processedAt = processedAt
    }

    enum CodingKeys: String, CodingKey {
        case id
        case processedAt = "processed_at"
    }
}

/// A message in the session: from the user (`user.message`), the agent (`agent.message`) or the system
/// (`system.message`).
public struct AgentSessionMessageEvent: Codable, Sendable, Equatable {
    /// The event's id.
    public let id: String
    /// The message's blocks.
    public let content: [AgentSessionContentBlock]
    /// When the platform processed it (RFC 3339); nil for a user message not processed yet.
    public let processedAt: String?

    /// The text of the message's text blocks, joined.
    public var text: String { content.compactMap(\.text).joined() }

    /// A message event, e.g. for a test double.
    public init(id: String, content: [AgentSessionContentBlock], processedAt: String? = nil) {
        self.id = id
        self.content = content
        self.processedAt = processedAt
    }

    enum CodingKeys: String, CodingKey {
        case id, content
        case processedAt = "processed_at"
    }
}

/// A message passed between threads of a multi-agent session: received from (`agent.thread_message_received`) or
/// sent to (`agent.thread_message_sent`) another thread.
public struct AgentSessionThreadMessageEvent: Codable, Sendable, Equatable {
    /// The event's id.
    public let id: String
    /// The message's blocks.
    public let content: [AgentSessionContentBlock]
    /// The other thread: the sender of a received message, the recipient of a sent one.
    public let otherThreadID: String
    /// The other thread's agent name, when known.
    public let otherAgentName: String?
    /// Whether the message was received from the other thread (else sent to it).
    public let isReceived: Bool
    /// When the platform processed it (RFC 3339).
    public let processedAt: String?

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: AnyCodingKey.self)
        id = try container.decode(String.self, forKey: AnyCodingKey("id"))
        content = try container.decodeIfPresent([AgentSessionContentBlock].self, forKey: AnyCodingKey("content")) ?? []
        processedAt = try container.decodeIfPresent(String.self, forKey: AnyCodingKey("processed_at"))
        isReceived = container.contains(AnyCodingKey("from_session_thread_id"))
        let prefix = isReceived ? "from_" : "to_"
        otherThreadID = try container.decodeIfPresent(String.self, forKey: AnyCodingKey(prefix + "session_thread_id")) ?? ""
        otherAgentName = try container.decodeIfPresent(String.self, forKey: AnyCodingKey(prefix + "agent_name"))
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: AnyCodingKey.self)
        let prefix = isReceived ? "from_" : "to_"
        try container.encode(id, forKey: AnyCodingKey("id"))
        try container.encode(content, forKey: AnyCodingKey("content"))
        try container.encode(otherThreadID, forKey: AnyCodingKey(prefix + "session_thread_id"))
        try container.encodeIfPresent(otherAgentName, forKey: AnyCodingKey(prefix + "agent_name"))
        try container.encodeIfPresent(processedAt, forKey: AnyCodingKey("processed_at"))
    }
}

/// The user interrupted the agent (`user.interrupt`), in the whole session or one thread.
public struct AgentSessionInterruptEvent: Codable, Sendable, Equatable {
    /// The event's id.
    public let id: String
    /// The thread interrupted; nil for the primary thread.
    public let sessionThreadID: String?
    /// When the platform processed it (RFC 3339).
    public let processedAt: String?

    enum CodingKeys: String, CodingKey {
        case id
        case sessionThreadID = "session_thread_id"
        case processedAt = "processed_at"
    }
}

/// The user allowed or denied a tool call the agent asked about (`user.tool_confirmation`).
public struct AgentSessionToolConfirmationEvent: Codable, Sendable, Equatable {
    /// The event's id.
    public let id: String
    /// The `agent.tool_use` or `agent.mcp_tool_use` event answered.
    public let toolUseID: String
    /// `allow` or `deny`.
    public let result: String
    /// Why the call was denied, for the agent.
    public let denyMessage: String?
    /// The thread the call was made in; nil for the primary thread.
    public let sessionThreadID: String?
    /// When the platform processed it (RFC 3339).
    public let processedAt: String?

    enum CodingKeys: String, CodingKey {
        case id, result
        case toolUseID = "tool_use_id"
        case denyMessage = "deny_message"
        case sessionThreadID = "session_thread_id"
        case processedAt = "processed_at"
    }
}

/// The user defined an outcome the session works toward, with a rubric to judge it (`user.define_outcome`).
public struct AgentSessionOutcomeDefinitionEvent: Codable, Sendable, Equatable {
    /// The event's id.
    public let id: String
    /// The outcome's id, which evaluations refer to.
    public let outcomeID: String
    /// What the outcome is.
    public let description: String
    /// How the outcome is judged (`{"type": "text", "content": …}` or `{"type": "file", "file_id": …}`).
    public let rubric: JSONValue
    /// How many evaluation rounds may run.
    public let maxIterations: Int?
    /// When the platform processed it (RFC 3339).
    public let processedAt: String?

    enum CodingKeys: String, CodingKey {
        case id, description, rubric
        case outcomeID = "outcome_id"
        case maxIterations = "max_iterations"
        case processedAt = "processed_at"
    }
}
