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
    case claudeOpus46
    case claudeSonnet46
    case claudeOpus47
    case claudeOpus48
    case claudeMythosPreview
    case claudeOpus5
    case claudeSonnet5
    case claudeMythos5
    case claudeFable5
    case claudeMythos51
    case claudeFable51
    case claudeOpus55
    case claudeSonnet55
    case claudeHaiku55
    case claudeMythos52
    case claudeFable52
    case other(String)

    /// A model by its id as written, e.g. `"claude-sonnet-4-5-20250929"`; always `.other`.
    public init(stringLiteral value: String) { self = .other(value) }

    /// The named case whose ``value`` is `id` (as the models list returns it), else `.other(id)`.
    public init(id: String) {
        self = Self.named.first { $0.value == id } ?? .other(id)
    }

    /// Every named model, oldest first.
    public static let named: [Model] = [
        .claudeInstant12, .claude2, .claude21, .claude3Opus, .claude3Sonnet, .claude35Sonnet, .claude3Haiku, .claude35Haiku,
        .claude37Sonnet, .claudeSonnet4, .claudeOpus4, .claudeOpus41, .claudeSonnet45, .claudeHaiku45, .claudeOpus45,
        .claudeOpus46, .claudeSonnet46, .claudeOpus47, .claudeOpus48, .claudeMythosPreview, .claudeOpus5, .claudeSonnet5, .claudeMythos5,
        .claudeFable5, .claudeMythos51, .claudeFable51, .claudeOpus55, .claudeSonnet55, .claudeHaiku55, .claudeMythos52, .claudeFable52,
    ]

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
        case .claudeOpus46: "claude-opus-4-6"
        case .claudeSonnet46: "claude-sonnet-4-6"
        case .claudeOpus47: "claude-opus-4-7"
        case .claudeOpus48: "claude-opus-4-8"
        case .claudeMythosPreview: "claude-mythos-preview"
        case .claudeOpus5: "claude-opus-5"
        case .claudeSonnet5: "claude-sonnet-5"
        case .claudeMythos5: "claude-mythos-5"
        case .claudeFable5: "claude-fable-5"
        case .claudeMythos51: "claude-mythos-5-1"
        case .claudeFable51: "claude-fable-5-1"
        case .claudeOpus55: "claude-opus-5-5"
        case .claudeSonnet55: "claude-sonnet-5-5"
        case .claudeHaiku55: "claude-haiku-5-5"
        case .claudeMythos52: "claude-mythos-5-2"
        case .claudeFable52: "claude-fable-5-2"
        case .other(let id): id
        }
    }
}
