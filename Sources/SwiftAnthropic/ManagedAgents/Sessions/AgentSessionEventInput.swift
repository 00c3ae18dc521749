import AICore
import Foundation

/// An event you send to a session: a message, an interrupt, a tool confirmation or result, an outcome to work
/// toward, a system message.
///
/// ```swift
/// try await service.sendSessionEvents(sessionID: session.id, events: [.userMessage("Summarize the README")])
/// ```
public enum AgentSessionEventInput: Encodable, Sendable {
    /// `user.message`: a message for the agent.
    case userMessage([AgentSessionContentBlock])
    /// `user.interrupt`: stop the agent, in the primary thread or the given one.
    case userInterrupt(sessionThreadID: String? = nil)
    /// `user.tool_confirmation`: allow or deny a tool call the agent asked about (`evaluated_permission` `ask`).
    case userToolConfirmation(toolUseID: String, allow: Bool, denyMessage: String? = nil)
    /// `user.custom_tool_result`: your custom tool's result for an `agent.custom_tool_use` event.
    case userCustomToolResult(customToolUseID: String, content: [AgentSessionContentBlock], isError: Bool? = nil)
    /// `user.tool_result`: the result of a tool you ran for an `agent.tool_use` event.
    case userToolResult(toolUseID: String, content: [AgentSessionContentBlock], isError: Bool? = nil)
    /// `user.define_outcome`: an outcome the session works toward, judged by `rubric`
    /// (`{"type": "text", "content": …}` or `{"type": "file", "file_id": …}`).
    case userDefineOutcome(description: String, rubric: JSONValue, maxIterations: Int? = nil)
    /// `system.message`: system-level context, as text blocks.
    case systemMessage([String])

    /// `user.message` with one text block.
    public static func userMessage(_ text: String) -> Self { .userMessage([.text(text)]) }

    /// The event's type as the API spells it.
    public var type: String {
        switch self {
        case .userMessage: "user.message"
        case .userInterrupt: "user.interrupt"
        case .userToolConfirmation: "user.tool_confirmation"
        case .userCustomToolResult: "user.custom_tool_result"
        case .userToolResult: "user.tool_result"
        case .userDefineOutcome: "user.define_outcome"
        case .systemMessage: "system.message"
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: AnyCodingKey.self)
        try container.encode(type, forKey: AnyCodingKey("type"))
        switch self {
        case .userMessage(let content):
            try container.encode(content, forKey: AnyCodingKey("content"))
        case .userInterrupt(let threadID):
            try container.encodeIfPresent(threadID, forKey: AnyCodingKey("session_thread_id"))
        case .userToolConfirmation(let toolUseID, let allow, let denyMessage):
            try container.encode(toolUseID, forKey: AnyCodingKey("tool_use_id"))
            try container.encode(allow ? "allow" : "deny", forKey: AnyCodingKey("result"))
            try container.encodeIfPresent(denyMessage, forKey: AnyCodingKey("deny_message"))
        case .userCustomToolResult(let id, let content, let isError):
            try container.encode(id, forKey: AnyCodingKey("custom_tool_use_id"))
            try container.encode(content, forKey: AnyCodingKey("content"))
            try container.encodeIfPresent(isError, forKey: AnyCodingKey("is_error"))
        case .userToolResult(let id, let content, let isError):
            try container.encode(id, forKey: AnyCodingKey("tool_use_id"))
            try container.encode(content, forKey: AnyCodingKey("content"))
            try container.encodeIfPresent(isError, forKey: AnyCodingKey("is_error"))
        case .userDefineOutcome(let description, let rubric, let maxIterations):
            try container.encode(description, forKey: AnyCodingKey("description"))
            try container.encode(rubric, forKey: AnyCodingKey("rubric"))
            try container.encodeIfPresent(maxIterations, forKey: AnyCodingKey("max_iterations"))
        case .systemMessage(let texts):
            let blocks: [JSONValue] = texts.map { ["type": "text", "text": .string($0)] }
            try container.encode(blocks, forKey: AnyCodingKey("content"))
        }
    }
}

/// The answer to sending events: the events as the session recorded them (with their ids).
public struct SentAgentSessionEvents: Codable, Sendable {
    /// The recorded events, in the order sent.
    public let data: [AgentSessionEvent]

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        data = try container.decodeIfPresent([AgentSessionEvent].self, forKey: .data) ?? []
    }

    enum CodingKeys: String, CodingKey {
        case data
    }
}
