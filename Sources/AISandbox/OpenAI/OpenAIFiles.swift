import Foundation

/// `/v1/files` and `/v1/uploads`, with their state (also read by batches).
/// `@unchecked Sendable`: its dictionaries are touched only inside `locked(_:)` (SandboxStore's lock).
final class OpenAIFiles: SandboxStore, @unchecked Sendable {
    struct File {
        var metadata: [String: Any]
        var data: Data
    }

    private struct Upload {
        var object: [String: Any]
        var parts: [String] = []
    }

    static let purposes: Set<String> = ["assistants", "batch", "fine-tune", "vision", "user_data", "evals"]
    private var files: [String: File] = [:]
    private var order: [String] = []
    private var uploads: [String: Upload] = [:]
    private var parts: [String: Data] = [:]



    /// Stores a file and returns its metadata (also used for batch output files).
    func store(filename: String, purpose: String, data: Data, expiresAfter: Int? = nil) -> [String: Any] {
        locked { storeLocked(filename: filename, purpose: purpose, data: data, expiresAfter: expiresAfter) }
    }

    private func storeLocked(filename: String, purpose: String, data: Data, expiresAfter: Int? = nil) -> [String: Any] {
        let id = nextID("file", separator: "-sandbox")
        let created = 1_700_000_000 + counter
        var metadata: [String: Any] = [
            "id": id, "object": "file", "bytes": data.count, "created_at": created, "filename": filename, "purpose": purpose,
            "status": "processed", "status_details": NSNull(), "expires_at": expiresAfter.map { created + $0 } as Any? ?? NSNull(),
        ]
        if purpose == "batch", expiresAfter == nil { metadata["expires_at"] = created + 30 * 86_400 }
        files[id] = File(metadata: metadata, data: data)
        order.append(id)
        return metadata
    }

    func file(_ id: String) -> File? { locked { files[id] } }

    static func notFound(_ id: String) -> ResponsePlan {
        .error(status: 404, message: "No such File object: \(id)", type: "invalid_request_error", param: "id")
    }

    func route(_ request: RecordedRequest, segments: [String]) -> ResponsePlan {
        switch (request.method, segments.count) {
        case ("POST", 2):
            guard let form = Multipart.parse(request.body, contentType: request.header("content-type")) else {
                return .error(status: 400, message: "Expected a multipart/form-data body.", type: "invalid_request_error")
            }
            let purpose = form.first { $0.name == "purpose" }.map { String(decoding: $0.data, as: UTF8.self) } ?? ""
            guard Self.purposes.contains(purpose) else {
                return .error(status: 400, message: "'\(purpose)' is not one of \(Self.purposes.sorted()) - 'purpose'", type: "invalid_request_error", param: "purpose")
            }
            guard let file = form.first(where: { $0.name == "file" }), let filename = file.filename else {
                return .error(status: 400, message: "'file' is a required property", type: "invalid_request_error", param: "file")
            }
            if purpose == "batch" || purpose == "fine-tune", let problem = Self.jsonlProblem(file.data) {
                return .error(status: 400, message: "Invalid file format for \(purpose): \(problem)", type: "invalid_request_error", param: "file")
            }
            let seconds = form.first { $0.name == "expires_after[seconds]" }.flatMap { Int(String(decoding: $0.data, as: UTF8.self)) }
            return .json(store(filename: filename, purpose: purpose, data: file.data, expiresAfter: seconds))
        case ("GET", 2):
            return list(request)
        case ("GET", 3):
            guard let file = file(segments[2]) else { return Self.notFound(segments[2]) }
            return .json(file.metadata)
        case ("DELETE", 3):
            guard locked({ files.removeValue(forKey: segments[2]) }) != nil else { return Self.notFound(segments[2]) }
            locked { order.removeAll { $0 == segments[2] } }
            return .json(["id": segments[2], "object": "file", "deleted": true])
        case ("GET", 4) where segments[3] == "content":
            guard let file = file(segments[2]) else { return Self.notFound(segments[2]) }
            return ResponsePlan(status: 200, headers: [("Content-Type", "application/octet-stream")], body: .full(Array(file.data)))
        default:
            return .error(status: 404, message: "Invalid URL (\(request.method) \(request.path))", type: "invalid_request_error", code: "unknown_url")
        }
    }

    /// A JSONL file's first problem, if any.
    static func jsonlProblem(_ data: Data) -> String? {
        let lines = data.split(separator: UInt8(ascii: "\n")).filter { !$0.allSatisfy { $0 == 0x20 || $0 == 0x0D } }
        guard !lines.isEmpty else { return "the file is empty" }
        for (number, line) in lines.enumerated() where (try? JSONSerialization.jsonObject(with: Data(line))) as? [String: Any] == nil {
            return "line \(number + 1) is not a JSON object"
        }
        return nil
    }

    private func list(_ request: RecordedRequest) -> ResponsePlan {
        let purpose = request.queryValue("purpose")
        var items = locked { order.compactMap { files[$0]?.metadata } }
        if let purpose { items = items.filter { $0["purpose"] as? String == purpose } }
        return .json(Self.page(items, request, defaultLimit: 10_000, defaultOrder: "desc"))
    }

