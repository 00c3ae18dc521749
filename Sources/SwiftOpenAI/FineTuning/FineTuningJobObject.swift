import AICore
import Foundation

/// An error body: `{"error": {"message", "type", "param", "code"}}`.
public struct OpenAIErrorResponse: Codable, Sendable {
    public let error: Error

    public struct Error: Codable, Sendable, Equatable {
        public let message: String?
        public let type: String?
        public let param: String?
        public let code: String?
    }
}

/// A [fine-tuning job](https://platform.openai.com/docs/api-reference/fine-tuning/object).
public struct FineTuningJobObject: Codable, Sendable {
    public let id: String
    public let createdAt: Int
    /// Why a failed job failed.
    public let error: OpenAIErrorResponse.Error?
    /// The fine-tuned model's id, once the job succeeded.
    public let fineTunedModel: String?
    public let finishedAt: Int?
    public let hyperparameters: HyperParameters?
    public let model: String
    /// `fine_tuning.job`.
    public let object: String
    public let organizationId: String?
    public let resultFiles: [String]
    /// `validating_files`, `queued`, `running`, `succeeded`, `failed` or `cancelled`.
    public let status: String
    public let trainedTokens: Int?
    public let trainingFile: String
    public let validationFile: String?
    public let seed: Int?
    public let estimatedFinish: Int?
    public let userProvidedSuffix: String?
    public let metadata: [String: String]?
    /// The method and its hyperparameters, as the server reports them.
    public let method: JSONValue?

    public enum Status: String, Sendable {
        case validatingFiles = "validating_files"
        case queued, running, succeeded, failed, cancelled
    }

    /// Whether the job will change no more.
    public var isFinished: Bool { ["succeeded", "failed", "cancelled"].contains(status) }

    public struct HyperParameters: Codable, Sendable {
        /// A number of epochs, or `auto`.
        public let nEpochs: IntOrStringValue?
        public let batchSize: IntOrStringValue?
        /// A multiplier, or `auto`.
        public let learningRateMultiplier: JSONValue?

        enum CodingKeys: String, CodingKey {
            case nEpochs = "n_epochs"
            case batchSize = "batch_size"
            case learningRateMultiplier = "learning_rate_multiplier"
        }
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decode(String.self, forKey: .id)
        createdAt = try container.decode(Int.self, forKey: .createdAt)
        error = try? container.decodeIfPresent(OpenAIErrorResponse.Error.self, forKey: .error)
        fineTunedModel = try container.decodeIfPresent(String.self, forKey: .fineTunedModel)
        finishedAt = try container.decodeIfPresent(Int.self, forKey: .finishedAt)
        hyperparameters = try container.decodeIfPresent(HyperParameters.self, forKey: .hyperparameters)
        model = try container.decode(String.self, forKey: .model)
        object = try container.decodeIfPresent(String.self, forKey: .object) ?? "fine_tuning.job"
        organizationId = try container.decodeIfPresent(String.self, forKey: .organizationId)
        resultFiles = try container.decodeIfPresent([String].self, forKey: .resultFiles) ?? []
        status = try container.decode(String.self, forKey: .status)
        trainedTokens = try container.decodeIfPresent(Int.self, forKey: .trainedTokens)
        trainingFile = try container.decode(String.self, forKey: .trainingFile)
        validationFile = try container.decodeIfPresent(String.self, forKey: .validationFile)
        seed = try container.decodeIfPresent(Int.self, forKey: .seed)
        estimatedFinish = try container.decodeIfPresent(Int.self, forKey: .estimatedFinish)
        userProvidedSuffix = try container.decodeIfPresent(String.self, forKey: .userProvidedSuffix)
        metadata = try? container.decodeIfPresent([String: String].self, forKey: .metadata)
        method = try container.decodeIfPresent(JSONValue.self, forKey: .method)
    }

    enum CodingKeys: String, CodingKey {
        case id
        case createdAt = "created_at"
        case error
        case fineTunedModel = "fine_tuned_model"
        case finishedAt = "finished_at"
        case hyperparameters, model, object
        case organizationId = "organization_id"
        case resultFiles = "result_files"
        case status
        case trainedTokens = "trained_tokens"
        case trainingFile = "training_file"
        case validationFile = "validation_file"
        case seed
        case estimatedFinish = "estimated_finish"
        case userProvidedSuffix = "user_provided_suffix"
        case metadata, method
    }
}

/// A [fine-tuning job event](https://platform.openai.com/docs/api-reference/fine-tuning/event-object).
public struct FineTuningJobEventObject: Codable, Sendable {
    public let id: String
    public let createdAt: Int
    /// `info`, `warn` or `error`.
    public let level: String
    public let message: String
    public let object: String
    /// `message` or `metrics`.
    public let type: String?
    public let data: Data?

    /// Training metrics of a `metrics` event.
    public struct Data: Codable, Sendable {
        public let step: Int?
        public let trainLoss: Double?
        public let trainMeanTokenAccuracy: Double?
        public let totalSteps: Int?

        enum CodingKeys: String, CodingKey {
            case step
            case trainLoss = "train_loss"
            case trainMeanTokenAccuracy = "train_mean_token_accuracy"
            case totalSteps = "total_steps"
        }
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decode(String.self, forKey: .id)
        createdAt = try container.decode(Int.self, forKey: .createdAt)
        level = try container.decode(String.self, forKey: .level)
        message = try container.decode(String.self, forKey: .message)
        object = try container.decodeIfPresent(String.self, forKey: .object) ?? "fine_tuning.job.event"
        type = try container.decodeIfPresent(String.self, forKey: .type)
        data = try? container.decodeIfPresent(Data.self, forKey: .data)
    }

    enum CodingKeys: String, CodingKey {
        case id
        case createdAt = "created_at"
        case level, message, object, type, data
    }
}

/// A [checkpoint](https://platform.openai.com/docs/api-reference/fine-tuning/checkpoint-object) of a fine-tuning job.
public struct FineTuningCheckpointObject: Codable, Sendable {
    public let id: String
    public let createdAt: Int
    /// A model id that can be used like any fine-tuned model.
    public let fineTunedModelCheckpoint: String
    public let stepNumber: Int
    public let metrics: JSONValue?
    public let fineTuningJobId: String
    public let object: String?

    enum CodingKeys: String, CodingKey {
        case id
        case createdAt = "created_at"
        case fineTunedModelCheckpoint = "fine_tuned_model_checkpoint"
        case stepNumber = "step_number"
        case metrics
        case fineTuningJobId = "fine_tuning_job_id"
        case object
    }
}
