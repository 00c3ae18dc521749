import AICore
import Foundation

/// A [grader](https://platform.openai.com/docs/api-reference/graders): how a model's answer is scored, in
/// reinforcement fine-tuning (``FineTuningJobParameters/Method/reinforcement(grader:hyperparameters:)``) and by
/// ``OpenAIFineTuningService/runGrader(_:modelSample:item:options:)``.
///
/// Inputs and references are templates: `{{sample.output_text}}` is the model's answer,
/// `{{sample.output_json.field}}` a field of it when it is JSON, `{{item.field}}` a field of the dataset item.
/// A grader type this library doesn't know yet decodes as ``unknown(_:)`` with its JSON, and encodes back unchanged.
public enum Grader: Codable, Sendable {
    /// Compares two strings: equal, not equal, contains, contains ignoring case.
    case stringCheck(StringCheckGrader)
    /// Scores how close two texts are (fuzzy match, BLEU, ROUGE, cosine…).
    case textSimilarity(TextSimilarityGrader)
    /// Runs your Python `grade(sample, item)` function.
    case python(PythonGrader)
    /// Asks a model for a numeric score.
    case scoreModel(ScoreModelGrader)
    /// Asks a model to pick a label.
    case labelModel(LabelModelGrader)
    /// Combines named graders with a formula.
    case multi(MultiGrader)
    /// A grader type this version doesn't know, kept as sent.
    case unknown(JSONValue)

    /// The grader's name.
    public var name: String? {
        switch self {
        case .stringCheck(let grader): grader.name
        case .textSimilarity(let grader): grader.name
        case .python(let grader): grader.name
        case .scoreModel(let grader): grader.name
        case .labelModel(let grader): grader.name
        case .multi(let grader): grader.name
        case .unknown(let json): json["name"]?.stringValue
        }
    }

    /// The wire `type`: `string_check`, `text_similarity`, `python`, `score_model`, `label_model`, `multi` or a newer one.
    public var type: String {
        switch self {
        case .stringCheck: "string_check"
        case .textSimilarity: "text_similarity"
        case .python: "python"
        case .scoreModel: "score_model"
        case .labelModel: "label_model"
        case .multi: "multi"
        case .unknown(let json): json["type"]?.stringValue ?? ""
        }
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: AnyCodingKey.self)
        switch try container.decodeIfPresent(String.self, forKey: AnyCodingKey("type")) {
        case "string_check": self = .stringCheck(try StringCheckGrader(from: decoder))
        case "text_similarity": self = .textSimilarity(try TextSimilarityGrader(from: decoder))
        case "python": self = .python(try PythonGrader(from: decoder))
        case "score_model": self = .scoreModel(try ScoreModelGrader(from: decoder))
        case "label_model": self = .labelModel(try LabelModelGrader(from: decoder))
        case "multi": self = .multi(try MultiGrader(from: decoder))
        default: self = .unknown(try JSONValue(from: decoder))
        }
    }

    public func encode(to encoder: any Encoder) throws {
        switch self {
        case .stringCheck(let grader): try grader.encode(to: encoder)
        case .textSimilarity(let grader): try grader.encode(to: encoder)
        case .python(let grader): try grader.encode(to: encoder)
        case .scoreModel(let grader): try grader.encode(to: encoder)
        case .labelModel(let grader): try grader.encode(to: encoder)
        case .multi(let grader): try grader.encode(to: encoder)
        case .unknown(let json): try json.encode(to: encoder)
        }
        if case .unknown = self { return }
        var container = encoder.container(keyedBy: AnyCodingKey.self)
        try container.encode(type, forKey: AnyCodingKey("type"))
    }
}

/// A ``Grader/stringCheck(_:)`` grader: reward 1 when the comparison holds, else 0.
public struct StringCheckGrader: Codable, Sendable {
    public var name: String
    /// A template, e.g. `{{sample.output_text}}`.
    public var input: String
    /// A template, e.g. `{{item.answer}}`.
    public var reference: String
    public var operation: Operation

    /// How ``input`` and ``reference`` are compared; any value the API adds later is kept as its raw string.
    public struct Operation: RawRepresentable, Codable, Hashable, Sendable, ExpressibleByStringLiteral {
        public var rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        public init(stringLiteral value: String) { self.rawValue = value }
        public init(from decoder: any Decoder) throws { rawValue = try decoder.singleValueContainer().decode(String.self) }
        public func encode(to encoder: any Encoder) throws {
            var container = encoder.singleValueContainer()
            try container.encode(rawValue)
        }

        /// Equal.
        public static let equal = Operation(rawValue: "eq")
        /// Not equal.
        public static let notEqual = Operation(rawValue: "ne")
        /// The input contains the reference.
        public static let contains = Operation(rawValue: "like")
        /// The input contains the reference, ignoring case.
        public static let containsIgnoringCase = Operation(rawValue: "ilike")
    }

    public init(name: String, input: String, reference: String, operation: Operation) {
        self.name = name
        self.input = input
        self.reference = reference
        self.operation = operation
    }
}

/// A ``Grader/textSimilarity(_:)`` grader: a similarity score between 0 and 1.
public struct TextSimilarityGrader: Codable, Sendable {
    public var name: String
    public var input: String
    public var reference: String
    public var evaluationMetric: Metric

