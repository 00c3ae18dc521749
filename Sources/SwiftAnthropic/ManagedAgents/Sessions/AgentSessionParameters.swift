import AICore
import Foundation

/// The body of [Create a session](https://docs.anthropic.com/en/api/sessions): which agent works in which
/// environment, with what mounted and what to start with.
public struct AgentSessionParameters: Encodable, Sendable {
    /// The agent to run: its latest version, a pinned version, or a version with overrides.
    public var agent: AgentReference
    /// The environment (`env_…`) whose container the agent works in.
    public var environmentID: String
    /// A spend ceiling; nil for an uncapped session.
    public var budget: AgentSessionBudget?
    /// Events processed right after creation, in order: `user.message` and `user.define_outcome` (up to 50).
    public var initialEvents: [AgentSessionEventInput]?
    /// Your key-value pairs (up to 16; keys up to 64 characters, values up to 512).
    public var metadata: [String: String]?
    /// What to mount into the container: repositories, files, memory stores.
    public var resources: [AgentSessionResourceParameter]?
    /// A human-readable title.
    public var title: String?
    /// Vaults (`vlt_…`) whose credentials the agent can use.
    public var vaultIDs: [String]?

    /// Which agent a session runs.
    public enum AgentReference: Encodable, Sendable, ExpressibleByStringLiteral {
        /// The agent's latest version, pinned at creation: `"agent_…"`.
        case latest(String)
        /// A given version of the agent.
        case version(id: String, version: Int)
        /// The agent with overrides (`{"type": "agent_with_overrides", "id": …, "model": …, "tools": …}`), as the
        /// API describes it.
        case withOverrides(JSONValue)

        /// The latest version of the agent with this id.
        public init(stringLiteral value: String) { self = .latest(value) }

        public func encode(to encoder: any Encoder) throws {
            switch self {
            case .latest(let id):
                var container = encoder.singleValueContainer()
                try container.encode(id)
            case .version(let id, let version):
                var container = encoder.container(keyedBy: AnyCodingKey.self)
                try container.encode("agent", forKey: AnyCodingKey("type"))
                try container.encode(id, forKey: AnyCodingKey("id"))
                try container.encode(version, forKey: AnyCodingKey("version"))
            case .withOverrides(let json):
                try json.encode(to: encoder)
            }
        }
    }

    /// A session of `agent` in `environmentID`; the rest is optional.
    public init(
        agent: AgentReference, environmentID: String, budget: AgentSessionBudget? = nil,
        initialEvents: [AgentSessionEventInput]? = nil, metadata: [String: String]? = nil,
        resources: [AgentSessionResourceParameter]? = nil, title: String? = nil, vaultIDs: [String]? = nil
    ) {
        self.agent = agent
        self.environmentID = environmentID
        self.budget = budget
        self.initialEvents = initialEvents
        self.metadata = metadata
        self.resources = resources
        self.title = title
        self.vaultIDs = vaultIDs
    }

    enum CodingKeys: String, CodingKey {
        case agent, budget, metadata, resources, title
        case environmentID = "environment_id"
        case initialEvents = "initial_events"
        case vaultIDs = "vault_ids"
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(agent, forKey: .agent)
        try container.encode(environmentID, forKey: .environmentID)
        try container.encodeIfPresent(budget, forKey: .budget)
        try container.encodeIfPresent(initialEvents, forKey: .initialEvents)
        try container.encodeIfPresent(metadata, forKey: .metadata)
        try container.encodeIfPresent(resources, forKey: .resources)
        try container.encodeIfPresent(title, forKey: .title)
        try container.encodeIfPresent(vaultIDs, forKey: .vaultIDs)
    }
}

/// The body of updating a session: only what is set changes.
public struct AgentSessionUpdate: Encodable, Sendable {
    /// A new title.
    public var title: String?
    /// Metadata changes: a string sets a key, nil removes it; keys not listed are kept.
    public var metadata: [String: String?]?
    /// A new budget, or its removal; nil keeps it.
    public var budget: BudgetChange?
    /// The agent's new `tools` and/or `mcp_servers` (each replaces the whole list; the session must not be
    /// running), as the API describes them: `{"tools": […], "mcp_servers": […]}`.
    public var agent: JSONValue?
    /// Vaults to attach (reserved by the API for later use; it refuses the field today).
    public var vaultIDs: [String]?

    /// A budget change.
    public enum BudgetChange: Sendable {
        /// Replace the budget (only a session created with one has one to replace).
        case set(AgentSessionBudget)
        /// Remove the budget for good.
        case remove
    }

    /// An update of the fields given.
    public init(
        title: String? = nil, metadata: [String: String?]? = nil, budget: BudgetChange? = nil, agent: JSONValue? = nil,
        vaultIDs: [String]? = nil
    ) {
        self.title = title
        self.metadata = metadata
        self.budget = budget
        self.agent = agent
        self.vaultIDs = vaultIDs
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: AnyCodingKey.self)
        try container.encodeIfPresent(title, forKey: AnyCodingKey("title"))
        if let metadata {
            var object = container.nestedContainer(keyedBy: AnyCodingKey.self, forKey: AnyCodingKey("metadata"))
            for (key, value) in metadata.sorted(by: { $0.key < $1.key }) {
                if let value { try object.encode(value, forKey: AnyCodingKey(key)) } else { try object.encodeNil(forKey: AnyCodingKey(key)) }
            }
        }
        switch budget {
        case .set(let value): try container.encode(value, forKey: AnyCodingKey("budget"))
        case .remove: try container.encodeNil(forKey: AnyCodingKey("budget"))
        case nil: break
        }
        try container.encodeIfPresent(agent, forKey: AnyCodingKey("agent"))
        try container.encodeIfPresent(vaultIDs, forKey: AnyCodingKey("vault_ids"))
    }
}
