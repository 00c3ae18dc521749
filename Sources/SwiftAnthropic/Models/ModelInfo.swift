import AICore

/// A model the API offers ([Models](https://docs.anthropic.com/en/api/models-list)).
public struct ModelInfo: Codable, Sendable {
    public let id: String
    /// Always `model`.
    public let type: String
    public let displayName: String
    /// RFC 3339 release date.
    public let createdAt: String

    enum CodingKeys: String, CodingKey {
        case id, type
        case displayName = "display_name"
        case createdAt = "created_at"
    }
}
