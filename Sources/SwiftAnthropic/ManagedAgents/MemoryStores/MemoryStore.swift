import AICore
import Foundation

/// A memory store: text documents by path that agents read and write across sessions. Attached to a session, it
/// is mounted under `/mnt/memory/`; apps read and edit the same memories through the API.
public struct MemoryStore: Codable, Sendable, Hashable, Identifiable {
    /// The store's id (`memstore_…`).
    public let id: String
    /// `memory_store`.
    public let type: String
    /// Human-readable name (its mount directory is derived from it).
    public let name: String
    /// What the store holds, shown to the agent; empty when unset.
    public let description: String
    /// Key-value pairs for the app's own use (e.g. the end user the store belongs to).
    public let metadata: [String: String]
    /// When it was created (RFC 3339).
    public let createdAt: String
    /// When its name, description or metadata last changed, or it was archived (RFC 3339).
    public let updatedAt: String
    /// When it was archived (RFC 3339); nil while it is active. An archived store is read-only.
    public let archivedAt: String?
    /// Fields of the answer this version of the library doesn't model.
    public let additionalFields: [String: JSONValue]

    /// Whether the store is archived.
    public var isArchived: Bool { archivedAt != nil }

    enum CodingKeys: String, CodingKey, CaseIterable {
        case id, type, name, description, metadata
        case createdAt = "created_at"
        case updatedAt = "updated_at"
        case archivedAt = "archived_at"
    }

    /// Reads a store, keeping the fields the library doesn't model.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decode(String.self, forKey: .id)
        type = try container.decodeIfPresent(String.self, forKey: .type) ?? "memory_store"
        name = try container.decode(String.self, forKey: .name)
        description = try container.decodeIfPresent(String.self, forKey: .description) ?? ""
        metadata = try container.decodeIfPresent([String: String].self, forKey: .metadata) ?? [:]
        createdAt = try container.decode(String.self, forKey: .createdAt)
        updatedAt = try container.decode(String.self, forKey: .updatedAt)
        archivedAt = try container.decodeIfPresent(String.self, forKey: .archivedAt)
        additionalFields = try AdditionalFields.additional(in: decoder, known: CodingKeys.allCases.map(\.rawValue))
    }

    /// Writes the store as the API answers it, with the fields it kept.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode(type, forKey: .type)
        try container.encode(name, forKey: .name)
        try container.encode(description, forKey: .description)
        try container.encode(metadata, forKey: .metadata)
        try container.encode(createdAt, forKey: .createdAt)
        try container.encode(updatedAt, forKey: .updatedAt)
        try container.encode(archivedAt, forKey: .archivedAt)
        try AdditionalFields.encode(additionalFields, to: encoder)
    }
}

/// Whether memories and memory versions in an answer carry their `content`: `basic` leaves it out (size and
/// SHA-256 stay), `full` includes it (lists then hold at most 20 a page). Retrieves default to full; lists,
/// creates and updates to basic.
public enum MemoryView: String, Codable, Sendable, Hashable {
    /// Without content.
    case basic
    /// With content.
    case full
}
