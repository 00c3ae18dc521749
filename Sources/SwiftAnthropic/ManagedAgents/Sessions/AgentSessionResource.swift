import AICore
import Foundation

/// Something mounted into a session's container: a GitHub repository, an uploaded file or a memory store.
///
/// A resource of a type this version of the library does not know is kept whole as ``unknown(_:)``.
public enum AgentSessionResource: Codable, Sendable {
    /// A cloned GitHub repository.
    case githubRepository(GitHubRepository)
    /// An uploaded file (Files API) mounted at a path.
    case file(File)
    /// A memory store the agent reads (and may write).
    case memoryStore(MemoryStore)
    /// A resource type this version of the library does not model, as sent.
    case unknown(JSONValue)

    /// A cloned GitHub repository.
    public struct GitHubRepository: Codable, Sendable, Equatable {
        /// The resource's id, for retrieving, updating or deleting it.
        public let id: String
        /// The repository URL.
        public let url: String
        /// Where the repository is cloned in the container.
        public let mountPath: String
        /// The branch or commit checked out (`{"type": "branch", "name": …}` or `{"type": "commit", "sha": …}`).
        public let checkout: JSONValue?
        /// When it was added (RFC 3339).
        public let createdAt: String
        /// When it last changed (RFC 3339).
        public let updatedAt: String

        enum CodingKeys: String, CodingKey {
            case id, url, checkout
            case mountPath = "mount_path"
            case createdAt = "created_at"
            case updatedAt = "updated_at"
        }
    }

    /// An uploaded file mounted into the container.
    public struct File: Codable, Sendable, Equatable {
        /// The resource's id, for retrieving, updating or deleting it.
        public let id: String
        /// The uploaded file's id (`file_…`).
        public let fileID: String
        /// Where the file is mounted in the container.
        public let mountPath: String
        /// When it was added (RFC 3339).
        public let createdAt: String
        /// When it last changed (RFC 3339).
        public let updatedAt: String

        enum CodingKeys: String, CodingKey {
            case id
            case fileID = "file_id"
            case mountPath = "mount_path"
            case createdAt = "created_at"
            case updatedAt = "updated_at"
        }
    }

    /// A memory store attached to the session.
    public struct MemoryStore: Codable, Sendable, Equatable {
        /// The memory store's id.
        public let memoryStoreID: String
        /// `read_write` or `read_only`.
        public let access: String?
        /// The store's description.
        public let description: String?
        /// How the agent should use the store.
        public let instructions: String?
        /// Where the store is mounted in the container.
        public let mountPath: String?
        /// The store's name.
        public let name: String?

        enum CodingKeys: String, CodingKey {
            case access, description, instructions, name
            case memoryStoreID = "memory_store_id"
            case mountPath = "mount_path"
        }
    }

    /// The resource's id (the memory store's id for a memory store); nil for an unknown resource without one.
    public var id: String? {
        switch self {
        case .githubRepository(let repository): repository.id
        case .file(let file): file.id
        case .memoryStore(let store): store.memoryStoreID
        case .unknown(let json): json["id"]?.stringValue
        }
    }

    /// The resource's type as the API spells it (`github_repository`, `file`, `memory_store`…).
    public var type: String {
        switch self {
        case .githubRepository: "github_repository"
        case .file: "file"
        case .memoryStore: "memory_store"
        case .unknown(let json): json["type"]?.stringValue ?? ""
        }
    }

    public init(from decoder: any Decoder) throws {
        switch decoder.stringField(named: "type") {
        case "github_repository": self = .githubRepository(try GitHubRepository(from: decoder))
        case "file": self = .file(try File(from: decoder))
        case "memory_store": self = .memoryStore(try MemoryStore(from: decoder))
        default: self = .unknown(try JSONValue(from: decoder))
        }
    }

    public func encode(to encoder: any Encoder) throws {
        switch self {
        case .githubRepository(let repository): try repository.encode(to: encoder)
        case .file(let file): try file.encode(to: encoder)
        case .memoryStore(let store): try store.encode(to: encoder)
        case .unknown(let json): try json.encode(to: encoder)
        }
        if case .unknown = self { return }
        var container = encoder.container(keyedBy: AnyCodingKey.self)
        try container.encode(type, forKey: AnyCodingKey("type"))
    }
}

/// What to mount into a session when it is created.
public enum AgentSessionResourceParameter: Encodable, Sendable {
    /// An uploaded file (`file_…`), mounted at `mountPath` (the API picks a path when nil).
    case file(id: String, mountPath: String? = nil)
    /// A GitHub repository cloned with `authorizationToken`, at a branch or commit.
    case githubRepository(url: String, authorizationToken: String? = nil, checkout: Checkout? = nil, mountPath: String? = nil)
    /// A memory store, `read_write` or `read_only`, with instructions for the agent.
    case memoryStore(id: String, access: String? = nil, instructions: String? = nil)

    /// The revision of a repository to check out.
    public enum Checkout: Encodable, Sendable {
        /// A branch by name.
        case branch(String)
        /// A commit by SHA.
        case commit(String)

        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: AnyCodingKey.self)
            switch self {
            case .branch(let name):
                try container.encode("branch", forKey: AnyCodingKey("type"))
                try container.encode(name, forKey: AnyCodingKey("name"))
            case .commit(let sha):
                try container.encode("commit", forKey: AnyCodingKey("type"))
                try container.encode(sha, forKey: AnyCodingKey("sha"))
            }
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: AnyCodingKey.self)
        switch self {
        case .file(let id, let mountPath):
            try container.encode("file", forKey: AnyCodingKey("type"))
            try container.encode(id, forKey: AnyCodingKey("file_id"))
            try container.encodeIfPresent(mountPath, forKey: AnyCodingKey("mount_path"))
        case .githubRepository(let url, let token, let checkout, let mountPath):
            try container.encode("github_repository", forKey: AnyCodingKey("type"))
            try container.encode(url, forKey: AnyCodingKey("url"))
            try container.encodeIfPresent(token, forKey: AnyCodingKey("authorization_token"))
            try container.encodeIfPresent(checkout, forKey: AnyCodingKey("checkout"))
            try container.encodeIfPresent(mountPath, forKey: AnyCodingKey("mount_path"))
        case .memoryStore(let id, let access, let instructions):
            try container.encode("memory_store", forKey: AnyCodingKey("type"))
            try container.encode(id, forKey: AnyCodingKey("memory_store_id"))
            try container.encodeIfPresent(access, forKey: AnyCodingKey("access"))
            try container.encodeIfPresent(instructions, forKey: AnyCodingKey("instructions"))
        }
    }
}

/// The answer to removing a resource from a session (`type` is `session_resource_deleted`).
public struct DeletedAgentSessionResource: Codable, Sendable, Equatable {
    /// The removed resource's id.
    public let id: String
    /// Always `session_resource_deleted`.
    public let type: String
}
