import AICore
import Foundation

/// [Creates](https://platform.openai.com/docs/api-reference/vector-stores/create) or
/// [modifies](https://platform.openai.com/docs/api-reference/vector-stores/modify) a vector store.
public struct VectorStoreParameter: Encodable, Sendable {
    public var name: String?
    public var description: String?
    /// Files to add at creation.
    public var fileIDs: [String]?
    public var expiresAfter: ExpiresAfter?
    /// `{"type": "auto"}` or `{"type": "static", "static": {"max_chunk_size_tokens", "chunk_overlap_tokens"}}`.
    public var chunkingStrategy: JSONValue?
    public var metadata: [String: String]?

    public init(
        name: String? = nil, description: String? = nil, fileIDs: [String]? = nil, expiresAfter: ExpiresAfter? = nil,
        chunkingStrategy: JSONValue? = nil, metadata: [String: String]? = nil
    ) {
        self.name = name
        self.description = description
        self.fileIDs = fileIDs
        self.expiresAfter = expiresAfter
        self.chunkingStrategy = chunkingStrategy
        self.metadata = metadata
    }

    /// Expiry counted from the last activity.
    public struct ExpiresAfter: Codable, Sendable, Equatable {
        public var anchor: String
        public var days: Int

        public init(days: Int, anchor: String = "last_active_at") {
            self.anchor = anchor
            self.days = days
        }
    }

    enum CodingKeys: String, CodingKey {
        case name, description
        case fileIDs = "file_ids"
        case expiresAfter = "expires_after"
        case chunkingStrategy = "chunking_strategy"
        case metadata
    }
}

/// File counts of a vector store or a file batch.
public struct VectorStoreFileCounts: Codable, Sendable, Equatable {
    public let inProgress: Int
    public let completed: Int
    public let failed: Int
    public let cancelled: Int
    public let total: Int

    enum CodingKeys: String, CodingKey {
        case inProgress = "in_progress"
        case completed, failed, cancelled, total
    }
}

/// A [vector store](https://platform.openai.com/docs/api-reference/vector-stores/object).
public struct VectorStoreObject: Codable, Sendable {
    public let id: String
    public let object: String?
    public let createdAt: Int
    public let name: String?
    public let usageBytes: Int?
    public let fileCounts: VectorStoreFileCounts?
    /// `expired`, `in_progress` or `completed`.
    public let status: String
    public let expiresAfter: VectorStoreParameter.ExpiresAfter?
    public let expiresAt: Int?
    public let lastActiveAt: Int?
    public let metadata: [String: String]?

    enum CodingKeys: String, CodingKey {
        case id, object
        case createdAt = "created_at"
        case name
        case usageBytes = "usage_bytes"
        case fileCounts = "file_counts"
        case status
        case expiresAfter = "expires_after"
        case expiresAt = "expires_at"
        case lastActiveAt = "last_active_at"
        case metadata
    }
}

/// Adds a file to a vector store.
public struct VectorStoreFileParameter: Encodable, Sendable {
    public var fileID: String
    public var chunkingStrategy: JSONValue?
    /// Up to 16 attributes to filter searches on.
    public var attributes: [String: JSONValue]?

    public init(fileID: String, chunkingStrategy: JSONValue? = nil, attributes: [String: JSONValue]? = nil) {
        self.fileID = fileID
        self.chunkingStrategy = chunkingStrategy
        self.attributes = attributes
    }

    enum CodingKeys: String, CodingKey {
        case fileID = "file_id"
        case chunkingStrategy = "chunking_strategy"
        case attributes
    }
}

/// Adds several files to a vector store at once.
public struct VectorStoreFileBatchParameter: Encodable, Sendable {
    public var fileIDs: [String]
    public var chunkingStrategy: JSONValue?
    public var attributes: [String: JSONValue]?

    public init(fileIDs: [String], chunkingStrategy: JSONValue? = nil, attributes: [String: JSONValue]? = nil) {
        self.fileIDs = fileIDs
        self.chunkingStrategy = chunkingStrategy
        self.attributes = attributes
    }

    enum CodingKeys: String, CodingKey {
        case fileIDs = "file_ids"
        case chunkingStrategy = "chunking_strategy"
        case attributes
    }
}

