import AIServerKit
import Foundation
import NIOConcurrencyHelpers

/// `/v1/vector_stores`: stores, their files and file batches, and a word-overlap search over file contents.
///
/// Files are `in_progress` until first retrieved (with an `openai-poll-after-ms` header), then `completed`;
/// a file batch completes on its first retrieve.
final class OpenAIVectorStores: Sendable {
    private struct Store: Sendable {
        var object: JSON
        var files: [String: JSON] = [:]
        var fileOrder: [String] = []
        var batches: [String: (object: JSON, files: [String])] = [:]
    }

    private struct State: Sendable {
        var ids = SandboxCounter()
        var stores: [String: Store] = [:]
        var order: [String] = []
    }

    private let files: OpenAIFiles
    private let state = NIOLockedValueBox(State())

    init(files: OpenAIFiles) {
        self.files = files
    }

    private static func missing(_ what: String, _ id: String) -> ResponsePlan {
        .error(status: 404, message: "No \(what) found with id '\(id)'.", type: "invalid_request_error")
    }

    private static func polling(_ object: JSON) -> ResponsePlan {
        var plan = ResponsePlan.json(object)
        if object["status"]?.string == "in_progress" { plan.addHeader("openai-poll-after-ms", "5") }
        return plan
    }

    /// Runs `body` on vector store `id` under the lock and keeps its changes (unless it deleted the store).
    private func withStore(_ id: String, _ body: (inout Store, inout State) -> ResponsePlan) -> ResponsePlan {
        state.withLockedValue { state in
            guard var store = state.stores[id] else { return Self.missing("vector store", id) }
            let plan = body(&store, &state)
            if state.stores[id] != nil { state.stores[id] = store }
            return plan
        }
    }

    // MARK: Stores

    /// `GET /vector_stores`.
    func list(_ request: RecordedRequest) -> ResponsePlan {
        let items = state.withLockedValue { state in state.order.compactMap { state.stores[$0]?.object } }
        return .json(OpenAIFiles.page(items, request, defaultLimit: 20, defaultOrder: "desc"))
    }

    /// `POST /vector_stores`.
    func create(_ body: JSON) -> ResponsePlan {
        state.withLockedValue { state in
            let id = state.ids.nextID("vs")
            var store = Store(object: [
                "id": .string(id), "object": "vector_store", "created_at": .int(1_700_000_000 + state.ids.count), "name": body["name"] ?? .null,
                "usage_bytes": 0, "status": "completed", "expires_after": body["expires_after"] ?? .null,
                "expires_at": JSON(body["expires_after"]?["days"]?.int.map { 1_700_000_000 + $0 * 86_400 }),
                "last_active_at": .int(1_700_000_000 + state.ids.count), "metadata": body["metadata"] ?? [:],
            ])
            for fileID in body["file_ids"]?.strings ?? [] {
                guard add(fileID, to: &store, attributes: nil) != nil else { return OpenAIFiles.notFound(fileID) }
            }
            recount(&store)
            state.stores[id] = store
            state.order.append(id)
            return .json(store.object)
        }
    }

    /// `GET /vector_stores/{id}`.
    func retrieve(_ id: String) -> ResponsePlan {
        withStore(id) { store, _ in .json(store.object) }
    }

    /// `POST /vector_stores/{id}`: changes its name, metadata or expiry.
    func modify(_ id: String, _ body: JSON) -> ResponsePlan {
        withStore(id) { store, _ in
            for key in ["name", "metadata", "expires_after"] where body[key] != nil { store.object[key] = body[key] }
            return .json(store.object)
        }
    }

    /// `DELETE /vector_stores/{id}`.
    func delete(_ id: String) -> ResponsePlan {
        withStore(id) { _, state in
            state.stores.removeValue(forKey: id)
            state.order.removeAll { $0 == id }
            return .json(["id": .string(id), "object": "vector_store.deleted", "deleted": true])
        }
    }

    /// `POST /vector_stores/{id}/search`.
    func search(_ id: String, _ body: JSON) -> ResponsePlan {
        withStore(id) { store, _ in search(store, body) }
    }

    // MARK: Files

    /// `POST /vector_stores/{id}/files`.
    func addFile(_ id: String, _ body: JSON) -> ResponsePlan {
        withStore(id) { store, _ in
            guard let fileID = body["file_id"]?.string else {
                return .error(status: 400, message: "'file_id' is required.", type: "invalid_request_error", param: "file_id")
            }
            guard let added = add(fileID, to: &store, attributes: body["attributes"]) else { return OpenAIFiles.notFound(fileID) }
            return .json(added)
        }
    }