    /// How similarity is measured; any value the API adds later is kept as its raw string.
    public struct Metric: RawRepresentable, Codable, Hashable, Sendable, ExpressibleByStringLiteral {
        public var rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        public init(stringLiteral value: String) { self.rawValue = value }
        public init(from decoder: any Decoder) throws { rawValue = try decoder.singleValueContainer().decode(String.self) }
        public func encode(to encoder: any Encoder) throws {
            var container = encoder.singleValueContainer()
            try container.encode(rawValue)
        }

        public static let cosine = Metric(rawValue: "cosine")
        public static let fuzzyMatch = Metric(rawValue: "fuzzy_match")
        public static let bleu = Metric(rawValue: "bleu")
        public static let gleu = Metric(rawValue: "gleu")
        public static let meteor = Metric(rawValue: "meteor")
        public static let rouge1 = Metric(rawValue: "rouge_1")
        public static let rouge2 = Metric(rawValue: "rouge_2")
        public static let rouge3 = Metric(rawValue: "rouge_3")
        public static let rouge4 = Metric(rawValue: "rouge_4")
        public static let rouge5 = Metric(rawValue: "rouge_5")
        public static let rougeL = Metric(rawValue: "rouge_l")
    }

    public init(name: String, input: String, reference: String, evaluationMetric: Metric) {
        self.name = name
        self.input = input
        self.reference = reference
        self.evaluationMetric = evaluationMetric
    }

    enum CodingKeys: String, CodingKey {
        case name, input, reference
        case evaluationMetric = "evaluation_metric"
    }
}

/// A ``Grader/python(_:)`` grader: `source` defines `grade(sample, item) -> float`.
public struct PythonGrader: Codable, Sendable {
    public var name: String
    public var source: String
    /// The image the code runs in; the API's default when nil.
    public var imageTag: String?

    public init(name: String, source: String, imageTag: String? = nil) {
        self.name = name
        self.source = source
        self.imageTag = imageTag
    }

    enum CodingKeys: String, CodingKey {
        case name, source
        case imageTag = "image_tag"
    }
}

/// A message a model grader is prompted with; `content` is a template (or content parts).
public struct GraderMessage: Codable, Sendable {
    /// `system`, `developer`, `user` or `assistant`.
    public var role: String
    public var content: JSONValue
    /// `message` when sent; optional on the wire.
    public var type: String?

    public init(role: String, content: String) {
        self.role = role
        self.content = .string(content)
        self.type = nil
    }

    public init(role: String, content: JSONValue, type: String? = nil) {
        self.role = role
        self.content = content
        self.type = type
    }
}

/// A ``Grader/scoreModel(_:)`` grader: a model answers a score within ``range``.
public struct ScoreModelGrader: Codable, Sendable {
    public var name: String
    public var model: String
    public var input: [GraderMessage]
    /// The lowest and highest score; `[0, 1]` when nil.
    public var range: [Double]?
    /// Sampling for the grading model (`seed`, `temperature`, `top_p`, `max_completions_tokens`, `reasoning_effort`).
    public var samplingParams: [String: JSONValue]?

    public init(name: String, model: String, input: [GraderMessage], range: [Double]? = nil, samplingParams: [String: JSONValue]? = nil) {
        self.name = name
        self.model = model
        self.input = input
        self.range = range
        self.samplingParams = samplingParams
    }

    enum CodingKeys: String, CodingKey {
        case name, model, input, range
        case samplingParams = "sampling_params"
    }
}

/// A ``Grader/labelModel(_:)`` grader: a model picks one of ``labels``; reward 1 when it is one of ``passingLabels``.
public struct LabelModelGrader: Codable, Sendable {
    public var name: String
    public var model: String
    public var input: [GraderMessage]
    public var labels: [String]
    public var passingLabels: [String]

    public init(name: String, model: String, input: [GraderMessage], labels: [String], passingLabels: [String]) {
        self.name = name
        self.model = model
        self.input = input
        self.labels = labels
        self.passingLabels = passingLabels
    }

    enum CodingKeys: String, CodingKey {
        case name, model, input, labels
        case passingLabels = "passing_labels"
    }
}

/// A ``Grader/multi(_:)`` grader: ``calculateOutput`` combines its graders' rewards by name,
/// e.g. `"0.5 * exact + 0.5 * close"`.
public struct MultiGrader: Codable, Sendable {
    public var name: String
    /// The graders by the names ``calculateOutput`` uses.
    public var graders: [String: Grader]
    public var calculateOutput: String

    public init(name: String, graders: [String: Grader], calculateOutput: String) {
        self.name = name
        self.graders = graders
        self.calculateOutput = calculateOutput
    }

    enum CodingKeys: String, CodingKey {
        case name, graders
        case calculateOutput = "calculate_output"
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        name = try container.decode(String.self, forKey: .name)
        calculateOutput = try container.decode(String.self, forKey: .calculateOutput)
        // Either named graders or, as some descriptions of the API show it, a single grader (named by its name).
        let raw = try container.decode([String: JSONValue].self, forKey: .graders)
        if case .string = raw["type"] {
            let single = try container.decode(Grader.self, forKey: .graders)
            graders = [single.name ?? "grader": single]
        } else {
            graders = try container.decode([String: Grader].self, forKey: .graders)
        }
    }
}
