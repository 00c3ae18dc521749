import AICore
import Foundation

/// [Creates an upload](https://platform.openai.com/docs/api-reference/uploads/create) for a file of up to 8 GB sent in parts.
public struct UploadParameters: Encodable, Sendable {
    public var filename: String
    public var purpose: String
    /// The total size in bytes.
    public var bytes: Int
    public var mimeType: String

    public init(filename: String, purpose: String, bytes: Int, mimeType: String) {
        self.filename = filename
        self.purpose = purpose
        self.bytes = bytes
        self.mimeType = mimeType
    }

    enum CodingKeys: String, CodingKey {
        case filename, purpose, bytes
        case mimeType = "mime_type"
    }
}

/// An [upload](https://platform.openai.com/docs/api-reference/uploads/object).
public struct UploadObject: Codable, Sendable {
    public let id: String
    public let object: String?
    public let bytes: Int
    public let createdAt: Int
    public let filename: String
    public let purpose: String
    /// `pending`, `completed`, `cancelled` or `expired`.
    public let status: String
    public let expiresAt: Int?
    /// The file, once completed.
    public let file: FileObject?

    enum CodingKeys: String, CodingKey {
        case id, object, bytes
        case createdAt = "created_at"
        case filename, purpose, status
        case expiresAt = "expires_at"
        case file
    }
}

/// A part of an upload.
public struct UploadPartObject: Codable, Sendable {
    public let id: String
    public let object: String?
    public let createdAt: Int
    public let uploadId: String

    enum CodingKeys: String, CodingKey {
        case id, object
        case createdAt = "created_at"
        case uploadId = "upload_id"
    }
}