    /// `GET /vector_stores/{id}/files`, optionally of one status (`filter`).
    func listFiles(_ id: String, _ request: RecordedRequest) -> ResponsePlan {
        withStore(id) { store, _ in
            .json(OpenAIFiles.page(Self.filtered(store.fileOrder.compactMap { store.files[$0] }, request), request, defaultLimit: 20, defaultOrder: "desc"))
        }
    }

    /// `GET /vector_stores/{id}/files/{file_id}`: answered `in_progress` once, then `completed`.
    func retrieveFile(_ id: String, fileID: String) -> ResponsePlan {
        withStore(id) { store, _ in
            guard var file = store.files[fileID] else { return Self.missing("file", fileID) }
            let response = Self.polling(file)
            if file["status"]?.string == "in_progress" {
                file["status"] = "completed"
                store.files[fileID] = file
                recount(&store)
            }
            return response
        }
    }

    /// `DELETE /vector_stores/{id}/files/{file_id}`.
    func deleteFile(_ id: String, fileID: String) -> ResponsePlan {
        withStore(id) { store, _ in
            guard store.files.removeValue(forKey: fileID) != nil else { return Self.missing("file", fileID) }
            store.fileOrder.removeAll { $0 == fileID }
            recount(&store)
            return .json(["id": .string(fileID), "object": "vector_store.file.deleted", "deleted": true])
        }
    }

    // MARK: File batches

    /// `POST /vector_stores/{id}/file_batches`.
    func createFileBatch(_ id: String, _ body: JSON) -> ResponsePlan {
        withStore(id) { store, state in
            let fileIDs = body["file_ids"]?.strings ?? []
            guard !fileIDs.isEmpty else {
                return .error(status: 400, message: "'file_ids' must not be empty.", type: "invalid_request_error", param: "file_ids")
            }
            for fileID in fileIDs where files.file(fileID) == nil { return OpenAIFiles.notFound(fileID) }
            for fileID in fileIDs { _ = add(fileID, to: &store, attributes: body["attributes"]) }
            let batchID = state.ids.nextID("vsfb")
            let batch: JSON = [
                "id": .string(batchID), "object": "vector_store.files_batch", "created_at": 1_700_000_000, "vector_store_id": .string(id),
                "status": "in_progress", "file_counts": Self.counts(fileIDs.compactMap { store.files[$0] }),
            ]
            store.batches[batchID] = (batch, fileIDs)
            return Self.polling(batch)
        }
    }

    /// What is asked of a file batch.
    enum FileBatchAction: Sendable {
        /// `GET …/file_batches/{batch_id}`: answered `in_progress` once, then completed.
        case retrieve
        /// `POST …/file_batches/{batch_id}/cancel`.
        case cancel
        /// `GET …/file_batches/{batch_id}/files`.
        case listFiles
    }

    func fileBatch(_ id: String, batchID: String, _ action: FileBatchAction, _ request: RecordedRequest) -> ResponsePlan {
        withStore(id) { store, _ in
            guard let entry = store.batches[batchID] else { return Self.missing("file batch", batchID) }
            var batch = entry.object
            switch action {
            case .listFiles:
                let batchFiles = entry.files.compactMap { store.files[$0] }
                return .json(OpenAIFiles.page(Self.filtered(batchFiles, request), request, defaultLimit: 20, defaultOrder: "desc"))
            case .cancel:
                if batch["status"]?.string == "in_progress" {
                    batch["status"] = "cancelled"
                    for fileID in entry.files where store.files[fileID]?["status"]?.string == "in_progress" {
                        store.files[fileID]?["status"] = "cancelled"
                    }
                }
            case .retrieve:
                if batch["status"]?.string == "in_progress" {
                    let response = Self.polling(batch)
                    for fileID in entry.files { store.files[fileID]?["status"] = "completed" }
                    batch["status"] = "completed"
                    batch["file_counts"] = Self.counts(entry.files.compactMap { store.files[$0] })
                    store.batches[batchID] = (batch, entry.files)
                    recount(&store)
                    return response
                }
            }
            batch["file_counts"] = Self.counts(entry.files.compactMap { store.files[$0] })
            store.batches[batchID] = (batch, entry.files)
            recount(&store)
            return .json(batch)
        }
    }

    // MARK: Helpers

