import AICore

/// A file of the [Files API](https://docs.anthropic.com/en/docs/build-with-claude/files) (beta).
public struct FileMetadata: Codable, Sendable {
    /// The file id (`file_…`), for the file endpoints and `DocumentSource.file(id:)` blocks.
    public let id: String
    /// Always `file`.
    public let type: String
    /// The name given when the file was uploaded.
    public let filename: String
    /// The MIME type of the content, e.g. `application/pdf`.
    public let mimeType: String
    /// The size of the content in bytes.
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
