import AICore
import Foundation

/// The session (`session.status_idle`) or one of its threads (`session.thread_status_idle`) stopped and waits: why,
/// and what it needs.
public struct AgentSessionIdleEvent: Codable, Sendable, Equatable {
    /// The event's id.
    public let id: String
    /// Why the agent stopped.
    public let stopReason: AgentSessionStopReason
    /// More about a refusal (`{"type": "refusal", "category": …, "explanation": …}`).
    public let stopDetails: JSONValue?
    /// The thread that went idle (thread events only).
    public let sessionThreadID: String?
    /// The agent of that thread (thread events only).
    public let agentName: String?
    /// When the platform processed it (RFC 3339).
    public let processedAt: String?

    /// An idle event, e.g. for a test double.
    public init(
        id: String, stopReason: AgentSessionStopReason, stopDetails: JSONValue? = nil, sessionThreadID: String? = nil,
        agentName: String? = nil, processedAt: String? = nil
    ) {
        self.id = id
        self.stopReason = stopReason
        self.stopDetails = stopDetails
        self.sessionThreadID = sessionThreadID
        self.agentName = agentName
        self.processedAt = processedAt
    }

    enum CodingKeys: String, CodingKey {
        case id
        case stopReason = "stop_reason"
        case stopDetails = "stop_details"
        case sessionThreadID = "session_thread_id"
        case agentName = "agent_name"
        case processedAt = "processed_at"
    }
}

/// Why an agent stopped and went idle.
public enum AgentSessionStopReason: Codable, Sendable, Equatable {
    /// The agent finished its turn.
    case endTurn
    /// The agent waits for you: tool confirmations or custom tool results for these events.
    case requiresAction(eventIDs: [String])
    /// Transient errors outlasted the retries.
    case retriesExhausted
    /// The session's budget is spent.
    case budgetReached
    /// The model declined to continue.
    case refusal
    /// A reason this version of the library does not model, as sent.
    case unknown(JSONValue)

    public init(from decoder: any Decoder) throws {
        switch decoder.stringField(named: "type") {
        case "end_turn": self = .endTurn
        case "requires_action":
            let container = try decoder.container(keyedBy: AnyCodingKey.self)
            self = .requiresAction(eventIDs: try container.decodeIfPresent([String].self, forKey: AnyCodingKey("event_ids")) ?? [])
        case "retries_exhausted": self = .retriesExhausted
        case "budget_reached": self = .budgetReached
        case "refusal": self = .refusal
        default: self = .unknown(try JSONValue(from: decoder))
        }
    }

    public func encode(to encoder: any Encoder) throws {
        let type: String
        switch self {
        case .endTurn: type = "end_turn"
        case .requiresAction(let ids):
            var container = encoder.container(keyedBy: AnyCodingKey.self)
            try container.encode(ids, forKey: AnyCodingKey("event_ids"))
            type = "requires_action"
        case .retriesExhausted: type = "retries_exhausted"
        case .budgetReached: type = "budget_reached"
        case .refusal: type = "refusal"
        case .unknown(let json): return try json.encode(to: encoder)
        }
        var container = encoder.container(keyedBy: AnyCodingKey.self)
        try container.encode(type, forKey: AnyCodingKey("type"))
    }
}

/// A thread was created (`session.thread_created`) or changed status (`session.thread_status_running`,
/// `…_rescheduled`, `…_terminated`).
public struct AgentSessionThreadStatusEvent: Codable, Sendable, Equatable {
    /// The event's id.
    public let id: String
    /// The thread.
    public let sessionThreadID: String
    /// The thread's agent.
    public let agentName: String
    /// The workflow run that created the thread, when one did (creation events only).
    public let workflowRunID: String?
    /// When the platform processed it (RFC 3339).
    public let processedAt: String?

    enum CodingKeys: String, CodingKey {
        case id
        case sessionThreadID = "session_thread_id"
        case agentName = "agent_name"
        case workflowRunID = "workflow_run_id"
        case processedAt = "processed_at"
    }
}

/// Something went wrong in the session (`session.error`) or a workflow run (`workflow_run.error`). The session may
/// retry on its own: ``AgentSessionEventError/retryStatus`` says whether it will.
public struct AgentSessionErrorEvent: Codable, Sendable, Equatable {
    /// The event's id.
    public let id: String
    /// What went wrong.
    public let error: AgentSessionEventError
    /// The workflow run that failed (workflow run errors only).
    public let workflowRunID: String?
    /// When the platform processed it (RFC 3339).
    public let processedAt: String?

    enum CodingKeys: String, CodingKey {
        case id, error
        case workflowRunID = "workflow_run_id"
        case processedAt = "processed_at"
    }
}

/// An error reported inside a session: `model_overloaded_error`, `mcp_connection_failed_error`,
/// `repository_clone_error`, `billing_error`…
public struct AgentSessionEventError: Codable, Sendable, Equatable {
    /// The error's type.
    public let type: String
    /// A readable message.
    public let message: String?
    /// `retrying`, `exhausted` or `terminal`: whether the platform tries again.
    public let retryStatus: String?
    /// The error's other fields (an MCP server's name, a repository URL…), as sent.
    public let details: [String: JSONValue]

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: AnyCodingKey.self)
        type = try container.decodeIfPresent(String.self, forKey: AnyCodingKey("type")) ?? ""
        message = try container.decodeIfPresent(String.self, forKey: AnyCodingKey("message"))
        retryStatus = try container.decodeIfPresent(JSONValue.self, forKey: AnyCodingKey("retry_status"))?["type"]?.stringValue
        details = try AdditionalFields.additional(in: decoder, known: ["type", "message", "retry_status"])
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: AnyCodingKey.self)
        try container.encode(type, forKey: AnyCodingKey("type"))
        try container.encodeIfPresent(message, forKey: AnyCodingKey("message"))
        if let retryStatus {
            try container.encode(["type": JSONValue.string(retryStatus)], forKey: AnyCodingKey("retry_status"))
        }
        try AdditionalFields.encode(details, to: encoder)
    }
}

/// The session's settings changed (`session.updated`): the fields that changed are set.
public struct AgentSessionUpdatedEvent: Codable, Sendable {
    /// The event's id.
    public let id: String
    /// The agent configuration now in force.
    public let agent: AgentSessionAgent?
    /// The budget now in force.
    public let budget: AgentSessionBudget?
    /// The metadata now in force.
    public let metadata: [String: String]?
    /// The title now in force.
    public let title: String?
    /// When the platform processed it (RFC 3339).
    public let processedAt: String?

    enum CodingKeys: String, CodingKey {
        case id, agent, budget, metadata, title
        case processedAt = "processed_at"
    }
}

/// The session's usage so far (`session.usage`), with its budget.
public struct AgentSessionUsageEvent: Codable, Sendable, Equatable {
    /// The event's id.
    public let id: String
    /// Tokens and list cost so far.
    public let usage: AgentSessionUsage
    /// The budget in force.
    public let budget: AgentSessionBudget?
    /// When the platform processed it (RFC 3339).
    public let processedAt: String?

    enum CodingKeys: String, CodingKey {
        case id, usage, budget
        case processedAt = "processed_at"
    }
}
