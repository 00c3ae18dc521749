import AICore

/// A model the API offers ([Models](https://docs.anthropic.com/en/api/models-list)): its id and name, what it can
/// do, its limits and where it is in its lifecycle.
///
/// Fields the library does not model yet are kept in ``additionalFields`` and encoded back.
public struct ModelInfo: Codable, Sendable {
    /// The model id to send in requests, e.g. `claude-opus-4-6` (``Model/init(id:)`` names it).
    public let id: String
    /// Always `model`.
    public let type: String
    /// A human-readable name for showing in a UI, e.g. `Claude Opus 4.6`.
    public let displayName: String
    /// RFC 3339 release date (an epoch value when the date is unknown).
    public let createdAt: String
    /// What the model supports (batches, citations, thinking types, effort levels, server tools…); nil from
    /// servers that don't say.
    public let capabilities: ModelCapabilities?
    /// Whether the model is active, deprecated (still callable, closed to new adopters) or retired; nil from
    /// servers that don't say.
    public let lifecycle: ModelLifecycle?
    /// The model line (`opus`, `sonnet`, `haiku`…); nil when the model belongs to none. Don't infer it from the id.
    public let line: ModelLine?
    /// The largest input context window, in tokens.
    public let maxInputTokens: Int?
    /// The largest `max_tokens` a request to this model may ask for.
    public let maxTokens: Int?
    /// RFC 3339 time of the model's most recent deprecation; nil while it is active.
    public let deprecatedAt: String?
    /// RFC 3339 time of the scheduled retirement; nil while active or unscheduled. A past date on a deprecated
    /// model means retirement is overdue: ``lifecycle`` is what says it is retired.
    public let retiresAt: String?
    /// Fields the server sent that this type does not model, kept as JSON.
    public var additionalFields: [String: JSONValue]

    /// A model, e.g. for a test double.
    public init(
        id: String, displayName: String, createdAt: String, capabilities: ModelCapabilities? = nil, lifecycle: ModelLifecycle? = nil,
        line: ModelLine? = nil, maxInputTokens: Int? = nil, maxTokens: Int? = nil, deprecatedAt: String? = nil, retiresAt: String? = nil,
        type: String = "model", additionalFields: [String: JSONValue] = [:]
    ) {
        self.id = id
        self.type = type
        self.displayName = displayName
        self.createdAt = createdAt
        self.capabilities = capabilities
        self.lifecycle = lifecycle
        self.line = line
        self.maxInputTokens = maxInputTokens
        self.maxTokens = maxTokens
        self.deprecatedAt = deprecatedAt
        self.retiresAt = retiresAt
        self.additionalFields = additionalFields
    }

    /// The ``Model`` to send in requests for this model (a named case when one has this id).
    public var model: Model { Model(id: id) }

    enum CodingKeys: String, CodingKey, CaseIterable {
        case id, type, capabilities, lifecycle, line
        case displayName = "display_name"
        case createdAt = "created_at"
        case maxInputTokens = "max_input_tokens"
        case maxTokens = "max_tokens"
        case deprecatedAt = "deprecated_at"
        case retiresAt = "retires_at"
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decode(String.self, forKey: .id)
        type = try container.decodeIfPresent(String.self, forKey: .type) ?? "model"
        displayName = try container.decodeIfPresent(String.self, forKey: .displayName) ?? id
        createdAt = try container.decode(String.self, forKey: .createdAt)
        capabilities = try container.decodeIfPresent(ModelCapabilities.self, forKey: .capabilities)
        lifecycle = try container.decodeIfPresent(ModelLifecycle.self, forKey: .lifecycle)
        line = try container.decodeIfPresent(ModelLine.self, forKey: .line)
        maxInputTokens = try container.decodeIfPresent(Int.self, forKey: .maxInputTokens)
        maxTokens = try container.decodeIfPresent(Int.self, forKey: .maxTokens)
        deprecatedAt = try container.decodeIfPresent(String.self, forKey: .deprecatedAt)
        retiresAt = try container.decodeIfPresent(String.self, forKey: .retiresAt)
        additionalFields = try AdditionalFields.additional(in: decoder, known: CodingKeys.allCases.map(\.rawValue))
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode(type, forKey: .type)
        try container.encode(displayName, forKey: .displayName)
        try container.encode(createdAt, forKey: .createdAt)
        try container.encodeIfPresent(capabilities, forKey: .capabilities)
        try container.encodeIfPresent(lifecycle, forKey: .lifecycle)
        try container.encodeIfPresent(line, forKey: .line)
        try container.encodeIfPresent(maxInputTokens, forKey: .maxInputTokens)
        try container.encodeIfPresent(maxTokens, forKey: .maxTokens)
        try container.encodeIfPresent(deprecatedAt, forKey: .deprecatedAt)
        try container.encodeIfPresent(retiresAt, forKey: .retiresAt)
        try AdditionalFields.encode(additionalFields, to: encoder)
    }
}
