import AICore
import Foundation

/// What an agent is made of, for ``AnthropicAgentsService/createAgent(_:options:)``.
public struct ManagedAgentParameter: Encodable, Sendable {
    /// Human-readable name.
    public var name: String
    /// The model, as an id (`"claude-opus-4-5"`) or with effort, speed and region.
    public var model: ManagedAgentModelConfig
    /// What the agent does.
    public var description: String?
    /// The system prompt.
    public var system: String?
    /// The tools (at most 256 across all toolsets).
    public var tools: [ManagedAgentTool]?
    /// MCP servers (at most 20, unique names); each must be used by an ``ManagedAgentTool/mcpToolset(_:)``.
    public var mcpServers: [ManagedAgentMCPServer]?
    /// Skills loaded in the container.
    public var skills: [ManagedAgentSkill]?
    /// Key-value pairs for the app (at most 16; keys up to 64 characters, values up to 512).
    public var metadata: [String: String]?
    /// Who runs act as; nil stores the default service account.
    public var executionIdentity: ManagedAgentExecutionIdentity?
    /// Multiagent orchestration, as JSON (e.g. `{"type": "coordinator", "agents": ["agent_…"]}`).
    public var multiagent: JSONValue?

    /// An agent definition.
    public init(
        name: String, model: ManagedAgentModelConfig, description: String? = nil, system: String? = nil,
        tools: [ManagedAgentTool]? = nil, mcpServers: [ManagedAgentMCPServer]? = nil, skills: [ManagedAgentSkill]? = nil,
        metadata: [String: String]? = nil, executionIdentity: ManagedAgentExecutionIdentity? = nil, multiagent: JSONValue? = nil
    ) {
        self.name = name
        self.model = model
        self.description = description
        self.system = system
        self.tools = tools
        self.mcpServers = mcpServers
        self.skills = skills
        self.metadata = metadata
        self.executionIdentity = executionIdentity
        self.multiagent = multiagent
    }

    enum CodingKeys: String, CodingKey {
        case name, model, description, system, tools, skills, metadata, multiagent
        case mcpServers = "mcp_servers"
        case executionIdentity = "execution_identity"
    }
}

/// A change to an agent, for ``AnthropicAgentsService/updateAgent(id:_:options:)``: fields left nil keep their
/// value; lists sent replace the stored ones whole (an empty list clears); an empty `description` or `system`
/// clears it. A change makes the agent's next version.
public struct ManagedAgentUpdateParameter: Encodable, Sendable {
    /// The version the change is based on: when set, the API refuses the update (409, `conflict`) if the agent
    /// has changed since — read it from a create or retrieve.
    public var version: Int?
    /// A new name (it can't be cleared).
    public var name: String?
    /// A new model (it can't be cleared; the whole config is replaced).
    public var model: ManagedAgentModelConfig?
    /// A new description; `""` clears it.
    public var description: String?
    /// A new system prompt; `""` clears it.
    public var system: String?
    /// The new tools, replacing all; `[]` clears them.
    public var tools: [ManagedAgentTool]?
    /// The new MCP servers, replacing all; `[]` clears them.
    public var mcpServers: [ManagedAgentMCPServer]?
    /// The new skills, replacing all; `[]` clears them.
    public var skills: [ManagedAgentSkill]?
    /// A metadata patch: a value upserts its key, a nil value removes it, keys not named stay.
    public var metadata: [String: String?]?
    /// A new execution identity (``ManagedAgentExecutionIdentity/serviceAccount`` restores the default).
    public var executionIdentity: ManagedAgentExecutionIdentity?
    /// New multiagent orchestration, replacing it whole; `.null` clears it.
    public var multiagent: JSONValue?

    /// A change; nil fields stay as they are.
    public init(
        version: Int? = nil, name: String? = nil, model: ManagedAgentModelConfig? = nil, description: String? = nil,
        system: String? = nil, tools: [ManagedAgentTool]? = nil, mcpServers: [ManagedAgentMCPServer]? = nil,
        skills: [ManagedAgentSkill]? = nil, metadata: [String: String?]? = nil, executionIdentity: ManagedAgentExecutionIdentity? = nil,
        multiagent: JSONValue? = nil
    ) {
        self.version = version
        self.name = name
        self.model = model
        self.description = description
        self.system = system
        self.tools = tools
        self.mcpServers = mcpServers
        self.skills = skills
        self.metadata = metadata
        self.executionIdentity = executionIdentity
        self.multiagent = multiagent
    }

    enum CodingKeys: String, CodingKey {
        case version, name, model, description, system, tools, skills, metadata, multiagent
        case mcpServers = "mcp_servers"
        case executionIdentity = "execution_identity"
    }
}
