import Foundation

/// `/v1/vector_stores`: stores, their files and file batches, and a word-overlap search over file contents.
///
/// Files are `in_progress` until first retrieved (with an `openai-poll-after-ms` header), then `completed`;
/// a file batch completes on its first retrieve.
/// `@unchecked Sendable`: its dictionaries are touched only inside `locked(_:)` (SandboxStore's lock).
final class OpenAIVectorStores: SandboxStore, @unchecked Sendable {
    private struct Store {
        var object: [String: Any]
        var files: [String: [String: Any]] = [:]
        var fileOrder: [String] = []
        var batches: [String: (object: [String: Any], files: [String])] = [:]
    }

    private let files: OpenAIFiles
    private var stores: [String: Store] = [:]
    private var order: [String] = []

    init(files: OpenAIFiles) {
        self.files = files
    }



    private func missing(_ what: String, _ id: String) -> ResponsePlan {
        .error(status: 404, message: "No \(what) found with id '\(id)'.", type: "invalid_request_error")
    }

    private static func polling(_ object: [String: Any]) -> ResponsePlan {
        var plan = ResponsePlan.json(object)
        if object["status"] as? String == "in_progress" { plan.headers.append(("openai-poll-after-ms", "5")) }
        return plan
    }

    func route(_ request: RecordedRequest, segments: [String]) -> ResponsePlan {
        // v1 vector_stores [id [files|file_batches|search [id [cancel|files]]]]
        let method = request.method
        let body = request.json ?? [:]
        return locked {
            if segments.count == 2 {
                if method == "POST" { return create(body) }
                return .json(OpenAIFiles.page(order.compactMap { stores[$0]?.object }, request, defaultLimit: 20, defaultOrder: "desc"))
            }
            let id = segments[2]
            guard var store = stores[id] else { return missing("vector store", id) }
            defer { if stores[id] != nil { stores[id] = store } }
            switch (method, segments.count) {
            case ("GET", 3): return .json(store.object)
            case ("POST", 3):
                for key in ["name", "metadata", "expires_after"] where body[key] != nil { store.object[key] = body[key] }
                return .json(store.object)
            case ("DELETE", 3):
                stores.removeValue(forKey: id)
                order.removeAll { $0 == id }
                return .json(["id": id, "object": "vector_store.deleted", "deleted": true])
            case ("POST", 4) where segments[3] == "search":
                return search(store, body)
            case ("POST", 4) where segments[3] == "files":
                guard let fileID = body["file_id"] as? String else {
                    return .error(status: 400, message: "'file_id' is required.", type: "invalid_request_error", param: "file_id")
                }
                guard let added = add(fileID, to: &store, attributes: body["attributes"]) else { return OpenAIFiles.notFound(fileID) }
                return .json(added)
            case ("GET", 4) where segments[3] == "files":
                return .json(OpenAIFiles.page(filtered(store.fileOrder.compactMap { store.files[$0] }, request), request, defaultLimit: 20, defaultOrder: "desc"))
            case ("GET", 5) where segments[3] == "files":
                guard var file = store.files[segments[4]] else { return missing("file", segments[4]) }
                let response = Self.polling(file)
                if file["status"] as? String == "in_progress" {
                    file["status"] = "completed"
                    store.files[segments[4]] = file
                    recount(&store)
                }
                return response
            case ("DELETE", 5) where segments[3] == "files":
                guard store.files.removeValue(forKey: segments[4]) != nil else { return missing("file", segments[4]) }
                store.fileOrder.removeAll { $0 == segments[4] }
                recount(&store)
                return .json(["id": segments[4], "object": "vector_store.file.deleted", "deleted": true])
            case ("POST", 4) where segments[3] == "file_batches":
                let fileIDs = body["file_ids"] as? [String] ?? []
                guard !fileIDs.isEmpty else {
                    return .error(status: 400, message: "'file_ids' must not be empty.", type: "invalid_request_error", param: "file_ids")
                }
                for fileID in fileIDs where files.file(fileID) == nil { return OpenAIFiles.notFound(fileID) }
                for fileID in fileIDs { _ = add(fileID, to: &store, attributes: body["attributes"]) }
                let batchID = nextID("vsfb")
                let batch: [String: Any] = [
                    "id": batchID, "object": "vector_store.files_batch", "created_at": 1_700_000_000, "vector_store_id": id,
                    "status": "in_progress", "file_counts": counts(fileIDs.compactMap { store.files[$0] }),
                ]
                store.batches[batchID] = (batch, fileIDs)
                return Self.polling(batch)
            case (_, 5...6) where segments[3] == "file_batches":
                guard let entry = store.batches[segments[4]] else { return missing("file batch", segments[4]) }
                var batch = entry.object
                if segments.count == 6, segments[5] == "files" {
                    let batchFiles = entry.files.compactMap { store.files[$0] }
                    return .json(OpenAIFiles.page(filtered(batchFiles, request), request, defaultLimit: 20, defaultOrder: "desc"))
                }
                if segments.count == 6, segments[5] == "cancel", method == "POST" {
                    if batch["status"] as? String == "in_progress" {
                        batch["status"] = "cancelled"
                        for fileID in entry.files where store.files[fileID]?["status"] as? String == "in_progress" {
                            store.files[fileID]?["status"] = "cancelled"
                        }
                    }
                } else if batch["status"] as? String == "in_progress" {
                    let response = Self.polling(batch)
                    for fileID in entry.files { store.files[fileID]?["status"] = "completed" }
                    batch["status"] = "completed"
                    batch["file_counts"] = counts(entry.files.compactMap { store.files[$0] })
                    store.batches[segments[4]] = (batch, entry.files)
                    recount(&store)
                    return response
                }
                batch["file_counts"] = counts(entry.files.compactMap { store.files[$0] })
                store.batches[segments[4]] = (batch, entry.files)
                recount(&store)
                return .json(batch)
            default:
                return .error(status: 404, message: "Invalid URL (\(method) \(request.path))", type: "invalid_request_error", code: "unknown_url")
            }
        }
    }

