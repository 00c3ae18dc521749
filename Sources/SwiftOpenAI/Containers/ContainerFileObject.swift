import AICore
import Foundation

/// A [file in a container](https://platform.openai.com/docs/api-reference/container-files/object): one you put there,
/// or one code in the container wrote.
public struct ContainerFileObject: Codable, Sendable {
    public let id: String
    /// Always `container.file`.
    public let object: String
    public let containerID: String
    /// Seconds since 1970.
    public let createdAt: Int
    public let bytes: Int
    /// Where the file is inside the container, e.g. `/mnt/data/report.csv`.
    public let path: String
    /// Who put it there: `user` for uploads and copies, `assistant` for files code wrote (any value is kept).
    public let source: String
    /// Fields of the object this version of the library does not know yet, as sent.
    public let additionalFields: [String: JSONValue]

    /// The file's name: the last component of ``path``.
    public var filename: String { (path as NSString).lastPathComponent }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decode(String.self, forKey: .id)
        object = try container.decodeIfPresent(String.self, forKey: .object) ?? "container.file"
        containerID = try container.decodeIfPresent(String.self, forKey: .containerID) ?? ""
        createdAt = try container.decodeIfPresent(Int.self, forKey: .createdAt) ?? 0
        bytes = try container.decodeIfPresent(Int.self, forKey: .bytes) ?? 0
        path = try container.decodeIfPresent(String.self, forKey: .path) ?? ""
        source = try container.decodeIfPresent(String.self, forKey: .source) ?? ""
        additionalFields = try AdditionalFields.additional(in: decoder, known: CodingKeys.allCases.map(\.rawValue))
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode(object, forKey: .object)
        try container.encode(containerID, forKey: .containerID)
        try container.encode(createdAt, forKey: .createdAt)
        try container.encode(bytes, forKey: .bytes)
        try container.encode(path, forKey: .path)
        try container.encode(source, forKey: .source)
        try AdditionalFields.encode(additionalFields, to: encoder)
    }

    enum CodingKeys: String, CodingKey, CaseIterable {
        case id, object
        case containerID = "container_id"
        case createdAt = "created_at"
        case bytes, path, source
    }
}

/// What to put into a container: bytes uploaded with the request, or a file already uploaded with the Files API.
public enum ContainerFileSource: Sendable {
    /// Uploads `data` as a file named `fileName` (for small files; ``OpenAIService/uploadContainerFile(containerID:fileAt:directUploadLimit:options:)``
    /// sends a file from disk without holding a large one in memory).
    case upload(fileName: String, data: Data)
    /// Copies a file uploaded with ``OpenAIFilesService/uploadFile(parameters:options:)`` (by its id).
    case fileID(String)
}
