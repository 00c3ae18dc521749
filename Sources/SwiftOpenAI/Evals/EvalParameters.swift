import AICore
import Foundation

/// [Creates an eval](https://platform.openai.com/docs/api-reference/evals/create).
public struct EvalParameters: Encodable, Sendable {
    public var name: String?
    /// Where the test data comes from, and so what `{{item.…}}` the graders can read.
    public var dataSourceConfig: DataSourceConfig
    /// The graders every run's outputs are checked by.
    public var testingCriteria: [EvalTestingCriterion]
    public var metadata: [String: String]?

    public init(name: String? = nil, dataSourceConfig: DataSourceConfig, testingCriteria: [EvalTestingCriterion], metadata: [String: String]? = nil) {
        self.name = name
        self.dataSourceConfig = dataSourceConfig
        self.testingCriteria = testingCriteria
        self.metadata = metadata
    }

    /// The data an eval is run on.
    public enum DataSourceConfig: Encodable, Sendable {
        /// Your own rows, each matching `itemSchema` (a JSON schema object). With `includeSampleSchema` the graders
        /// can also read the model's answer (`{{sample.output_text}}`), which runs then generate.
        case custom(itemSchema: JSONValue, includeSampleSchema: Bool? = nil)
        /// Logged responses and completions whose metadata matches.
        case logs(metadata: [String: String]? = nil)
        /// Stored chat completions whose metadata matches.
        case storedCompletions(metadata: [String: String]? = nil)

        private enum CodingKeys: String, CodingKey {
            case type, metadata
            case itemSchema = "item_schema"
            case includeSampleSchema = "include_sample_schema"
        }

        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            switch self {
            case .custom(let itemSchema, let includeSampleSchema):
                try container.encode("custom", forKey: .type)
                try container.encode(itemSchema, forKey: .itemSchema)
                try container.encodeIfPresent(includeSampleSchema, forKey: .includeSampleSchema)
            case .logs(let metadata):
                try container.encode("logs", forKey: .type)
                try container.encodeIfPresent(metadata, forKey: .metadata)
            case .storedCompletions(let metadata):
                try container.encode("stored_completions", forKey: .type)
                try container.encodeIfPresent(metadata, forKey: .metadata)
            }
        }
    }

    enum CodingKeys: String, CodingKey {
        case name, metadata
        case dataSourceConfig = "data_source_config"
        case testingCriteria = "testing_criteria"
    }
}

/// [Updates an eval](https://platform.openai.com/docs/api-reference/evals/update): only what is set changes.
public struct EvalUpdateParameters: Encodable, Sendable {
    public var name: String?
    /// Replaces the eval's metadata.
    public var metadata: [String: String]?

    public init(name: String? = nil, metadata: [String: String]? = nil) {
        self.name = name
        self.metadata = metadata
    }
}

/// [Creates an eval run](https://platform.openai.com/docs/api-reference/evals/createRun).
public struct EvalRunParameters: Encodable, Sendable {
    public var name: String?
    /// The rows to grade, and how the model's outputs are made.
    public var dataSource: EvalRunDataSource
    public var metadata: [String: String]?

    public init(name: String? = nil, dataSource: EvalRunDataSource, metadata: [String: String]? = nil) {
        self.name = name
        self.dataSource = dataSource
        self.metadata = metadata
    }

    enum CodingKeys: String, CodingKey {
        case name, metadata
        case dataSource = "data_source"
    }
}

/// Which evals a list returns.
public struct EvalListParameters: Sendable {
    /// Page size (1…100).
    public var limit: Int?
    /// `asc` (default) or `desc`.
    public var order: String?
    /// Return evals after this id.
    public var after: String?
    /// `created_at` (default) or `updated_at`.
    public var orderBy: String?

    public init(limit: Int? = nil, order: String? = nil, after: String? = nil, orderBy: String? = nil) {
        self.limit = limit
        self.order = order
        self.after = after
        self.orderBy = orderBy
    }

    var queryItems: [URLQueryItem] {
        var items = ListParameters(limit: limit, order: order, after: after).queryItems
        if let orderBy { items.append(URLQueryItem(name: "order_by", value: orderBy)) }
        return items
    }
}

/// Which runs, or which output items of a run, a list returns.
public struct EvalRunListParameters: Sendable {
    /// Page size (1…100).
    public var limit: Int?
    /// `asc` (default) or `desc`.
    public var order: String?
    /// Return entries after this id.
    public var after: String?
    /// Runs: `queued`, `in_progress`, `completed`, `canceled` or `failed`; output items: `pass` or `fail`.
    public var status: String?

    public init(limit: Int? = nil, order: String? = nil, after: String? = nil, status: String? = nil) {
        self.limit = limit
        self.order = order
        self.after = after
        self.status = status
    }

    var queryItems: [URLQueryItem] {
        var items = ListParameters(limit: limit, order: order, after: after).queryItems
        if let status { items.append(URLQueryItem(name: "status", value: status)) }
        return items
    }
}
