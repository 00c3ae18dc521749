import AICore
import Foundation

/// Managed Agents' memory stores (beta): what agents remember across sessions, as memories with versions.
///
/// The SDK sends the `agent-memory-2026-07-22` beta itself.
public protocol AnthropicMemoryStoresService: AnyObject, Sendable {
    // MARK: Stores

    /// Creates a memory store.
    ///
    /// - Parameters:
    ///   - name: 1–255 characters; the store's directory under `/mnt/memory/` is derived from it.
    ///   - description: What the store holds (up to 1,024 characters), shown to agents that mount it.
    ///   - metadata: Key-value pairs for the app (at most 16).
    func createMemoryStore(name: String, description: String?, metadata: [String: String]?, options: RequestOptions) async throws -> MemoryStore

    /// A memory store.
    func retrieveMemoryStore(id: String, options: RequestOptions) async throws -> MemoryStore

    /// Changes a store's name, description (`""` clears it) or metadata (a nil value removes its key); nil keeps
    /// what is there.
    func updateMemoryStore(
        id: String, name: String?, description: String?, metadata: [String: String?]?, options: RequestOptions
    ) async throws -> MemoryStore

    /// One page of memory stores, newest first; archived ones only with `includeArchived`.
    func listMemoryStores(
        limit: Int?, page: String?, includeArchived: Bool?, createdAtOrAfter: Date?, createdAtOrBefore: Date?, options: RequestOptions
    ) async throws -> AnthropicCursorPage<MemoryStore>

    /// Deletes a store with its memories and versions; the answer's `type` is `memory_store_deleted`.
    func deleteMemoryStore(id: String, options: RequestOptions) async throws -> DeletedObject

    /// Archives a store: it can't be attached to new sessions, and its memories can be read and deleted but not
    /// written. It can't be undone.
    func archiveMemoryStore(id: String, options: RequestOptions) async throws -> MemoryStore

    // MARK: Memories

    /// Writes a new memory at `path` (409 `memory_path_conflict_error` when the path is taken).
    ///
    /// - Parameters:
    ///   - path: Starts with `/`, 1–20 segments, at most 1,024 bytes, case-sensitive.
    ///   - content: UTF-8 text up to 100 kB; `""` for an empty memory.
    ///   - view: Whether the answer carries the content (default basic).
    func createMemory(storeID: String, path: String, content: String, view: MemoryView?, options: RequestOptions) async throws -> Memory

    /// A memory (with its content unless `view` is basic).
    func retrieveMemory(storeID: String, id: String, view: MemoryView?, options: RequestOptions) async throws -> Memory

    /// Changes a memory's content, or moves it to a new `path` (it keeps its id), or both; nil keeps what is
    /// there. With `expectedContentSHA256` the change applies only if the stored content still has that hash
    /// (409 `memory_precondition_failed_error` otherwise).
    func updateMemory(
        storeID: String, id: String, content: String?, path: String?, expectedContentSHA256: String?, view: MemoryView?,
        options: RequestOptions
    ) async throws -> Memory

    /// One page of a store's memories by path.
    ///
    /// - Parameters:
    ///   - pathPrefix: Only memories below this prefix, which ends with `/` and matches whole segments.
    ///   - depth: `1` lists the prefix's direct children, deeper memories rolled up as ``MemoryListItem/prefix(path:)``;
    ///     nil or `0` lists every memory below it.
    ///   - view: Whether memories carry their content (default basic; full allows 20 a page).
    func listMemories(
        storeID: String, pathPrefix: String?, depth: Int?, view: MemoryView?, limit: Int?, page: String?, options: RequestOptions
    ) async throws -> AnthropicCursorPage<MemoryListItem>

    /// Deletes a memory (its versions stay); with `expectedContentSHA256` only if its content still has that
    /// hash (409 otherwise). The answer's `type` is `memory_deleted`.
    func deleteMemory(storeID: String, id: String, expectedContentSHA256: String?, options: RequestOptions) async throws -> DeletedObject

    // MARK: Memory versions

    /// A memory version (with its content unless `view` is basic).
    func retrieveMemoryVersion(storeID: String, id: String, view: MemoryView?, options: RequestOptions) async throws -> MemoryVersion

    /// One page of a store's memory versions, newest first, narrowed by `filter`.
    func listMemoryVersions(
        storeID: String, filter: MemoryVersionFilter, view: MemoryView?, limit: Int?, page: String?, options: RequestOptions
    ) async throws -> AnthropicCursorPage<MemoryVersion>

    /// Redacts a version: its content, path, size and hash are cleared for good; who wrote it stays.
    func redactMemoryVersion(storeID: String, id: String, options: RequestOptions) async throws -> MemoryVersion
}
