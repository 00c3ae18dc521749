import AICore
import Foundation

/// One entry in a memory's history: a single change and who made it. Versions belong to the store and outlive
/// the memory; only redaction changes one afterwards (clearing its content and path).
public struct MemoryVersion: Codable, Sendable, Hashable, Identifiable {
    /// The version's id (`memver_…`).
    public let id: String
    /// `memory_version`.
    public let type: String
    /// The memory it belongs to (`mem_…`), still valid after the memory is deleted.
    public let memoryID: String
    /// The store it belongs to (`memstore_…`).
    public let memoryStoreID: String
    /// What the change was: created, modified or deleted.
    public let operation: MemoryVersionOperation
    /// The path at the time; nil once redacted.
    public let path: String?
    /// The content as of this version; nil with ``MemoryView/basic``, for a deletion, or once redacted.
    public let content: String?
    /// The content's size in bytes; nil for a deletion or once redacted.
    public let contentSizeBytes: Int?
    /// The content's SHA-256 (lowercase hex); nil for a deletion or once redacted.
    public let contentSHA256: String?
    /// Who made the change, when recorded.
    public let createdBy: MemoryActor?
    /// When the change was made (RFC 3339).
    public let createdAt: String
    /// When the version was redacted (RFC 3339); nil if it hasn't been.
    public let redactedAt: String?
    /// Who redacted it.
    public let redactedBy: MemoryActor?
    /// Fields of the answer this version of the library doesn't model.
    public let additionalFields: [String: JSONValue]

    /// Whether the version was redacted.
    public var isRedacted: Bool { redactedAt != nil }

    enum CodingKeys: String, CodingKey, CaseIterable {
        case id, type, operation, path, content
        case memoryID = "memory_id"
        case memoryStoreID = "memory_store_id"
        case contentSizeBytes = "content_size_bytes"
        case contentSHA256 = "content_sha256"
        case createdBy = "created_by"
        case createdAt = "created_at"
        case redactedAt = "redacted_at"
        case redactedBy = "redacted_by"
    }

    /// Reads a version, keeping the fields the library doesn't model.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decode(String.self, forKey: .id)
        type = try container.decodeIfPresent(String.self, forKey: .type) ?? "memory_version"
        memoryID = try container.decode(String.self, forKey: .memoryID)
        memoryStoreID = try container.decode(String.self, forKey: .memoryStoreID)
        operation = try container.decode(MemoryVersionOperation.self, forKey: .operation)
        path = try container.decodeIfPresent(String.self, forKey: .path)
        content = try container.decodeIfPresent(String.self, forKey: .content)
        contentSizeBytes = try container.decodeIfPresent(Int.self, forKey: .contentSizeBytes)
        contentSHA256 = try container.decodeIfPresent(String.self, forKey: .contentSHA256)
        createdBy = try container.decodeIfPresent(MemoryActor.self, forKey: .createdBy)
        createdAt = try container.decode(String.self, forKey: .createdAt)
        redactedAt = try container.decodeIfPresent(String.self, forKey: .redactedAt)
        redactedBy = try container.decodeIfPresent(MemoryActor.self, forKey: .redactedBy)
        additionalFields = try AdditionalFields.additional(in: decoder, known: CodingKeys.allCases.map(\.rawValue))
    }

    /// Writes the version as the API answers it, with the fields it kept.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode(type, forKey: .type)
        try container.encode(memoryID, forKey: .memoryID)
        try container.encode(memoryStoreID, forKey: .memoryStoreID)
        try container.encode(operation, forKey: .operation)
        try container.encode(path, forKey: .path)
        try container.encode(content, forKey: .content)
        try container.encode(contentSizeBytes, forKey: .contentSizeBytes)
        try container.encode(contentSHA256, forKey: .contentSHA256)
        try container.encode(createdBy, forKey: .createdBy)
        try container.encode(createdAt, forKey: .createdAt)
        try container.encode(redactedAt, forKey: .redactedAt)
        try container.encode(redactedBy, forKey: .redactedBy)
        try AdditionalFields.encode(additionalFields, to: encoder)
    }
}

/// The kind of change a memory version records (any other kind is kept as it is spelled).
public struct MemoryVersionOperation: ManagedAgentsStringValue, ExpressibleByStringLiteral {
    /// The operation as the API spells it.
    public let rawValue: String
    /// An operation by name.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// An operation by name.
    public init(stringLiteral value: String) { self.rawValue = value }