    /// One page of `items` (in creation order) for a list request's limit, order, after and before.
    static func page(_ items: [[String: Any]], _ request: RecordedRequest, defaultLimit: Int, defaultOrder: String) -> [String: Any] {
        var items = items
        if (request.queryValue("order") ?? defaultOrder) == "desc" { items.reverse() }
        if let after = request.queryValue("after"), let index = items.firstIndex(where: { $0["id"] as? String == after }) {
            items = Array(items[(index + 1)...])
        }
        if let before = request.queryValue("before"), let index = items.firstIndex(where: { $0["id"] as? String == before }) {
            items = Array(items[..<index])
        }
        let limit = max(1, request.queryValue("limit").flatMap(Int.init) ?? defaultLimit)
        let page = Array(items.prefix(limit))
        return [
            "object": "list", "data": page, "first_id": page.first?["id"] ?? NSNull(), "last_id": page.last?["id"] ?? NSNull(),
            "has_more": items.count > limit,
        ]
    }

    // MARK: Uploads

    func uploadRoute(_ request: RecordedRequest, segments: [String]) -> ResponsePlan {
        if request.method == "POST", segments.count == 2 {
            let body = request.json ?? [:]
            guard let filename = body["filename"] as? String, let purpose = body["purpose"] as? String,
                let bytes = body["bytes"] as? Int, let mime = body["mime_type"] as? String
            else {
                return .error(status: 400, message: "filename, purpose, bytes and mime_type are required.", type: "invalid_request_error")
            }
            guard Self.purposes.contains(purpose) else {
                return .error(status: 400, message: "Invalid purpose '\(purpose)'.", type: "invalid_request_error", param: "purpose")
            }
            guard bytes <= 8 * 1024 * 1024 * 1024 else {
                return .error(status: 400, message: "Uploads can be at most 8 GB.", type: "invalid_request_error", param: "bytes")
            }
            return locked {
                let id = nextID("upload", separator: "-sandbox")
                let object: [String: Any] = [
                    "id": id, "object": "upload", "bytes": bytes, "created_at": 1_700_000_000, "filename": filename,
                    "purpose": purpose, "mime_type": mime, "status": "pending", "expires_at": 1_700_003_600, "file": NSNull(),
                ]
                uploads[id] = Upload(object: object)
                return .json(object)
            }
        }
        guard segments.count == 4, let upload = locked({ uploads[segments[2]] }) else {
            return .error(status: 404, message: "No such Upload: \(segments.count > 2 ? segments[2] : "")", type: "invalid_request_error")
        }
        let id = segments[2]
        guard upload.object["status"] as? String == "pending" else {
            return .error(status: 400, message: "Upload \(id) is already \(upload.object["status"] ?? "closed").", type: "invalid_request_error")
        }
        switch (request.method, segments[3]) {
        case ("POST", "parts"):
            guard let form = Multipart.parse(request.body, contentType: request.header("content-type")),
                let data = form.first(where: { $0.name == "data" })?.data
            else {
                return .error(status: 400, message: "'data' is required.", type: "invalid_request_error", param: "data")
            }
            guard data.count <= 64 * 1024 * 1024 else {
                return .error(status: 400, message: "A part can be at most 64 MB.", type: "invalid_request_error", param: "data")
            }
            return locked {
                let partID = nextID("part", separator: "-sandbox")
                parts[partID] = data
                uploads[id]?.parts.append(partID)
                return .json(["id": partID, "object": "upload.part", "created_at": 1_700_000_001, "upload_id": id])
            }
        case ("POST", "complete"):
            let ids = request.json?["part_ids"] as? [String] ?? []
            return locked {
                guard Set(ids).isSubset(of: Set(upload.parts)), !ids.isEmpty else {
                    return .error(status: 400, message: "part_ids must list parts of this upload.", type: "invalid_request_error", param: "part_ids")
                }
                let data = ids.reduce(into: Data()) { $0.append(parts[$1] ?? Data()) }
                let expected = upload.object["bytes"] as? Int ?? 0
                guard data.count == expected else {
                    return .error(status: 400, message: "The parts add up to \(data.count) bytes, but the upload was created with \(expected).", type: "invalid_request_error", param: "part_ids")
                }
                let file = storeLocked(filename: upload.object["filename"] as? String ?? "upload", purpose: upload.object["purpose"] as? String ?? "user_data", data: data)
                var object = upload.object
                object["status"] = "completed"
                object["file"] = file
                uploads[id]?.object = object
                for part in upload.parts { parts.removeValue(forKey: part) }
                return .json(object)
            }
        case ("POST", "cancel"):
            return locked {
                var object = upload.object
                object["status"] = "cancelled"
                uploads[id]?.object = object
                for part in upload.parts { parts.removeValue(forKey: part) }
                return .json(object)
            }
        default:
            return .error(status: 404, message: "Invalid URL (\(request.method) \(request.path))", type: "invalid_request_error")
        }
    }
}
