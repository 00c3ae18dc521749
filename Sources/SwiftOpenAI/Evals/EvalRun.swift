import AICore
import Foundation

/// An [eval run](https://platform.openai.com/docs/api-reference/evals/run-object): one grading of a data source
/// against an eval's criteria, with its counts once it completes.
public struct EvalRun: Codable, Sendable {
    public let id: String
    /// `eval.run`.
    public let object: String?
    public let evalID: String
    public let status: Status
    public let model: String?
    public let name: String?
    /// Seconds since 1970.
    public let createdAt: Int
    /// Where the dashboard shows the run.
    public let reportURL: String?
    public let resultCounts: ResultCounts?
    public let perModelUsage: [ModelUsage]?
    public let perTestingCriteriaResults: [CriterionResult]?
    public let dataSource: EvalRunDataSource?
    public let metadata: [String: String]?
    /// Why the run failed.
    public let error: EvalAPIError?

    /// Whether the run will change no more (completed, failed or canceled).
    public var isFinished: Bool { [.completed, .failed, .canceled].contains(status) }

    /// A run's state; any other value the API adds is kept as its raw string.
    public struct Status: RawRepresentable, Codable, Hashable, Sendable, ExpressibleByStringLiteral {
        public var rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        public init(stringLiteral value: String) { self.rawValue = value }

        public static let queued = Status(rawValue: "queued")
        public static let inProgress = Status(rawValue: "in_progress")
        public static let completed = Status(rawValue: "completed")
        public static let canceled = Status(rawValue: "canceled")
        public static let failed = Status(rawValue: "failed")
    }

    /// How many rows passed, failed (some criterion failed) or errored.
    public struct ResultCounts: Codable, Sendable {
        public let total: Int
        public let passed: Int
        public let failed: Int
        public let errored: Int
    }

    /// The tokens one model used in the run.
    public struct ModelUsage: Codable, Sendable {
        public let modelName: String
        public let invocationCount: Int
        public let promptTokens: Int
        public let completionTokens: Int
        public let totalTokens: Int
        public let cachedTokens: Int?

        enum CodingKeys: String, CodingKey {
            case modelName = "model_name"
            case invocationCount = "invocation_count"
            case promptTokens = "prompt_tokens"
            case completionTokens = "completion_tokens"
            case totalTokens = "total_tokens"
            case cachedTokens = "cached_tokens"
        }
    }

    /// How many rows passed and failed one criterion.
    public struct CriterionResult: Codable, Sendable {
        /// The criterion, named by its grader name (and id).
        public let testingCriteria: String
        public let passed: Int
        public let failed: Int

        enum CodingKeys: String, CodingKey {
            case testingCriteria = "testing_criteria"
            case passed, failed
        }
    }

    enum CodingKeys: String, CodingKey {
        case id, object, status, model, name, metadata, error
        case evalID = "eval_id"
        case createdAt = "created_at"
        case reportURL = "report_url"
        case resultCounts = "result_counts"
        case perModelUsage = "per_model_usage"
        case perTestingCriteriaResults = "per_testing_criteria_results"
        case dataSource = "data_source"
    }
}

/// An error of an eval run or of one of its samples.
public struct EvalAPIError: Codable, Sendable {
    public let code: String
    public let message: String
}

/// One graded row of a run: the row, the model's sample and each criterion's result.
public struct EvalRunOutputItem: Codable, Sendable {
    public let id: String
    /// `eval.run.output_item`.
    public let object: String?
    public let runID: String
    public let evalID: String
    /// Seconds since 1970.
    public let createdAt: Int
    /// `pass` or `fail`.
    public let status: String
    /// The row's index in the data source.
    public let datasourceItemID: Int
    /// The row.
    public let datasourceItem: [String: JSONValue]
    public let results: [Result]
    public let sample: Sample?

    /// Whether every criterion passed.
    public var passed: Bool { status == "pass" }

    /// One criterion's verdict.
    public struct Result: Codable, Sendable {
        /// The grader's name.
        public let name: String
        public let type: String?
        public let score: Double
        public let passed: Bool
        /// What the grader worked with, when it reports it.
        public let sample: JSONValue?
    }

    /// The model's answer to the row.
    public struct Sample: Codable, Sendable {
        public let input: [Message]?
        public let output: [Message]?
        public let finishReason: String?
        public let model: String?
        public let usage: Usage?
        public let error: EvalAPIError?
        public let temperature: Double?
        public let maxCompletionTokens: Int?
        public let topP: Double?
        public let seed: Int?

        /// The text of the first output message.
        public var outputText: String? { output?.first?.content }

        /// A message of the sample.
        public struct Message: Codable, Sendable {
            public let role: String
            public let content: String?
        }

        /// Tokens the sample took.
        public struct Usage: Codable, Sendable {
            public let promptTokens: Int
            public let completionTokens: Int
            public let totalTokens: Int
            public let cachedTokens: Int?

            enum CodingKeys: String, CodingKey {
                case promptTokens = "prompt_tokens"
                case completionTokens = "completion_tokens"
                case totalTokens = "total_tokens"
                case cachedTokens = "cached_tokens"
            }
        }

        enum CodingKeys: String, CodingKey {
            case input, output, model, usage, error, temperature, seed
            case finishReason = "finish_reason"
            case maxCompletionTokens = "max_completion_tokens"
            case topP = "top_p"
        }
    }

    enum CodingKeys: String, CodingKey {
        case id, object, status, results, sample
        case runID = "run_id"
        case evalID = "eval_id"
        case createdAt = "created_at"
        case datasourceItemID = "datasource_item_id"
        case datasourceItem = "datasource_item"
    }
}
