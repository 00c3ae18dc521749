import AICore

/// A model the API offers ([Models](https://docs.anthropic.com/en/api/models-list)).
public struct ModelInfo: Codable, Sendable {
    /// The model id to send in requests, e.g. `claude-sonnet-4-5-20250929`.
    public let id: String
    /// Always `model`.
    public let type: String
    /// A human-readable name for showing in a UI, e.g. `Claude Sonnet 4.5`.
    public let displayName: String
    /// RFC 3339 release date.
    public let createdAt: String

    enum CodingKeys: String, CodingKey {
        case id, type
        case displayName = "display_name"
        case createdAt = "created_at"
    }
}
