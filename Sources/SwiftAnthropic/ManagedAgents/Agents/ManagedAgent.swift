import AICore
import Foundation

/// A Managed Agents agent: a reusable definition — model, system prompt, tools, MCP servers, skills — that
/// sessions run. Every change makes a new ``version``; sessions can pin one.
public struct ManagedAgent: Codable, Sendable, Hashable, Identifiable {
    /// The agent's id (`agent_…`).
    public let id: String
    /// `agent`.
    public let type: String
    /// Human-readable name.
    public let name: String
    /// What the agent does; nil when unset.
    public let description: String?
    /// The system prompt; nil when unset.
    public let system: String?
    /// The model and its configuration (effort, speed, region), resolved by the API.
    public let model: ManagedAgentModelConfig
    /// The tools the agent can use.
    public let tools: [ManagedAgentTool]
    /// The MCP servers the agent connects to.
    public let mcpServers: [ManagedAgentMCPServer]
    /// The skills loaded in the agent's container, with their resolved versions.
    public let skills: [ManagedAgentSkill]
    /// Key-value pairs for the app's own use.
    public let metadata: [String: String]
    /// Who the agent's runs act as; the API always answers one (`service_account` by default).
    public let executionIdentity: ManagedAgentExecutionIdentity?
    /// The multiagent orchestration (a coordinator with its roster, or `multiagent_20261001`), as JSON; nil when
    /// the agent is single-threaded.
    public let multiagent: JSONValue?
    /// The current version: 1 at creation, one more after each change.
    public let version: Int
    /// When the agent was created (RFC 3339).
    public let createdAt: String
    /// When it last changed (RFC 3339).
    public let updatedAt: String
    /// When it was archived (RFC 3339); nil while it is active.
    public let archivedAt: String?
    /// Fields of the answer this version of the library doesn't model.
    public let additionalFields: [String: JSONValue]

    /// Whether the agent is archived (it can no longer be changed or start sessions).
    public var isArchived: Bool { archivedAt != nil }

    enum CodingKeys: String, CodingKey, CaseIterable {
        case id, type, name, description, system, model, tools, skills, metadata, multiagent, version
        case mcpServers = "mcp_servers"
        case executionIdentity = "execution_identity"
        case createdAt = "created_at"
        case updatedAt = "updated_at"
        case archivedAt = "archived_at"
    }

    /// Reads an agent, keeping the fields the library doesn't model.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decode(String.self, forKey: .id)
        type = try container.decodeIfPresent(String.self, forKey: .type) ?? "agent"
        name = try container.decode(String.self, forKey: .name)
        description = try container.decodeIfPresent(String.self, forKey: .description)
        system = try container.decodeIfPresent(String.self, forKey: .system)
        model = try container.decode(ManagedAgentModelConfig.self, forKey: .model)
        tools = try container.decodeIfPresent([ManagedAgentTool].self, forKey: .tools) ?? []
        mcpServers = try container.decodeIfPresent([ManagedAgentMCPServer].self, forKey: .mcpServers) ?? []
        skills = try container.decodeIfPresent([ManagedAgentSkill].self, forKey: .skills) ?? []
        metadata = try container.decodeIfPresent([String: String].self, forKey: .metadata) ?? [:]
        executionIdentity = try container.decodeIfPresent(ManagedAgentExecutionIdentity.self, forKey: .executionIdentity)
        multiagent = try container.decodeIfPresent(JSONValue.self, forKey: .multiagent).flatMap { $0 == .null ? nil : $0 }
        version = try container.decode(Int.self, forKey: .version)
        createdAt = try container.decode(String.self, forKey: .createdAt)
        updatedAt = try container.decode(String.self, forKey: .updatedAt)
        archivedAt = try container.decodeIfPresent(String.self, forKey: .archivedAt)
        additionalFields = try AdditionalFields.additional(in: decoder, known: CodingKeys.allCases.map(\.rawValue))
    }

    /// Writes the agent as the API answers it, with the fields it kept.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode(type, forKey: .type)
        try container.encode(name, forKey: .name)
        try container.encode(description, forKey: .description)
        try container.encode(system, forKey: .system)
        try container.encode(model, forKey: .model)
        try container.encode(tools, forKey: .tools)
        try container.encode(mcpServers, forKey: .mcpServers)
        try container.encode(skills, forKey: .skills)
        try container.encode(metadata, forKey: .metadata)
        try container.encodeIfPresent(executionIdentity, forKey: .executionIdentity)
        try container.encode(multiagent ?? .null, forKey: .multiagent)
        try container.encode(version, forKey: .version)
        try container.encode(createdAt, forKey: .createdAt)
        try container.encode(updatedAt, forKey: .updatedAt)
        try container.encode(archivedAt, forKey: .archivedAt)
        try AdditionalFields.encode(additionalFields, to: encoder)
    }
}
