import AICore
import Foundation

/// The tokens of one model request (or one outcome evaluation).
public struct AgentSessionModelUsage: Codable, Sendable, Equatable {
    /// Tokens written to the prompt cache.
    public let cacheCreationInputTokens: Int
    /// Tokens read from the prompt cache.
    public let cacheReadInputTokens: Int
    /// Input tokens.
    public let inputTokens: Int
    /// Output tokens.
    public let outputTokens: Int
    /// `standard` or `fast`.
    public let speed: String?

    enum CodingKeys: String, CodingKey {
        case speed
        case cacheCreationInputTokens = "cache_creation_input_tokens"
        case cacheReadInputTokens = "cache_read_input_tokens"
        case inputTokens = "input_tokens"
        case outputTokens = "output_tokens"
    }
}

/// A model request ended (`span.model_request_end`), with its usage.
public struct AgentSessionModelRequestEndEvent: Codable, Sendable, Equatable {
    /// The event's id.
    public let id: String
    /// The `span.model_request_start` event this ends.
    public let modelRequestStartID: String
    /// The request's tokens.
    public let modelUsage: AgentSessionModelUsage
    /// Whether the request failed.
    public let isError: Bool?
    /// When the platform processed it (RFC 3339).
    public let processedAt: String?

    enum CodingKeys: String, CodingKey {
        case id
        case modelRequestStartID = "model_request_start_id"
        case modelUsage = "model_usage"
        case isError = "is_error"
        case processedAt = "processed_at"
    }
}

/// An outcome's evaluation started (`span.outcome_evaluation_start`), goes on (`…_ongoing`) or ended (`…_end`, with
/// its result, explanation and usage).
public struct AgentSessionOutcomeEvaluationEvent: Codable, Sendable, Equatable {
    /// The event's id.
    public let id: String
    /// The outcome evaluated.
    public let outcomeID: String
    /// The evaluation round, from 1.
    public let iteration: Int
    /// The verdict (end events only).
    public let result: String?
    /// Why (end events only).
    public let explanation: String?
    /// The start event this ends (end events only).
    public let outcomeEvaluationStartID: String?
    /// The evaluation's tokens (end events only).
    public let usage: AgentSessionModelUsage?
    /// When the platform processed it (RFC 3339).
    public let processedAt: String?

    enum CodingKeys: String, CodingKey {
        case id, iteration, result, explanation, usage
        case outcomeID = "outcome_id"
        case outcomeEvaluationStartID = "outcome_evaluation_start_id"
        case processedAt = "processed_at"
    }
}

/// A workflow run's progress: created (with its phases), running, idle, ended (with its result), a phase started
/// or ended.
public struct AgentSessionWorkflowRunEvent: Codable, Sendable, Equatable {
    /// The event's id.
    public let id: String
    /// The workflow run.
    public let workflowRunID: String
    /// The run's name (creation events only).
    public let name: String?
    /// The run's description (creation events only).
    public let description: String?
    /// The run's phases, `{"id", "name", "description"}` (creation events only).
    public let phases: [JSONValue]?
    /// How the run ended: `completed`, `stopped` or an error (end events only).
    public let result: JSONValue?
    /// The phase that started or ended (phase events only).
    public let workflowRunPhaseID: String?
    /// The phase-start event a phase end closes (phase end events only).
    public let phaseStartedID: String?
    /// When the platform processed it (RFC 3339).
    public let processedAt: String?

    enum CodingKeys: String, CodingKey {
        case id, name, description, phases, result
        case workflowRunID = "workflow_run_id"
        case workflowRunPhaseID = "workflow_run_phase_id"
        case phaseStartedID = "phase_started_id"
        case processedAt = "processed_at"
    }
}

/// On a stream with `event_deltas`: an event whose content follows in deltas has started (`event_start`).
public struct AgentSessionEventStart: Codable, Sendable, Equatable {
    /// The event that started: its id and type (`agent.message` or `agent.thinking`).
    public struct Preview: Codable, Sendable, Equatable {
        /// The coming event's id.
        public let id: String
        /// The coming event's type.
        public let type: String
    }

    /// The event that started.
    public let event: Preview
}

/// On a stream with `event_deltas`: a piece of an event's content (`event_delta`); the complete event follows.
public struct AgentSessionEventDelta: Codable, Sendable, Equatable {
    /// The content piece.
    public struct Delta: Codable, Sendable, Equatable {
        /// Always `content_delta`.
        public let type: String
        /// The piece (a text block).
        public let content: AgentSessionContentBlock
        /// Which content block of the event the piece belongs to.
        public let index: Int?
    }

    /// The event the piece belongs to.
    public let eventID: String
    /// The piece.
    public let delta: Delta

    enum CodingKeys: String, CodingKey {
        case delta
        case eventID = "event_id"
    }
}
