import AICore
import Foundation

/// An [eval](https://platform.openai.com/docs/api-reference/evals/object): the shape of its test data and the
/// criteria every run's outputs are graded by.
public struct EvalObject: Codable, Sendable {
    public let id: String
    /// `eval`.
    public let object: String?
    public let name: String
    /// The JSON schema of the rows (`item`) and, when sampled, of the model outputs (`sample`).
    public let dataSourceConfig: EvalDataSourceConfig
    public let testingCriteria: [EvalTestingCriterion]
    /// Seconds since 1970.
    public let createdAt: Int
    public let metadata: [String: String]?

    enum CodingKeys: String, CodingKey {
        case id, object, name, metadata
        case dataSourceConfig = "data_source_config"
        case testingCriteria = "testing_criteria"
        case createdAt = "created_at"
    }
}

/// Where an eval's test data comes from, as the eval reports it.
public enum EvalDataSourceConfig: Codable, Sendable {
    /// Your own rows, described by `schema`.
    case custom(schema: JSONValue)
    /// Logged responses and completions matching `metadata`.
    case logs(schema: JSONValue, metadata: [String: String]?)
    /// Stored chat completions matching `metadata`.
    case storedCompletions(schema: JSONValue, metadata: [String: String]?)
    /// A kind this library does not know, with its JSON.
    case unknown(type: String, raw: JSONValue)

    /// The JSON schema of the data the graders see.
    public var schema: JSONValue? {
        switch self {
        case .custom(let schema), .logs(let schema, _), .storedCompletions(let schema, _): schema
        case .unknown(_, let raw): raw["schema"]
        }
    }

    private enum CodingKeys: String, CodingKey { case type, schema, metadata }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let type = try container.decode(String.self, forKey: .type)
        switch type {
        case "custom": self = .custom(schema: try container.decode(JSONValue.self, forKey: .schema))
        case "logs":
            self = .logs(
                schema: try container.decode(JSONValue.self, forKey: .schema),
                metadata: try container.decodeIfPresent([String: String].self, forKey: .metadata))
        case "stored_completions":
            self = .storedCompletions(
                schema: try container.decode(JSONValue.self, forKey: .schema),
                metadata: try container.decodeIfPresent([String: String].self, forKey: .metadata))
        default: self = .unknown(type: type, raw: try JSONValue(from: decoder))
        }
    }

    public func encode(to encoder: any Encoder) throws {
        if case .unknown(_, let raw) = self { return try raw.encode(to: encoder) }
        var container = encoder.container(keyedBy: CodingKeys.self)
        switch self {
        case .custom(let schema):
            try container.encode("custom", forKey: .type)
            try container.encode(schema, forKey: .schema)
        case .logs(let schema, let metadata):
            try container.encode("logs", forKey: .type)
            try container.encode(schema, forKey: .schema)
            try container.encodeIfPresent(metadata, forKey: .metadata)
        case .storedCompletions(let schema, let metadata):
            try container.encode("stored_completions", forKey: .type)
            try container.encode(schema, forKey: .schema)
            try container.encodeIfPresent(metadata, forKey: .metadata)
        case .unknown: break
        }
    }
}

/// What deleting an eval or a run answers.
public struct EvalDeletion: Codable, Sendable {
    /// `eval.deleted` or `eval.run.deleted`.
    public let object: String
    public let deleted: Bool
    /// The eval deleted (for an eval).
    public let evalID: String?
    /// The run deleted (for a run).
    public let runID: String?

    enum CodingKeys: String, CodingKey {
        case object, deleted
        case evalID = "eval_id"
        case runID = "run_id"
    }
}