    private func add(_ fileID: String, to store: inout Store, attributes: JSON?) -> JSON? {
        guard let file = files.file(fileID) else { return nil }
        let entry: JSON = [
            "id": .string(fileID), "object": "vector_store.file", "usage_bytes": .int(file.data.count), "created_at": 1_700_000_000,
            "vector_store_id": store.object["id"] ?? "", "status": "in_progress", "last_error": nil,
            "chunking_strategy": ["type": "static", "static": ["max_chunk_size_tokens": 800, "chunk_overlap_tokens": 400]],
            "attributes": attributes ?? [:],
        ]
        if store.files[fileID] == nil { store.fileOrder.append(fileID) }
        store.files[fileID] = entry
        recount(&store)
        return entry
    }

    private static func filtered(_ items: [JSON], _ request: RecordedRequest) -> [JSON] {
        guard let filter = request.queryValue("filter") else { return items }
        return items.filter { $0["status"]?.string == filter }
    }

    private static func counts(_ entries: [JSON]) -> JSON {
        func count(_ status: String) -> JSON { .int(entries.filter { $0["status"]?.string == status }.count) }
        return [
            "in_progress": count("in_progress"), "completed": count("completed"), "failed": count("failed"),
            "cancelled": count("cancelled"), "total": .int(entries.count),
        ]
    }

    private func recount(_ store: inout Store) {
        let entries = store.fileOrder.compactMap { store.files[$0] }
        let fileCounts = Self.counts(entries)
        store.object["file_counts"] = fileCounts
        store.object["usage_bytes"] = .int(entries.reduce(0) { $0 + ($1["usage_bytes"]?.int ?? 0) })
        store.object["status"] = (fileCounts["in_progress"]?.int ?? 0) > 0 ? "in_progress" : "completed"
    }

    private static func words(_ text: String) -> Set<String> {
        Set(text.lowercased().split { !$0.isLetter && !$0.isNumber }.map(String.init).filter { $0.count > 2 })
    }

    /// Whether `attributes` pass an attribute filter (`eq`/`ne` on a key, or `and`/`or` of filters). Numbers compare
    /// by value, so `1` equals `1.0`.
    private static func matches(_ filter: JSON?, _ attributes: JSON) -> Bool {
        guard let filter = filter?.objectValue, let type = filter["type"]?.string else { return true }
        switch type {
        case "and": return (filter["filters"]?.objects ?? []).allSatisfy { matches($0, attributes) }
        case "or": return (filter["filters"]?.objects ?? []).contains { matches($0, attributes) }
        default:
            let key = filter["key"]?.string ?? ""
            let equal = attributes[key].map { sameValue($0, filter["value"]) } ?? false
            return type == "ne" ? !equal : (type == "eq" ? equal : false)
        }
    }

    private static func sameValue(_ value: JSON, _ other: JSON?) -> Bool {
        guard let other, !value.isNull, !other.isNull else { return false }
        if let number = value.double, let otherNumber = other.double { return number == otherNumber }
        return value == other
    }

    private func search(_ store: Store, _ body: JSON) -> ResponsePlan {
        let queries = body["query"]?.string.map { [$0] } ?? body["query"]?.strings ?? []
        guard !queries.isEmpty else {
            return .error(status: 400, message: "'query' is required.", type: "invalid_request_error", param: "query")
        }
        let wanted = Self.words(queries.joined(separator: " "))
        let limit = body["max_num_results"]?.int ?? 10
        var results: [(score: Double, result: JSON)] = []
        for fileID in store.fileOrder {
            guard let entry = store.files[fileID], entry["status"]?.string == "completed",
                Self.matches(body["filters"], entry["attributes"]?.objectValue ?? [:]),
                let file = files.file(fileID)
            else { continue }
            let text = String(decoding: file.data, as: UTF8.self)
            let chunks = text.components(separatedBy: CharacterSet(charactersIn: ".\n")).map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
            var best: (score: Double, chunk: String) = (0, "")
            for chunk in chunks {
                let overlap = Double(Self.words(chunk).intersection(wanted).count) / Double(max(1, wanted.count))
                if overlap > best.score { best = (overlap, chunk) }
            }
            guard best.score > 0 else { continue }
            results.append((best.score, [
                "file_id": .string(fileID), "filename": file.metadata["filename"] ?? "", "score": .double(best.score),
                "attributes": entry["attributes"] ?? [:], "content": [["type": "text", "text": .string(best.chunk)]],
            ]))
        }
        results.sort { $0.score > $1.score }
        return .json([
            "object": "vector_store.search_results.page", "search_query": JSON(queries), "data": .array(results.prefix(limit).map(\.result)),
            "has_more": .bool(results.count > limit), "next_page": nil,
        ])
    }
}
