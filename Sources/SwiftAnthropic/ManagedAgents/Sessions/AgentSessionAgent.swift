import AICore
import Foundation

/// The agent a session (or a thread) runs, as it was resolved when the session started: its model, system prompt,
/// tools, MCP servers and skills.
///
/// Threads may also run an advisor or an inline agent (`type` says which); their fields are the same or absent.
public struct AgentSessionAgent: Codable, Sendable {
    /// The agent's id (`agent_…`).
    public let id: String
    /// `agent` for a stored agent; other kinds for a thread's advisor or inline agent.
    public let type: String
    /// The agent's name.
    public let name: String?
    /// The agent version the session pinned.
    public let version: Int?
    /// The agent's description.
    public let description: String?
    /// The agent's system prompt.
    public let system: String?
    /// The model configuration (`{"id": "claude-…", "speed": …, "effort": …}`).
    public let model: JSONValue?
    /// The tools the agent can call: toolsets, MCP toolsets and custom tools, as the API describes them.
    public let tools: [JSONValue]
    /// The MCP servers the agent connects to.
    public let mcpServers: [JSONValue]
    /// The skills the agent loads.
    public let skills: [JSONValue]
    /// Fields this version of the library does not model (execution identity, multiagent settings…), as sent.
    public let additionalFields: [String: JSONValue]

    /// The model's id, e.g. `claude-sonnet-4-5`.
    public var modelID: String? { model?["id"]?.stringValue ?? model?.stringValue }

    /// An agent snapshot, e.g. for a test double.
    public init(
        id: String, type: String = "agent", name: String? = nil, version: Int? = nil, description: String? = nil,
        system: String? = nil, model: JSONValue? = nil, tools: [JSONValue] = [], mcpServers: [JSONValue] = [],
        skills: [JSONValue] = [], additionalFields: [String: JSONValue] = [:]
    ) {
        self.id = id
        self.type = type
        self.name = name
        self.version = version
        self.description = description
        self.system = system
        self.model = model
        self.tools = tools
        self.mcpServers = mcpServers
        self.skills = skills
        self.additionalFields = additionalFields
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decodeIfPresent(String.self, forKey: .id) ?? ""
        type = try container.decodeIfPresent(String.self, forKey: .type) ?? "agent"
        name = try container.decodeIfPresent(String.self, forKey: .name)
        version = try container.decodeIfPresent(Int.self, forKey: .version)
        description = try container.decodeIfPresent(String.self, forKey: .description)
        system = try container.decodeIfPresent(String.self, forKey: .system)
        model = try container.decodeIfPresent(JSONValue.self, forKey: .model)
        tools = try container.decodeIfPresent([JSONValue].self, forKey: .tools) ?? []
        mcpServers = try container.decodeIfPresent([JSONValue].self, forKey: .mcpServers) ?? []
        skills = try container.decodeIfPresent([JSONValue].self, forKey: .skills) ?? []
        additionalFields = try AdditionalFields.additional(in: decoder, known: CodingKeys.allCases.map(\.rawValue))
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode(type, forKey: .type)
        try container.encodeIfPresent(name, forKey: .name)
        try container.encodeIfPresent(version, forKey: .version)
        try container.encodeIfPresent(description, forKey: .description)
        try container.encodeIfPresent(system, forKey: .system)
        try container.encodeIfPresent(model, forKey: .model)
        try container.encode(tools, forKey: .tools)
        try container.encode(mcpServers, forKey: .mcpServers)
        try container.encode(skills, forKey: .skills)
        try AdditionalFields.encode(additionalFields, to: encoder)
    }

    enum CodingKeys: String, CodingKey, CaseIterable {
        case id, type, name, version, description, system, model, tools, skills
        case mcpServers = "mcp_servers"
    }
}
