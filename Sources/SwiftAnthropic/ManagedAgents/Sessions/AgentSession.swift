import AICore
import Foundation

/// A Managed Agents [session](https://docs.anthropic.com/en/api/sessions) (beta): one agent at work in one
/// environment, with its own event log, mounted resources and threads.
///
/// Open one with ``AnthropicSessionsService/createSession(_:options:)``, talk to it with
/// ``AnthropicSessionsService/sendSessionEvents(sessionID:events:options:)`` and follow it with
/// ``AnthropicSessionsService/streamSessionEvents(sessionID:eventDeltas:options:)`` (or both at once with
/// `runSession(id:sending:)`).
public struct AgentSession: Codable, Sendable {
    /// The session's id (`sesn_…`), the `sessionID` of every other session call.
    public let id: String
    /// Always `session`.
    public let type: String
    /// The agent's configuration as it was when the session was created (a later agent version doesn't change it).
    public let agent: AgentSessionAgent
    /// When the session was archived (RFC 3339); nil while it is not.
    public let archivedAt: String?
    /// The spend ceiling; nil for an uncapped session.
    public let budget: AgentSessionBudget?
    /// When the session was created (RFC 3339).
    public let createdAt: String
    /// The environment whose container the agent works in.
    public let environmentID: String
    /// Your key-value pairs.
    public let metadata: [String: String]
    /// One entry per `user.define_outcome` event sent to the session: how the outcome was judged so far.
    public let outcomeEvaluations: [JSONValue]
    /// What is mounted into the session's container: repositories, files, memory stores.
    public let resources: [AgentSessionResource]
    /// Timing statistics.
    public let stats: AgentSessionStats?
    /// Whether the agent works, waits for input or has ended.
    public let status: AgentSessionStatus
    /// A human-readable title.
    public let title: String?
    /// When the session last changed (RFC 3339).
    public let updatedAt: String
    /// The tokens (and list cost) the session used so far.
    public let usage: AgentSessionUsage?
    /// The vaults whose credentials the agent can use.
    public let vaultIDs: [String]
    /// The deployment that created the session, when one did.
    public let deploymentID: String?
    /// Fields of the session object this version of the library does not model, as sent.
    public let additionalFields: [String: JSONValue]

    /// Whether the session has been archived (it can be read but no longer takes events).
    public var isArchived: Bool { archivedAt != nil }

    /// A session, e.g. for a test double of the service.
    public init(
        id: String, type: String = "session", agent: AgentSessionAgent, archivedAt: String? = nil,
        budget: AgentSessionBudget? = nil, createdAt: String, environmentID: String, metadata: [String: String] = [:],
        outcomeEvaluations: [JSONValue] = [], resources: [AgentSessionResource] = [], stats: AgentSessionStats? = nil,
        status: AgentSessionStatus = .idle, title: String? = nil, updatedAt: String, usage: AgentSessionUsage? = nil,
        vaultIDs: [String] = [], deploymentID: String? = nil, additionalFields: [String: JSONValue] = [:]
    ) {
        self.id = id
        self.type = type
        self.agent = agent
        self.archivedAt = archivedAt
        self.budget = budget
        self.createdAt = createdAt
        self.environmentID = environmentID
        self.metadata = metadata
        self.outcomeEvaluations = outcomeEvaluations
        self.resources = resources
        self.stats = stats
        self.status = status
        self.title = title
        self.updatedAt = updatedAt
        self.usage = usage
        self.vaultIDs = vaultIDs
        self.deploymentID = deploymentID
        self.additionalFields = additionalFields
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decode(String.self, forKey: .id)
        type = try container.decodeIfPresent(String.self, forKey: .type) ?? "session"
        agent = try container.decode(AgentSessionAgent.self, forKey: .agent)
        archivedAt = try container.decodeIfPresent(String.self, forKey: .archivedAt)
        budget = try container.decodeIfPresent(AgentSessionBudget.self, forKey: .budget)
        createdAt = try container.decodeIfPresent(String.self, forKey: .createdAt) ?? ""
        environmentID = try container.decodeIfPresent(String.self, forKey: .environmentID) ?? ""
        metadata = try container.decodeIfPresent([String: String].self, forKey: .metadata) ?? [:]
        outcomeEvaluations = try container.decodeIfPresent([JSONValue].self, forKey: .outcomeEvaluations) ?? []
        resources = try container.decodeIfPresent([AgentSessionResource].self, forKey: .resources) ?? []
        stats = try container.decodeIfPresent(AgentSessionStats.self, forKey: .stats)
        status = try container.decodeIfPresent(AgentSessionStatus.self, forKey: .status) ?? .other("")
        title = try container.decodeIfPresent(String.self, forKey: .title)
        updatedAt = try container.decodeIfPresent(String.self, forKey: .updatedAt) ?? ""
        usage = try container.decodeIfPresent(AgentSessionUsage.self, forKey: .usage)
        vaultIDs = try container.decodeIfPresent([String].self, forKey: .vaultIDs) ?? []
        deploymentID = try container.decodeIfPresent(String.self, forKey: .deploymentID)
        additionalFields = try AdditionalFields.additional(in: decoder, known: CodingKeys.allCases.map(\.rawValue))
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode(type, forKey: .type)
        try container.encode(agent, forKey: .agent)
        try container.encode(archivedAt, forKey: .archivedAt)
        try container.encode(budget, forKey: .budget)
        try container.encode(createdAt, forKey: .createdAt)
        try container.encode(environmentID, forKey: .environmentID)
        try container.encode(metadata, forKey: .metadata)
        try container.encode(outcomeEvaluations, forKey: .outcomeEvaluations)
        try container.encode(resources, forKey: .resources)
        try container.encodeIfPresent(stats, forKey: .stats)
        try container.encode(status, forKey: .status)
        try container.encode(title, forKey: .title)
        try container.encode(updatedAt, forKey: .updatedAt)
        try container.encodeIfPresent(usage, forKey: .usage)
        try container.encode(vaultIDs, forKey: .vaultIDs)
        try container.encodeIfPresent(deploymentID, forKey: .deploymentID)
        try AdditionalFields.encode(additionalFields, to: encoder)
    }

    enum CodingKeys: String, CodingKey, CaseIterable {
        case id, type, agent, budget, metadata, resources, stats, status, title, usage
        case archivedAt = "archived_at"
        case createdAt = "created_at"
        case environmentID = "environment_id"
        case outcomeEvaluations = "outcome_evaluations"
        case updatedAt = "updated_at"
        case vaultIDs = "vault_ids"
        case deploymentID = "deployment_id"
    }
}

/// The answer to deleting a session (`type` is `session_deleted`).
public struct DeletedAgentSession: Codable, Sendable, Equatable {
    /// The deleted session's id.
    public let id: String
    /// Always `session_deleted`.
    public let type: String

    /// A deletion answer, e.g. for a test double.
    public init(id: String, type: String = "session_deleted") {
        self.id = id
        self.type = type
    }
}
