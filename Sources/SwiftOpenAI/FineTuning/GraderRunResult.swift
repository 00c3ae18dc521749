import AICore
import Foundation

/// What [running a grader](https://platform.openai.com/docs/api-reference/graders/run) answered.
public struct GraderRunResult: Codable, Sendable {
    /// The score the grader gave the sample.
    public let reward: Double
    public let metadata: Metadata
    /// A multi grader's rewards by grader name.
    public let subRewards: [String: JSONValue]?
    /// Tokens the grading models used, by model.
    public let modelGraderTokenUsagePerModel: [String: JSONValue]?

    public struct Metadata: Codable, Sendable {
        public let name: String
        public let type: String
        /// What went wrong while grading: each flag the API reports (`formula_parse_error`, `invalid_variable_error`,
        /// `python_grader_runtime_error`…) with its value; the names of the flags that are set are in ``failures``.
        public let errors: [String: JSONValue]
        public let executionTime: Double?
        public let scores: [String: JSONValue]?
        public let tokenUsage: Int?
        public let sampledModelName: String?

        /// The error flags that are set, e.g. `["invalid_variable_error"]`; empty when grading went fine.
        public var failures: [String] {
            errors.filter { $0.value == .bool(true) }.map(\.key).sorted()
        }

        enum CodingKeys: String, CodingKey {
            case name, type, errors, scores
            case executionTime = "execution_time"
            case tokenUsage = "token_usage"
            case sampledModelName = "sampled_model_name"
        }
    }

    enum CodingKeys: String, CodingKey {
        case reward, metadata
        case subRewards = "sub_rewards"
        case modelGraderTokenUsagePerModel = "model_grader_token_usage_per_model"
    }
}

/// A project's permission to use a fine-tuned model checkpoint
/// ([object](https://platform.openai.com/docs/api-reference/fine-tuning/permission-object)).
public struct FineTuningCheckpointPermission: Codable, Sendable {
    public let id: String
    /// Always `checkpoint.permission`.
    public let object: String
    public let createdAt: Int
    /// The project allowed to use the checkpoint.
    public let projectID: String

    enum CodingKeys: String, CodingKey {
        case id, object
        case createdAt = "created_at"
        case projectID = "project_id"
    }
}

/// The body of `POST /fine_tuning/alpha/graders/validate` and its answer.
struct GraderEnvelope: Codable, Sendable {
    let grader: Grader
}

/// The body of `POST /fine_tuning/alpha/graders/run`.
struct GraderRunRequest: Encodable, Sendable {
    let grader: Grader
    let modelSample: String
    let item: JSONValue?

    enum CodingKeys: String, CodingKey {
        case grader, item
        case modelSample = "model_sample"
    }
}
