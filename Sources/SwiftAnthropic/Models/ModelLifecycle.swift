import AICore

/// Where a model is in its life: what ``ModelInfo/lifecycle`` says and what
/// ``AnthropicService/listModels(lifecycle:limit:beforeID:afterID:options:)`` filters on.
public enum ModelLifecycle: Sendable, Hashable, Codable {
    /// Available, open to new adopters, not scheduled for retirement.
    case active
    /// Still callable for organizations that use it, closed to new adopters, headed for retirement.
    case deprecated
    /// No longer callable; listed only as the record of its retirement (and only when asked for).
    case retired
    /// A stage this library does not know yet, as sent.
    case other(String)

    /// The value on the wire, e.g. `active`.
    public var value: String {
        switch self {
        case .active: "active"
        case .deprecated: "deprecated"
        case .retired: "retired"
        case .other(let value): value
        }
    }

    /// The stage whose wire value is `value`.
    public init(value: String) {
        self = [Self.active, .deprecated, .retired].first { $0.value == value } ?? .other(value)
    }

    public init(from decoder: any Decoder) throws {
        self.init(value: try decoder.singleValueContainer().decode(String.self))
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(value)
    }
}

/// A Claude model line, such as Opus for both Claude Opus 4.5 and Claude Opus 4.6 (``ModelInfo/line``).
public enum ModelLine: Sendable, Hashable, Codable {
    /// Claude Haiku: the fastest, cheapest models.
    case haiku
    /// Claude Sonnet: the balance of speed and intelligence.
    case sonnet
    /// Claude Opus: the most capable models.
    case opus
    /// Claude Fable.
    case fable
    /// Claude Mythos.
    case mythos
    /// A line this library does not know yet, as sent.
    case other(String)

    /// The value on the wire, e.g. `opus`.
    public var value: String {
        switch self {
        case .haiku: "haiku"
        case .sonnet: "sonnet"
        case .opus: "opus"
        case .fable: "fable"
        case .mythos: "mythos"
        case .other(let value): value
        }
    }

    /// The line whose wire value is `value`.
    public init(value: String) {
        self = [Self.haiku, .sonnet, .opus, .fable, .mythos].first { $0.value == value } ?? .other(value)
    }

    public init(from decoder: any Decoder) throws {
        self.init(value: try decoder.singleValueContainer().decode(String.self))
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(value)
    }
}