    /// The memory was created: the first version of every memory.
    public static let created: MemoryVersionOperation = "created"
    /// Its content or path changed (through the API or the agent's mounted filesystem).
    public static let modified: MemoryVersionOperation = "modified"
    /// The memory was deleted.
    public static let deleted: MemoryVersionOperation = "deleted"
}

/// Who made or redacted a memory version.
public enum MemoryActor: Codable, Sendable, Hashable {
    /// An agent in a session, e.g. writing through the mounted filesystem (`sesn_…`).
    case session(sessionID: String)
    /// A caller of the API, by the id of its API key (`apikey_…`, not the secret).
    case apiKey(apiKeyID: String)
    /// A person, e.g. in the Console (`user_…`).
    case user(userID: String)
    /// A workload authenticated as a service account (`svac_…`).
    case serviceAccount(serviceAccountID: String)
    /// An actor type this version of the library doesn't know, as JSON.
    case unknown(JSONValue)

    private static let kinds: [(type: String, field: String)] = [
        ("session_actor", "session_id"), ("api_actor", "api_key_id"), ("user_actor", "user_id"),
        ("service_account_actor", "service_account_id"),
    ]

    /// Reads the actor by its `type`.
    public init(from decoder: any Decoder) throws {
        let raw = try JSONValue(from: decoder)
        let type = raw["type"]?.stringValue
        guard let kind = Self.kinds.first(where: { $0.type == type }), let id = raw[kind.field]?.stringValue else {
            self = .unknown(raw)
            return
        }
        switch kind.type {
        case "session_actor": self = .session(sessionID: id)
        case "api_actor": self = .apiKey(apiKeyID: id)
        case "user_actor": self = .user(userID: id)
        default: self = .serviceAccount(serviceAccountID: id)
        }
    }

    /// Writes the actor with its `type`.
    public func encode(to encoder: any Encoder) throws {
        let object: JSONValue
        switch self {
        case .session(let id): object = ["type": "session_actor", "session_id": .string(id)]
        case .apiKey(let id): object = ["type": "api_actor", "api_key_id": .string(id)]
        case .user(let id): object = ["type": "user_actor", "user_id": .string(id)]
        case .serviceAccount(let id): object = ["type": "service_account_actor", "service_account_id": .string(id)]
        case .unknown(let raw): object = raw
        }
        try object.encode(to: encoder)
    }
}

/// Which memory versions ``AnthropicMemoryStoresService/listMemoryVersions(storeID:filter:view:limit:page:options:)``
/// returns; every filter left nil matches all.
public struct MemoryVersionFilter: Sendable, Hashable {
    /// Only versions of this memory (also after it was deleted).
    public var memoryID: String?
    /// Only versions recording this kind of change.
    public var operation: MemoryVersionOperation?
    /// Only versions written by this session.
    public var sessionID: String?
    /// Only versions written with the API key of this id.
    public var apiKeyID: String?
    /// Only versions written by this service account.
    public var serviceAccountID: String?
    /// Only versions created at or after this time.
    public var createdAtOrAfter: Date?
    /// Only versions created at or before this time.
    public var createdAtOrBefore: Date?

    /// A filter; nil fields match all.
    public init(
        memoryID: String? = nil, operation: MemoryVersionOperation? = nil, sessionID: String? = nil, apiKeyID: String? = nil,
        serviceAccountID: String? = nil, createdAtOrAfter: Date? = nil, createdAtOrBefore: Date? = nil
    ) {
        self.memoryID = memoryID
        self.operation = operation
        self.sessionID = sessionID
        self.apiKeyID = apiKeyID
        self.serviceAccountID = serviceAccountID
        self.createdAtOrAfter = createdAtOrAfter
        self.createdAtOrBefore = createdAtOrBefore
    }

    /// Every version.
    public static let all = MemoryVersionFilter()

    var queryFilters: [(String, String?)] {
        [
            ("memory_id", memoryID), ("operation", operation?.rawValue), ("session_id", sessionID), ("api_key_id", apiKeyID),
            ("service_account_id", serviceAccountID), ("created_at[gte]", ManagedListQuery.timestamp(createdAtOrAfter)),
            ("created_at[lte]", ManagedListQuery.timestamp(createdAtOrBefore)),
        ]
    }
}