/// A [file in a vector store](https://platform.openai.com/docs/api-reference/vector-stores-files/file-object).
public struct VectorStoreFileObject: Codable, Sendable {
    public let id: String
    public let object: String?
    public let usageBytes: Int?
    public let createdAt: Int
    public let vectorStoreID: String
    /// `in_progress`, `completed`, `cancelled` or `failed`.
    public let status: String
    public let lastError: OpenAIErrorResponse.Error?
    public let chunkingStrategy: JSONValue?
    public let attributes: [String: JSONValue]?

    enum CodingKeys: String, CodingKey {
        case id, object
        case usageBytes = "usage_bytes"
        case createdAt = "created_at"
        case vectorStoreID = "vector_store_id"
        case status
        case lastError = "last_error"
        case chunkingStrategy = "chunking_strategy"
        case attributes
    }
}

/// A [file batch](https://platform.openai.com/docs/api-reference/vector-stores-file-batches/batch-object).
public struct VectorStoreFileBatchObject: Codable, Sendable {
    public let id: String
    public let object: String?
    public let createdAt: Int
    public let vectorStoreID: String
    /// `in_progress`, `completed`, `cancelled` or `failed`.
    public let status: String
    public let fileCounts: VectorStoreFileCounts?

    enum CodingKeys: String, CodingKey {
        case id, object
        case createdAt = "created_at"
        case vectorStoreID = "vector_store_id"
        case status
        case fileCounts = "file_counts"
    }
}

/// [Searches a vector store](https://platform.openai.com/docs/api-reference/vector-stores/search).
public struct VectorStoreSearchParameter: Encodable, Sendable {
    public var query: [String]
    /// A comparison (`{"type": "eq", "key", "value"}`) or compound (`and`/`or`) filter on file attributes.
    public var filters: JSONValue?
    public var maxNumResults: Int?
    public var rankingOptions: JSONValue?
    public var rewriteQuery: Bool?

    public init(query: String, filters: JSONValue? = nil, maxNumResults: Int? = nil, rankingOptions: JSONValue? = nil, rewriteQuery: Bool? = nil) {
        self.init(queries: [query], filters: filters, maxNumResults: maxNumResults, rankingOptions: rankingOptions, rewriteQuery: rewriteQuery)
    }

    public init(queries: [String], filters: JSONValue? = nil, maxNumResults: Int? = nil, rankingOptions: JSONValue? = nil, rewriteQuery: Bool? = nil) {
        self.query = queries
        self.filters = filters
        self.maxNumResults = maxNumResults
        self.rankingOptions = rankingOptions
        self.rewriteQuery = rewriteQuery
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        if query.count == 1 { try container.encode(query[0], forKey: .query) } else { try container.encode(query, forKey: .query) }
        try container.encodeIfPresent(filters, forKey: .filters)
        try container.encodeIfPresent(maxNumResults, forKey: .maxNumResults)
        try container.encodeIfPresent(rankingOptions, forKey: .rankingOptions)
        try container.encodeIfPresent(rewriteQuery, forKey: .rewriteQuery)
    }

    enum CodingKeys: String, CodingKey {
        case query, filters
        case maxNumResults = "max_num_results"
        case rankingOptions = "ranking_options"
        case rewriteQuery = "rewrite_query"
    }
}

/// A page of vector store search results.
public struct VectorStoreSearchResultsPage: Codable, Sendable {
    public let object: String?
    public let searchQuery: [String]?
    public let data: [Result]
    public let hasMore: Bool?
    public let nextPage: String?

    public struct Result: Codable, Sendable {
        public let fileID: String
        public let filename: String?
        public let score: Double
        public let attributes: [String: JSONValue]?
        public let content: [Content]

        /// The text of the matching chunks.
        public var text: String { content.compactMap(\.text).joined(separator: "\n") }

        public struct Content: Codable, Sendable {
            public let type: String
            public let text: String?
        }

        enum CodingKeys: String, CodingKey {
            case fileID = "file_id"
            case filename, score, attributes, content
        }
    }

    enum CodingKeys: String, CodingKey {
        case object
        case searchQuery = "search_query"
        case data
        case hasMore = "has_more"
        case nextPage = "next_page"
    }
}
