import AICore

/// ``Model`` under a name no other module uses: write `AnthropicModel` in a file that also imports
/// SwiftOpenAI, whose `Model` names OpenAI models.
public typealias AnthropicModel = Model

/// A Claude model id; `.other` takes any id.
///
/// Each named case is sent as the id in ``value`` — a dated snapshot, or an alias such as
/// `claude-sonnet-4-5` that follows the newest snapshot; a string literal becomes `.other`.
public enum Model: Sendable, Hashable, ExpressibleByStringLiteral {
    case claudeInstant12
    case claude2
    case claude21
    case claude3Opus
    case claude3Sonnet
    case claude35Sonnet
    case claude3Haiku
    case claude35Haiku
    case claude37Sonnet
    case claudeSonnet4
    case claudeOpus4
    case claudeOpus41
    case claudeSonnet45
    case claudeHaiku45
    case claudeOpus45
    case other(String)

    /// A model by its id as written, e.g. `"claude-sonnet-4-5-20250929"`; always `.other`.
    public init(stringLiteral value: String) { self = .other(value) }

    /// The id sent on the wire.
    public var value: String {
        switch self {
        case .claudeInstant12: "claude-instant-1.2"
        case .claude2: "claude-2.0"
        case .claude21: "claude-2.1"
        case .claude3Opus: "claude-3-opus-20240229"
        case .claude3Sonnet: "claude-3-sonnet-20240229"
        case .claude35Sonnet: "claude-3-5-sonnet-latest"
        case .claude3Haiku: "claude-3-haiku-20240307"
        case .claude35Haiku: "claude-3-5-haiku-latest"
        case .claude37Sonnet: "claude-3-7-sonnet-latest"
        case .claudeSonnet4: "claude-sonnet-4-0"
        case .claudeOpus4: "claude-opus-4-0"
        case .claudeOpus41: "claude-opus-4-1"
        case .claudeSonnet45: "claude-sonnet-4-5"
        case .claudeHaiku45: "claude-haiku-4-5"
        case .claudeOpus45: "claude-opus-4-5"
        case .other(let id): id
        }
    }
}
