import AICore

/// A file of the [Files API](https://docs.anthropic.com/en/docs/build-with-claude/files) (beta).
public struct FileMetadata: Codable, Sendable {
    public let id: String
    /// Always `file`.
    public let type: String
    public let filename: String
    public let mimeType: String
    public let sizeBytes: Int
    /// RFC 3339 timestamp.
    public let createdAt: String
    /// Whether the content can be downloaded (files the model created can; uploads cannot).
    public let downloadable: Bool?

    enum CodingKeys: String, CodingKey {
        case id, type, filename, downloadable
        case mimeType = "mime_type"
        case sizeBytes = "size_bytes"
        case createdAt = "created_at"
    }
}
