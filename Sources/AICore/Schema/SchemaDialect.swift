/// The schema rules of a provider's structured outputs or strict tools.
public enum SchemaDialect: String, Sendable, CaseIterable {
    /// OpenAI strict mode (`strict: true` on `json_schema` formats and functions): every property required
    /// (optional ones as a union with `null`), `additionalProperties: false` on every object, a root object,
    /// a subset of keywords, at most 10 levels and 5,000 properties, enums of at most 1,000 values.
    case openAIStrict
    /// Anthropic structured outputs (`output_config.format`, strict tools): `additionalProperties: false`,
    /// no numeric or length constraints, `minItems` 0 or 1.
    case anthropic
    /// OpenAI-compatible servers and non-strict tools: the schema as written; only references are checked.
    case lenient
}

/// Something a provider would reject in a schema, found before the request is sent.
public struct SchemaIssue: Sendable, Hashable, CustomStringConvertible {
    /// Where, as a JSON pointer into the schema (`#/properties/tags/items`).
    public let path: String
    public let message: String

    public init(path: String, message: String) {
        self.path = path
        self.message = message
    }

    public var description: String { "\(path): \(message)" }
}

/// A schema that a provider would reject even after ``JSONSchema/normalized(for:)``.
public struct SchemaValidationError: Error, Sendable, CustomStringConvertible {
    public let dialect: SchemaDialect
    public let issues: [SchemaIssue]

    public var description: String {
        "The schema is not valid for \(dialect.rawValue): " + issues.map(\.description).joined(separator: "; ")
    }
}
