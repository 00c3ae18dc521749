import AICore
import Foundation

extension AnthropicMemoryStoresService {
    /// Creates a memory store.
    public func createMemoryStore(name: String, description: String? = nil, metadata: [String: String]? = nil) async throws -> MemoryStore {
        try await createMemoryStore(name: name, description: description, metadata: metadata, options: .default)
    }

    /// A memory store.
    public func retrieveMemoryStore(id: String) async throws -> MemoryStore {
        try await retrieveMemoryStore(id: id, options: .default)
    }

    /// Changes a store's name, description or metadata; nil keeps what is there.
    public func updateMemoryStore(
        id: String, name: String? = nil, description: String? = nil, metadata: [String: String?]? = nil
    ) async throws -> MemoryStore {
        try await updateMemoryStore(id: id, name: name, description: description, metadata: metadata, options: .default)
    }

    /// One page of memory stores, newest first.
    public func listMemoryStores(
        limit: Int? = nil, page: String? = nil, includeArchived: Bool? = nil, createdAtOrAfter: Date? = nil, createdAtOrBefore: Date? = nil
    ) async throws -> AnthropicCursorPage<MemoryStore> {
        try await listMemoryStores(
            limit: limit, page: page, includeArchived: includeArchived, createdAtOrAfter: createdAtOrAfter,
            createdAtOrBefore: createdAtOrBefore, options: .default)
    }

    /// Deletes a store with its memories and versions.
    public func deleteMemoryStore(id: String) async throws -> DeletedObject {
        try await deleteMemoryStore(id: id, options: .default)
    }

    /// Archives a store.
    public func archiveMemoryStore(id: String) async throws -> MemoryStore {
        try await archiveMemoryStore(id: id, options: .default)
    }

    /// Writes a new memory at `path`.
    public func createMemory(storeID: String, path: String, content: String, view: MemoryView? = nil) async throws -> Memory {
        try await createMemory(storeID: storeID, path: path, content: content, view: view, options: .default)
    }

    /// A memory.
    public func retrieveMemory(storeID: String, id: String, view: MemoryView? = nil) async throws -> Memory {
        try await retrieveMemory(storeID: storeID, id: id, view: view, options: .default)
    }

    /// Changes a memory's content or path; nil keeps what is there.
    public func updateMemory(
        storeID: String, id: String, content: String? = nil, path: String? = nil, expectedContentSHA256: String? = nil, view: MemoryView? = nil
    ) async throws -> Memory {
        try await updateMemory(
            storeID: storeID, id: id, content: content, path: path, expectedContentSHA256: expectedContentSHA256, view: view, options: .default)
    }

    /// One page of a store's memories by path.
    public func listMemories(
        storeID: String, pathPrefix: String? = nil, depth: Int? = nil, view: MemoryView? = nil, limit: Int? = nil, page: String? = nil
    ) async throws -> AnthropicCursorPage<MemoryListItem> {
        try await listMemories(storeID: storeID, pathPrefix: pathPrefix, depth: depth, view: view, limit: limit, page: page, options: .default)
    }

    /// Deletes a memory.
    public func deleteMemory(storeID: String, id: String, expectedContentSHA256: String? = nil) async throws -> DeletedObject {
        try await deleteMemory(storeID: storeID, id: id, expectedContentSHA256: expectedContentSHA256, options: .default)
    }

    /// A memory version.
    public func retrieveMemoryVersion(storeID: String, id: String, view: MemoryView? = nil) async throws -> MemoryVersion {
        try await retrieveMemoryVersion(storeID: storeID, id: id, view: view, options: .default)
    }

    /// One page of a store's memory versions, newest first.
    public func listMemoryVersions(
        storeID: String, filter: MemoryVersionFilter = .all, view: MemoryView? = nil, limit: Int? = nil, page: String? = nil
    ) async throws -> AnthropicCursorPage<MemoryVersion> {
        try await listMemoryVersions(storeID: storeID, filter: filter, view: view, limit: limit, page: page, options: .default)
    }

    /// Redacts a memory version.
    public func redactMemoryVersion(storeID: String, id: String) async throws -> MemoryVersion {
        try await redactMemoryVersion(storeID: storeID, id: id, options: .default)
    }

    /// Every memory store, newest first, fetched page by page as the loop reads them.
    public func allMemoryStores(
        includeArchived: Bool? = nil, createdAtOrAfter: Date? = nil, createdAtOrBefore: Date? = nil, pageSize: Int? = nil,
        options: RequestOptions = .default
    ) -> AnthropicPageSequence<MemoryStore> {
        AnthropicPageSequence(cursorPages: { page in
            try await self.listMemoryStores(
                limit: pageSize, page: page, includeArchived: includeArchived, createdAtOrAfter: createdAtOrAfter,
                createdAtOrBefore: createdAtOrBefore, options: options)
        })
    }

    /// Every memory (or prefix, with `depth: 1`) of a store below `pathPrefix`, fetched page by page.
    public func allMemories(
        storeID: String, pathPrefix: String? = nil, depth: Int? = nil, view: MemoryView? = nil, pageSize: Int? = nil,
        options: RequestOptions = .default
    ) -> AnthropicPageSequence<MemoryListItem> {
        AnthropicPageSequence(cursorPages: { page in
            try await self.listMemories(
                storeID: storeID, pathPrefix: pathPrefix, depth: depth, view: view, limit: pageSize, page: page, options: options)
        })
    }

    /// Every memory version of a store that `filter` selects, newest first, fetched page by page.
    public func allMemoryVersions(
        storeID: String, filter: MemoryVersionFilter = .all, view: MemoryView? = nil, pageSize: Int? = nil, options: RequestOptions = .default
    ) -> AnthropicPageSequence<MemoryVersion> {
        AnthropicPageSequence(cursorPages: { page in
            try await self.listMemoryVersions(storeID: storeID, filter: filter, view: view, limit: pageSize, page: page, options: options)
        })
    }
}
