import AICore
import Foundation

/// The beta header memory stores need.
let agentMemoryBeta = "agent-memory-2026-07-22"

extension DefaultAnthropicService {
    private struct StoreBody: Encodable {
        var name: String?
        var description: String?
        var metadata: [String: String?]?
    }

    private struct MemoryBody: Encodable {
        var path: String?
        var content: String?
        var precondition: Precondition?

        struct Precondition: Encodable {
            var type = "content_sha256"
            var contentSHA256: String

            enum CodingKeys: String, CodingKey {
                case type
                case contentSHA256 = "content_sha256"
            }
        }
    }

    /// The new memory's body: `content` is always sent.
    private struct NewMemoryBody: Encodable {
        var path: String
        var content: String
    }

    // MARK: Stores

    public func createMemoryStore(name: String, description: String?, metadata: [String: String]?, options: RequestOptions) async throws -> MemoryStore {
        let body = StoreBody(name: name, description: description, metadata: metadata.map { $0.mapValues { Optional($0) } })
        return try await client.decode(MemoryStore.self, for: .json(.post, "/memory_stores", body: body), options: memoryOptions(options))
    }

    public func retrieveMemoryStore(id: String, options: RequestOptions) async throws -> MemoryStore {
        try await client.decode(MemoryStore.self, for: APIRequest(method: .get, path: storePath(id)), options: memoryOptions(options))
    }

    public func updateMemoryStore(
        id: String, name: String?, description: String?, metadata: [String: String?]?, options: RequestOptions
    ) async throws -> MemoryStore {
        let body = StoreBody(name: name, description: description, metadata: metadata)
        return try await client.decode(MemoryStore.self, for: .json(.post, storePath(id), body: body), options: memoryOptions(options))
    }

    public func listMemoryStores(
        limit: Int?, page: String?, includeArchived: Bool?, createdAtOrAfter: Date?, createdAtOrBefore: Date?, options: RequestOptions
    ) async throws -> AnthropicCursorPage<MemoryStore> {
        let query = ManagedListQuery.items(
            limit: limit, page: page,
            [
                ("include_archived", ManagedListQuery.flag(includeArchived)),
                ("created_at[gte]", ManagedListQuery.timestamp(createdAtOrAfter)),
                ("created_at[lte]", ManagedListQuery.timestamp(createdAtOrBefore)),
            ])
        return try await client.decode(
            AnthropicCursorPage<MemoryStore>.self, for: APIRequest(method: .get, path: "/memory_stores", query: query), options: memoryOptions(options))
    }

    public func deleteMemoryStore(id: String, options: RequestOptions) async throws -> DeletedObject {
        try await client.decode(DeletedObject.self, for: APIRequest(method: .delete, path: storePath(id)), options: memoryOptions(options))
    }

    public func archiveMemoryStore(id: String, options: RequestOptions) async throws -> MemoryStore {
        try await client.decode(MemoryStore.self, for: APIRequest(method: .post, path: storePath(id) + "/archive"), options: memoryOptions(options))
    }

    // MARK: Memories

    public func createMemory(storeID: String, path: String, content: String, view: MemoryView?, options: RequestOptions) async throws -> Memory {
        try await client.decode(
            Memory.self, for: .json(.post, storePath(storeID) + "/memories", body: NewMemoryBody(path: path, content: content), query: viewQuery(view)),
            options: memoryOptions(options))
    }

    public func retrieveMemory(storeID: String, id: String, view: MemoryView?, options: RequestOptions) async throws -> Memory {
        try await client.decode(
            Memory.self, for: APIRequest(method: .get, path: memoryPath(storeID, id), query: viewQuery(view)), options: memoryOptions(options))
    }

    public func updateMemory(
        storeID: String, id: String, content: String?, path: String?, expectedContentSHA256: String?, view: MemoryView?,
        options: RequestOptions
    ) async throws -> Memory {
        let body = MemoryBody(path: path, content: content, precondition: expectedContentSHA256.map { .init(contentSHA256: $0) })
        return try await client.decode(
            Memory.self, for: .json(.post, memoryPath(storeID, id), body: body, query: viewQuery(view)), options: memoryOptions(options))
    }

    public func listMemories(
        storeID: String, pathPrefix: String?, depth: Int?, view: MemoryView?, limit: Int?, page: String?, options: RequestOptions
    ) async throws -> AnthropicCursorPage<MemoryListItem> {
        let query = ManagedListQuery.items(
            limit: limit, page: page, [("path_prefix", pathPrefix), ("depth", depth.map(String.init)), ("view", view?.rawValue)])
        return try await client.decode(
            AnthropicCursorPage<MemoryListItem>.self, for: APIRequest(method: .get, path: storePath(storeID) + "/memories", query: query),
            options: memoryOptions(options))
    }

    public func deleteMemory(storeID: String, id: String, expectedContentSHA256: String?, options: RequestOptions) async throws -> DeletedObject {
        let query = ManagedListQuery.items(limit: nil, page: nil, [("expected_content_sha256", expectedContentSHA256)])
        return try await client.decode(
            DeletedObject.self, for: APIRequest(method: .delete, path: memoryPath(storeID, id), query: query), options: memoryOptions(options))
    }

    // MARK: Memory versions

    public func retrieveMemoryVersion(storeID: String, id: String, view: MemoryView?, options: RequestOptions) async throws -> MemoryVersion {
        try await client.decode(
            MemoryVersion.self, for: APIRequest(method: .get, path: versionPath(storeID, id), query: viewQuery(view)), options: memoryOptions(options))
    }

    public func listMemoryVersions(
        storeID: String, filter: MemoryVersionFilter, view: MemoryView?, limit: Int?, page: String?, options: RequestOptions
    ) async throws -> AnthropicCursorPage<MemoryVersion> {
        let query = ManagedListQuery.items(limit: limit, page: page, filter.queryFilters + [("view", view?.rawValue)])
        return try await client.decode(
            AnthropicCursorPage<MemoryVersion>.self, for: APIRequest(method: .get, path: storePath(storeID) + "/memory_versions", query: query),
            options: memoryOptions(options))
    }

    public func redactMemoryVersion(storeID: String, id: String, options: RequestOptions) async throws -> MemoryVersion {
        try await client.decode(
            MemoryVersion.self, for: APIRequest(method: .post, path: versionPath(storeID, id) + "/redact"), options: memoryOptions(options))
    }

    private func storePath(_ id: String) -> String { "/memory_stores/\(Self.segment(id))" }
    private func memoryPath(_ storeID: String, _ id: String) -> String { storePath(storeID) + "/memories/\(Self.segment(id))" }
    private func versionPath(_ storeID: String, _ id: String) -> String { storePath(storeID) + "/memory_versions/\(Self.segment(id))" }
    private func viewQuery(_ view: MemoryView?) -> [URLQueryItem] { ManagedListQuery.items(limit: nil, page: nil, [("view", view?.rawValue)]) }

    /// `options` plus the agent memory beta.
    private func memoryOptions(_ options: RequestOptions) -> RequestOptions {
        self.options(options, addingBetas: [agentMemoryBeta])
    }
}
