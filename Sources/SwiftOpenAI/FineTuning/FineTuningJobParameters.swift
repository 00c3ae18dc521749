import AICore
import Foundation

/// [Creates a fine-tuning job](https://platform.openai.com/docs/api-reference/fine-tuning/create).
public struct FineTuningJobParameters: Encodable, Sendable {
    public var model: String
    /// A file with purpose `fine-tune`.
    public var trainingFile: String
    /// Deprecated by OpenAI in favour of `method`; still accepted for supervised jobs.
    public var hyperparameters: HyperParameters?
    /// Up to 64 characters added to the fine-tuned model's name.
    public var suffix: String?
    public var validationFile: String?
    /// E.g. Weights & Biases.
    public var integrations: [Integration]?
    public var seed: Int?
    /// `supervised`, `dpo` or `reinforcement`, with their hyperparameters.
    public var method: Method?
    public var metadata: [String: String]?

    /// A model that can be fine-tuned (any id works).
    public struct Model: RawRepresentable, Hashable, Sendable, ExpressibleByStringLiteral {
        public var rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        public init(stringLiteral value: String) { self.rawValue = value }

        public static let gpt35 = Model(rawValue: "gpt-3.5-turbo-0613")
        public static let babbage002 = Model(rawValue: "babbage-002")
        public static let davinci002 = Model(rawValue: "davinci-002")
        public static let gpt4oMini = Model(rawValue: "gpt-4o-mini-2024-07-18")
        public static let gpt4o = Model(rawValue: "gpt-4o-2024-08-06")
        public static let gpt41 = Model(rawValue: "gpt-4.1-2025-04-14")
        public static let gpt41Mini = Model(rawValue: "gpt-4.1-mini-2025-04-14")
        public static let gpt41Nano = Model(rawValue: "gpt-4.1-nano-2025-04-14")
        public static let o4Mini = Model(rawValue: "o4-mini-2025-04-16")
    }

    /// Training hyperparameters; nil means `auto`.
    public struct HyperParameters: Encodable, Sendable {
        public var nEpochs: Int?
        public var batchSize: Int?
        public var learningRateMultiplier: Double?
        /// DPO only: the weight of the penalty between the policy and the reference model.
        public var beta: Double?
        /// Reinforcement only: `default`, `low`, `medium` or `high`.
        public var reasoningEffort: String?
        /// Reinforcement only: how much compute each step explores with.
        public var computeMultiplier: Double?
        /// Reinforcement only: training steps between evaluations.
        public var evalInterval: Int?
        /// Reinforcement only: samples per evaluation.
        public var evalSamples: Int?

        public init(
            nEpochs: Int?, batchSize: Int? = nil, learningRateMultiplier: Double? = nil, beta: Double? = nil,
            reasoningEffort: String? = nil, computeMultiplier: Double? = nil, evalInterval: Int? = nil, evalSamples: Int? = nil
        ) {
            self.nEpochs = nEpochs
            self.batchSize = batchSize
            self.learningRateMultiplier = learningRateMultiplier
            self.beta = beta
            self.reasoningEffort = reasoningEffort
            self.computeMultiplier = computeMultiplier
            self.evalInterval = evalInterval
            self.evalSamples = evalSamples
        }

        enum CodingKeys: String, CodingKey {
            case nEpochs = "n_epochs"
            case batchSize = "batch_size"
            case learningRateMultiplier = "learning_rate_multiplier"
            case beta
            case reasoningEffort = "reasoning_effort"
            case computeMultiplier = "compute_multiplier"
            case evalInterval = "eval_interval"
            case evalSamples = "eval_samples"
        }
    }

    /// The fine-tuning method.
    public struct Method: Encodable, Sendable {
        public var type: String
        public var hyperparameters: HyperParameters?
        /// Reinforcement only: how each answer is scored.
        public var grader: Grader?

        public init(type: String, hyperparameters: HyperParameters? = nil, grader: Grader? = nil) {
            self.type = type
            self.hyperparameters = hyperparameters
            self.grader = grader
        }

        /// Supervised fine-tuning on example conversations.
        public static func supervised(_ hyperparameters: HyperParameters? = nil) -> Method {
            Method(type: "supervised", hyperparameters: hyperparameters)
        }

        /// Direct preference optimization on preferred/non-preferred pairs.
        public static func dpo(_ hyperparameters: HyperParameters? = nil) -> Method {
            Method(type: "dpo", hyperparameters: hyperparameters)
        }

        /// Reinforcement fine-tuning: the model learns from the rewards `grader` gives its answers (reasoning models only).
        public static func reinforcement(grader: Grader, hyperparameters: HyperParameters? = nil) -> Method {
            Method(type: "reinforcement", hyperparameters: hyperparameters, grader: grader)
        }

        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: AnyCodingKey.self)
            try container.encode(type, forKey: AnyCodingKey("type"))
            var method = container.nestedContainer(keyedBy: AnyCodingKey.self, forKey: AnyCodingKey(type))
            try method.encodeIfPresent(grader, forKey: AnyCodingKey("grader"))
            try method.encodeIfPresent(hyperparameters, forKey: AnyCodingKey("hyperparameters"))
        }
    }

    /// A training integration.
    public struct Integration: Encodable, Sendable {
        public var type = "wandb"
        public var wandb: WandB

        public init(wandb: WandB) { self.wandb = wandb }

        public struct WandB: Encodable, Sendable {
            public var project: String
            public var name: String?
            public var entity: String?
            public var tags: [String]?

            public init(project: String, name: String? = nil, entity: String? = nil, tags: [String]? = nil) {
                self.project = project
                self.name = name
                self.entity = entity
                self.tags = tags
            }
        }
    }

    public init(
        model: Model,
        trainingFile: String,
        hyperparameters: HyperParameters? = nil,
        suffix: String? = nil,
        validationFile: String? = nil,
        integrations: [Integration]? = nil,
        seed: Int? = nil,
        method: Method? = nil,
        metadata: [String: String]? = nil
    ) {
        self.model = model.rawValue
        self.trainingFile = trainingFile
        self.hyperparameters = hyperparameters
        self.suffix = suffix
        self.validationFile = validationFile
        self.integrations = integrations
        self.seed = seed
        self.method = method
        self.metadata = metadata
    }

    enum CodingKeys: String, CodingKey {
        case model
        case trainingFile = "training_file"
        case hyperparameters, suffix
        case validationFile = "validation_file"
        case integrations, seed, method, metadata
    }
}
