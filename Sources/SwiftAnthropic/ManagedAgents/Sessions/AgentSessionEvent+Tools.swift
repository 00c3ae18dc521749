import AICore
import Foundation

/// The agent called a tool: a built-in toolset tool (`agent.tool_use`), an MCP server's tool (`agent.mcp_tool_use`)
/// or one of your custom tools (`agent.custom_tool_use`, answered with a `user.custom_tool_result`).
public struct AgentSessionToolUseEvent: Codable, Sendable, Equatable {
    /// The event's id, which the result (or your confirmation) refers to.
    public let id: String
    /// The tool's name.
    public let name: String
    /// The call's arguments.
    public let input: JSONValue
    /// The MCP server the tool belongs to (MCP tool calls only).
    public let mcpServerName: String?
    /// What the permission policy decided: `allow`, `ask` (a `user.tool_confirmation` is awaited) or `deny`.
    public let evaluatedPermission: String?
    /// How the permission was evaluated (`always_allow`, `always_ask`, `auto`…), as the API describes it.
    public let evaluation: JSONValue?
    /// The thread the call was made in; nil for the primary thread.
    public let sessionThreadID: String?
    /// When the platform processed it (RFC 3339).
    public let processedAt: String?

    /// A tool call, e.g. for a test double.
    public init(
        id: String, name: String, input: JSONValue = [:], mcpServerName: String? = nil, evaluatedPermission: String? = nil,
        evaluation: JSONValue? = nil, sessionThreadID: String? = nil, processedAt: String? = nil
    ) {
        self.id = id
        self.name = name
        self.input = input
        self.mcpServerName = mcpServerName
        self.evaluatedPermission = evaluatedPermission
        self.evaluation = evaluation
        self.sessionThreadID = sessionThreadID
        self.processedAt = processedAt
    }

    enum CodingKeys: String, CodingKey {
        case id, name, input, evaluation
        case mcpServerName = "mcp_server_name"
        case evaluatedPermission = "evaluated_permission"
        case sessionThreadID = "session_thread_id"
        case processedAt = "processed_at"
    }
}

/// A tool's result: from a built-in tool (`agent.tool_result`), an MCP tool (`agent.mcp_tool_result`), or sent by
/// you for a custom tool (`user.custom_tool_result`) or a tool you run (`user.tool_result`).
public struct AgentSessionToolResultEvent: Codable, Sendable, Equatable {
    /// The event's id.
    public let id: String
    /// The tool-use event this answers.
    public let toolUseID: String
    /// The result's blocks.
    public let content: [AgentSessionContentBlock]?
    /// Whether the tool failed.
    public let isError: Bool?
    /// The thread the call was made in; nil for the primary thread.
    public let sessionThreadID: String?
    /// When the platform processed it (RFC 3339).
    public let processedAt: String?
    /// The wire name of ``toolUseID``, which differs by event type.
    let toolUseKey: String

    /// The text of the result's text blocks, joined.
    public var text: String { (content ?? []).compactMap(\.text).joined() }

    /// The keys a result may name its tool use by: built-in, MCP, custom.
    static let toolUseKeys = ["tool_use_id", "mcp_tool_use_id", "custom_tool_use_id"]

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: AnyCodingKey.self)
        id = try container.decode(String.self, forKey: AnyCodingKey("id"))
        toolUseKey = Self.toolUseKeys.first { container.contains(AnyCodingKey($0)) } ?? "tool_use_id"
        toolUseID = try container.decodeIfPresent(String.self, forKey: AnyCodingKey(toolUseKey)) ?? ""
        content = try container.decodeIfPresent([AgentSessionContentBlock].self, forKey: AnyCodingKey("content"))
        isError = try container.decodeIfPresent(Bool.self, forKey: AnyCodingKey("is_error"))
        sessionThreadID = try container.decodeIfPresent(String.self, forKey: AnyCodingKey("session_thread_id"))
        processedAt = try container.decodeIfPresent(String.self, forKey: AnyCodingKey("processed_at"))
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: AnyCodingKey.self)
        try container.encode(id, forKey: AnyCodingKey("id"))
        try container.encode(toolUseID, forKey: AnyCodingKey(toolUseKey))
        try container.encodeIfPresent(content, forKey: AnyCodingKey("content"))
        try container.encodeIfPresent(isError, forKey: AnyCodingKey("is_error"))
        try container.encodeIfPresent(sessionThreadID, forKey: AnyCodingKey("session_thread_id"))
        try container.encodeIfPresent(processedAt, forKey: AnyCodingKey("processed_at"))
    }
}
