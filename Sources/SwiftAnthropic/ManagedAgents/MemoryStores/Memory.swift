import AICore
import Foundation

/// A memory: a UTF-8 text document at a path in a memory store. Its id stays when its path changes.
public struct Memory: Codable, Sendable, Hashable, Identifiable {
    /// The memory's id (`mem_…`).
    public let id: String
    /// `memory`.
    public let type: String
    /// The store it is in (`memstore_…`).
    public let memoryStoreID: String
    /// Its path, e.g. `/projects/foo/notes.md` (starts with `/`, case-sensitive, unique in the store).
    public let path: String
    /// The text; nil when the answer used ``MemoryView/basic``.
    public let content: String?
    /// The content's size in UTF-8 bytes, whatever the view.
    public let contentSizeBytes: Int
    /// Lowercase hex SHA-256 of the content's UTF-8 bytes, whatever the view: compare it to detect changes, or
    /// send it as a precondition so an update or delete applies only to the content you read.
    public let contentSHA256: String
    /// The version holding the current content (`memver_…`).
    public let memoryVersionID: String
    /// When it was created (RFC 3339).
    public let createdAt: String
    /// When it last changed (RFC 3339).
    public let updatedAt: String
    /// Fields of the answer this version of the library doesn't model.
    public let additionalFields: [String: JSONValue]

    enum CodingKeys: String, CodingKey, CaseIterable {
        case id, type, path, content
        case memoryStoreID = "memory_store_id"
        case contentSizeBytes = "content_size_bytes"
        case contentSHA256 = "content_sha256"
        case memoryVersionID = "memory_version_id"
        case createdAt = "created_at"
        case updatedAt = "updated_at"
    }

    /// Reads a memory, keeping the fields the library doesn't model.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decode(String.self, forKey: .id)
        type = try container.decodeIfPresent(String.self, forKey: .type) ?? "memory"
        memoryStoreID = try container.decode(String.self, forKey: .memoryStoreID)
        path = try container.decode(String.self, forKey: .path)
        content = try container.decodeIfPresent(String.self, forKey: .content)
        contentSizeBytes = try container.decode(Int.self, forKey: .contentSizeBytes)
        contentSHA256 = try container.decode(String.self, forKey: .contentSHA256)
        memoryVersionID = try container.decode(String.self, forKey: .memoryVersionID)
        createdAt = try container.decode(String.self, forKey: .createdAt)
        updatedAt = try container.decode(String.self, forKey: .updatedAt)
        additionalFields = try AdditionalFields.additional(in: decoder, known: CodingKeys.allCases.map(\.rawValue))
    }

    /// Writes the memory as the API answers it, with the fields it kept.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode(type, forKey: .type)
        try container.encode(memoryStoreID, forKey: .memoryStoreID)
        try container.encode(path, forKey: .path)
        try container.encode(content, forKey: .content)
        try container.encode(contentSizeBytes, forKey: .contentSizeBytes)
        try container.encode(contentSHA256, forKey: .contentSHA256)
        try container.encode(memoryVersionID, forKey: .memoryVersionID)
        try container.encode(createdAt, forKey: .createdAt)
        try container.encode(updatedAt, forKey: .updatedAt)
        try AdditionalFields.encode(additionalFields, to: encoder)
    }
}

/// One item of a memory list: a memory, or — when listing one level deep — a directory standing for the memories
/// below it.
public enum MemoryListItem: Codable, Sendable, Hashable {
    /// A memory.
    case memory(Memory)
    /// A path prefix ending in `/` (e.g. `/projects/foo/`): pass it as `pathPrefix` to list inside it.
    case prefix(path: String)
    /// An item type this version of the library doesn't know, as JSON.
    case unknown(JSONValue)

    private enum CodingKeys: String, CodingKey { case type, path }

    /// The memory, when this item is one.
    public var memory: Memory? {
        if case .memory(let memory) = self { return memory }
        return nil
    }

    /// The item's path (the memory's, or the prefix).
    public var path: String? {
        switch self {
        case .memory(let memory): memory.path
        case .prefix(let path): path
        case .unknown(let raw): raw["path"]?.stringValue
        }
    }

    /// Reads an item by its `type`.
    public init(from decoder: any Decoder) throws {
        let raw = try JSONValue(from: decoder)
        switch decoder.stringField(named: "type") {
        case "memory": self = (try? .memory(Memory(from: decoder))) ?? .unknown(raw)
        case "memory_prefix": self = raw["path"]?.stringValue.map { .prefix(path: $0) } ?? .unknown(raw)
        default: self = .unknown(raw)
        }
    }

    /// Writes the item with its `type`.
    public func encode(to encoder: any Encoder) throws {
        switch self {
        case .memory(let memory): try memory.encode(to: encoder)
        case .prefix(let path):
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode("memory_prefix", forKey: .type)
            try container.encode(path, forKey: .path)
        case .unknown(let raw): try raw.encode(to: encoder)
        }
    }
}