    private func create(_ body: [String: Any]) -> ResponsePlan {
        let id = nextID("vs")
        var store = Store(object: [
            "id": id, "object": "vector_store", "created_at": 1_700_000_000 + counter, "name": body["name"] ?? NSNull(),
            "usage_bytes": 0, "status": "completed", "expires_after": body["expires_after"] ?? NSNull(),
            "expires_at": (body["expires_after"] as? [String: Any])?["days"].flatMap { $0 as? Int }.map { 1_700_000_000 + $0 * 86_400 } as Any? ?? NSNull(),
            "last_active_at": 1_700_000_000 + counter, "metadata": body["metadata"] ?? [String: Any](),
        ])
        for fileID in body["file_ids"] as? [String] ?? [] {
            guard add(fileID, to: &store, attributes: nil) != nil else { return OpenAIFiles.notFound(fileID) }
        }
        recount(&store)
        stores[id] = store
        order.append(id)
        return .json(store.object)
    }

    private func add(_ fileID: String, to store: inout Store, attributes: Any?) -> [String: Any]? {
        guard let file = files.file(fileID) else { return nil }
        let entry: [String: Any] = [
            "id": fileID, "object": "vector_store.file", "usage_bytes": file.data.count, "created_at": 1_700_000_000,
            "vector_store_id": store.object["id"] ?? "", "status": "in_progress", "last_error": NSNull(),
            "chunking_strategy": ["type": "static", "static": ["max_chunk_size_tokens": 800, "chunk_overlap_tokens": 400]],
            "attributes": attributes ?? [String: Any](),
        ]
        if store.files[fileID] == nil { store.fileOrder.append(fileID) }
        store.files[fileID] = entry
        recount(&store)
        return entry
    }

    private func filtered(_ items: [[String: Any]], _ request: RecordedRequest) -> [[String: Any]] {
        guard let filter = request.queryValue("filter") else { return items }
        return items.filter { $0["status"] as? String == filter }
    }

    private func counts(_ entries: [[String: Any]]) -> [String: Int] {
        func count(_ status: String) -> Int { entries.filter { $0["status"] as? String == status }.count }
        return [
            "in_progress": count("in_progress"), "completed": count("completed"), "failed": count("failed"),
            "cancelled": count("cancelled"), "total": entries.count,
        ]
    }

    private func recount(_ store: inout Store) {
        let entries = store.fileOrder.compactMap { store.files[$0] }
        let fileCounts = counts(entries)
        store.object["file_counts"] = fileCounts
        store.object["usage_bytes"] = entries.reduce(0) { $0 + ($1["usage_bytes"] as? Int ?? 0) }
        store.object["status"] = (fileCounts["in_progress"] ?? 0) > 0 ? "in_progress" : "completed"
    }

    private static func words(_ text: String) -> Set<String> {
        Set(text.lowercased().split { !$0.isLetter && !$0.isNumber }.map(String.init).filter { $0.count > 2 })
    }

    private static func matches(_ filter: [String: Any]?, _ attributes: [String: Any]) -> Bool {
        guard let filter, let type = filter["type"] as? String else { return true }
        switch type {
        case "and": return (filter["filters"] as? [[String: Any]] ?? []).allSatisfy { matches($0, attributes) }
        case "or": return (filter["filters"] as? [[String: Any]] ?? []).contains { matches($0, attributes) }
        default:
            let key = filter["key"] as? String ?? ""
            let equal = (attributes[key] as? NSObject)?.isEqual(filter["value"]) ?? false
            return type == "ne" ? !equal : (type == "eq" ? equal : false)
        }
    }

    private func search(_ store: Store, _ body: [String: Any]) -> ResponsePlan {
        let queries = (body["query"] as? String).map { [$0] } ?? body["query"] as? [String] ?? []
        guard !queries.isEmpty else {
            return .error(status: 400, message: "'query' is required.", type: "invalid_request_error", param: "query")
        }
        let wanted = Self.words(queries.joined(separator: " "))
        let limit = body["max_num_results"] as? Int ?? 10
        var results: [[String: Any]] = []
        for fileID in store.fileOrder {
            guard let entry = store.files[fileID], entry["status"] as? String == "completed",
                Self.matches(body["filters"] as? [String: Any], entry["attributes"] as? [String: Any] ?? [:]),
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
            results.append([
                "file_id": fileID, "filename": file.metadata["filename"] ?? "", "score": best.score,
                "attributes": entry["attributes"] ?? [String: Any](), "content": [["type": "text", "text": best.chunk]],
            ])
        }
        results.sort { ($0["score"] as? Double ?? 0) > ($1["score"] as? Double ?? 0) }
        return .json([
            "object": "vector_store.search_results.page", "search_query": queries, "data": Array(results.prefix(limit)),
            "has_more": results.count > limit, "next_page": NSNull(),
        ])
    }
}
