import AICore
import Foundation

/// A vault: credentials sessions use to reach outside services (MCP servers, APIs), kept out of prompts and
/// never returned by the API once stored.
public struct Vault: Codable, Sendable, Hashable, Identifiable {
    /// The vault's id (`vlt_…`).
    public let id: String
    /// `vault`.
    public let type: String
    /// Human-readable name.
    public let displayName: String
    /// Key-value pairs for the app's own use.
    public let metadata: [String: String]
    /// When it was created (RFC 3339).
    public let createdAt: String
    /// When it last changed (RFC 3339).
    public let updatedAt: String
    /// When it was archived (RFC 3339); nil while it is active.
    public let archivedAt: String?
    /// Fields of the answer this version of the library doesn't model.
    public let additionalFields: [String: JSONValue]

    /// Whether the vault is archived.
    public var isArchived: Bool { archivedAt != nil }

    enum CodingKeys: String, CodingKey, CaseIterable {
        case id, type, metadata
        case displayName = "display_name"
        case createdAt = "created_at"
        case updatedAt = "updated_at"
        case archivedAt = "archived_at"
    }

    /// Reads a vault, keeping the fields the library doesn't model.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decode(String.self, forKey: .id)
        type = try container.decodeIfPresent(String.self, forKey: .type) ?? "vault"
        displayName = try container.decode(String.self, forKey: .displayName)
        metadata = try container.decodeIfPresent([String: String].self, forKey: .metadata) ?? [:]
        createdAt = try container.decode(String.self, forKey: .createdAt)
        updatedAt = try container.decode(String.self, forKey: .updatedAt)
        archivedAt = try container.decodeIfPresent(String.self, forKey: .archivedAt)
        additionalFields = try AdditionalFields.additional(in: decoder, known: CodingKeys.allCases.map(\.rawValue))
    }

    /// Writes the vault as the API answers it, with the fields it kept.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode(type, forKey: .type)
        try container.encode(displayName, forKey: .displayName)
        try container.encode(metadata, forKey: .metadata)
        try container.encode(createdAt, forKey: .createdAt)
        try container.encode(updatedAt, forKey: .updatedAt)
        try container.encode(archivedAt, forKey: .archivedAt)
        try AdditionalFields.encode(additionalFields, to: encoder)
    }
}

/// A credential stored in a vault, as the API shows it: how it authenticates, never its secret.
public struct VaultCredential: Codable, Sendable, Hashable, Identifiable {
    /// The credential's id (`vcrd_…`).
    public let id: String
    /// `vault_credential`.
    public let type: String
    /// The vault it is in (`vlt_…`).
    public let vaultID: String
    /// Human-readable name.
    public let displayName: String?
    /// How it authenticates (without the secret).
    public let auth: VaultCredentialAuth
    /// Key-value pairs for the app's own use.
    public let metadata: [String: String]
    /// When it was created (RFC 3339).
    public let createdAt: String
    /// When it last changed (RFC 3339).
    public let updatedAt: String
    /// When it was archived (RFC 3339); nil while it is active.
    public let archivedAt: String?
    /// Fields of the answer this version of the library doesn't model.
    public let additionalFields: [String: JSONValue]

    /// Whether the credential is archived.
    public var isArchived: Bool { archivedAt != nil }

    enum CodingKeys: String, CodingKey, CaseIterable {
        case id, type, auth, metadata
        case vaultID = "vault_id"
        case displayName = "display_name"
        case createdAt = "created_at"
        case updatedAt = "updated_at"
        case archivedAt = "archived_at"
    }

    /// Reads a credential, keeping the fields the library doesn't model.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decode(String.self, forKey: .id)
        type = try container.decodeIfPresent(String.self, forKey: .type) ?? "vault_credential"
        vaultID = try container.decode(String.self, forKey: .vaultID)
        displayName = try container.decodeIfPresent(String.self, forKey: .displayName)
        auth = try container.decode(VaultCredentialAuth.self, forKey: .auth)
        metadata = try container.decodeIfPresent([String: String].self, forKey: .metadata) ?? [:]
        createdAt = try container.decode(String.self, forKey: .createdAt)
        updatedAt = try container.decode(String.self, forKey: .updatedAt)
        archivedAt = try container.decodeIfPresent(String.self, forKey: .archivedAt)
        additionalFields = try AdditionalFields.additional(in: decoder, known: CodingKeys.allCases.map(\.rawValue))
    }

    /// Writes the credential as the API answers it, with the fields it kept.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode(type, forKey: .type)
        try container.encode(vaultID, forKey: .vaultID)
        try container.encode(displayName, forKey: .displayName)
        try container.encode(auth, forKey: .auth)
        try container.encode(metadata, forKey: .metadata)
        try container.encode(createdAt, forKey: .createdAt)
        try container.encode(updatedAt, forKey: .updatedAt)
        try container.encode(archivedAt, forKey: .archivedAt)
        try AdditionalFields.encode(additionalFields, to: encoder)
    }
}
