import AIServerKit
import Foundation
import NIOConcurrencyHelpers

/// `/v1/files` and `/v1/uploads`, with their state (also read by batches, fine-tuning and vector stores).
final class OpenAIFiles: Sendable {
    struct File: Sendable {
        var metadata: JSON
        var data: Data
    }

    private struct Upload: Sendable {
        var object: JSON
        var parts: [String] = []
    }

    private struct State: Sendable {
        var ids = SandboxCounter()
        var files: [String: File] = [:]
        var order: [String] = []
        var uploads: [String: Upload] = [:]
        var parts: [String: Data] = [:]

        mutating func store(filename: String, purpose: String, data: Data, expiresAfter: Int? = nil) -> JSON {
            let id = ids.nextID("file", separator: "-sandbox")
            let created = 1_700_000_000 + ids.count
            var metadata: JSON = [
                "id": .string(id), "object": "file", "bytes": .int(data.count), "created_at": .int(created),
                "filename": .string(filename), "purpose": .string(purpose), "status": "processed", "status_details": nil,
                "expires_at": JSON(expiresAfter.map { created + $0 }),
            ]
            if purpose == "batch", expiresAfter == nil { metadata["expires_at"] = .int(created + 30 * 86_400) }
            files[id] = File(metadata: metadata, data: data)
            order.append(id)
            return metadata
        }
    }

    static let purposes: Set<String> = ["assistants", "batch", "fine-tune", "vision", "user_data", "evals"]
    private let state = NIOLockedValueBox(State())

    /// Stores a file and returns its metadata (also used for batch output files).
    func store(filename: String, purpose: String, data: Data, expiresAfter: Int? = nil) -> JSON {
        state.withLockedValue { $0.store(filename: filename, purpose: purpose, data: data, expiresAfter: expiresAfter) }
    }

    func file(_ id: String) -> File? { state.withLockedValue { $0.files[id] } }

    static func notFound(_ id: String) -> ResponsePlan {
        .error(status: 404, message: "No such File object: \(id)", type: "invalid_request_error", param: "id")
    }

    // MARK: Files

    /// `POST /files`: a multipart upload with `purpose` and `file` (JSONL checked for batch and fine-tune files).
    func create(_ request: RecordedRequest) -> ResponsePlan {
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
    }

    /// `GET /files`, newest first unless asked otherwise, optionally of one `purpose`.
    func list(_ request: RecordedRequest) -> ResponsePlan {
        let purpose = request.queryValue("purpose")
        var items = state.withLockedValue { state in state.order.compactMap { state.files[$0]?.metadata } }
        if let purpose { items = items.filter { $0["purpose"]?.string == purpose } }
        return .json(Self.page(items, request, defaultLimit: 10_000, defaultOrder: "desc"))
    }

    /// `GET /files/{id}`.
    func retrieve(_ id: String) -> ResponsePlan {
        guard let file = file(id) else { return Self.notFound(id) }
        return .json(file.metadata)
    }

    /// `DELETE /files/{id}`.
    func delete(_ id: String) -> ResponsePlan {
        let removed = state.withLockedValue { state in
            guard state.files.removeValue(forKey: id) != nil else { return false }
            state.order.removeAll { $0 == id }
            return true
        }
        guard removed else { return Self.notFound(id) }
        return .json(["id": .string(id), "object": "file", "deleted": true])
    }

    /// `GET /files/{id}/content`: the bytes as uploaded.
    func content(_ id: String) -> ResponsePlan {
        guard let file = file(id) else { return Self.notFound(id) }
        return ResponsePlan(status: 200, contentType: "application/octet-stream", body: .full(Array(file.data)))
    }

    /// A JSONL file's first problem, if any.
    static func jsonlProblem(_ data: Data) -> String? {
        let lines = data.split(separator: UInt8(ascii: "\n")).filter { !$0.allSatisfy { $0 == 0x20 || $0 == 0x0D } }
        guard !lines.isEmpty else { return "the file is empty" }
        for (number, line) in lines.enumerated() where (try? JSON(parsing: Data(line)))?.object == nil {
            return "line \(number + 1) is not a JSON object"
        }
        return nil
    }

    /// One page of `items` (in creation order) for a list request's limit, order, after and before.
    static func page(_ items: [JSON], _ request: RecordedRequest, defaultLimit: Int, defaultOrder: String) -> JSON {
        var items = items
        if (request.queryValue("order") ?? defaultOrder) == "desc" { items.reverse() }
        if let after = request.queryValue("after"), let index = items.firstIndex(where: { $0["id"]?.string == after }) {
            items = Array(items[(index + 1)...])
        }
        if let before = request.queryValue("before"), let index = items.firstIndex(where: { $0["id"]?.string == before }) {
            items = Array(items[..<index])
        }
        let limit = max(1, request.queryValue("limit").flatMap(Int.init) ?? defaultLimit)
        let page = Array(items.prefix(limit))
        return [
            "object": "list", "data": .array(page), "first_id": page.first?["id"] ?? .null, "last_id": page.last?["id"] ?? .null,
            "has_more": .bool(items.count > limit),
        ]
    }

    // MARK: Uploads

    /// `POST /uploads`: a pending upload of `bytes` bytes.
    func createUpload(_ request: RecordedRequest) -> ResponsePlan {
        let body = request.jsonBody ?? [:]
        guard let filename = body["filename"]?.string, let purpose = body["purpose"]?.string,
            let bytes = body["bytes"]?.int, let mime = body["mime_type"]?.string
        else {
            return .error(status: 400, message: "filename, purpose, bytes and mime_type are required.", type: "invalid_request_error")
        }
        guard Self.purposes.contains(purpose) else {
            return .error(status: 400, message: "Invalid purpose '\(purpose)'.", type: "invalid_request_error", param: "purpose")
        }
        guard bytes <= 8 * 1024 * 1024 * 1024 else {
            return .error(status: 400, message: "Uploads can be at most 8 GB.", type: "invalid_request_error", param: "bytes")
        }
        return state.withLockedValue { state in
            let id = state.ids.nextID("upload", separator: "-sandbox")
            let object: JSON = [
                "id": .string(id), "object": "upload", "bytes": .int(bytes), "created_at": 1_700_000_000, "filename": .string(filename),
                "purpose": .string(purpose), "mime_type": .string(mime), "status": "pending", "expires_at": 1_700_003_600, "file": nil,
            ]
            state.uploads[id] = Upload(object: object)
            return .json(object)
        }
    }

    /// What `POST /uploads/{id}/{action}` does.
    enum UploadAction: String, Sendable {
        case parts, complete, cancel
    }

    /// `POST /uploads/{id}/parts|complete|cancel`. Any other action on a known upload is answered after the upload's
    /// own checks (unknown upload: 404; no longer pending: 400), as the API does.
    func upload(_ id: String, action: String, _ request: RecordedRequest) -> ResponsePlan {
        guard let upload = state.withLockedValue({ $0.uploads[id] }) else {
            return .error(status: 404, message: "No such Upload: \(id)", type: "invalid_request_error")
        }
        guard upload.object["status"]?.string == "pending" else {
            return .error(status: 400, message: "Upload \(id) is already \(upload.object["status"].quoted(or: "closed")).", type: "invalid_request_error")
        }
        switch (request.method, UploadAction(rawValue: action)) {
        case ("POST", .parts):
            guard let form = Multipart.parse(request.body, contentType: request.header("content-type")),
                let data = form.first(where: { $0.name == "data" })?.data
            else {
                return .error(status: 400, message: "'data' is required.", type: "invalid_request_error", param: "data")
            }
            guard data.count <= 64 * 1024 * 1024 else {
                return .error(status: 400, message: "A part can be at most 64 MB.", type: "invalid_request_error", param: "data")
            }
            return state.withLockedValue { state in
                let partID = state.ids.nextID("part", separator: "-sandbox")
                state.parts[partID] = data
                state.uploads[id]?.parts.append(partID)
                return .json(["id": .string(partID), "object": "upload.part", "created_at": 1_700_000_001, "upload_id": .string(id)])
            }
        case ("POST", .complete):
            let ids = request.jsonBody?["part_ids"]?.strings ?? []
            return state.withLockedValue { state in
                guard Set(ids).isSubset(of: Set(upload.parts)), !ids.isEmpty else {
                    return .error(status: 400, message: "part_ids must list parts of this upload.", type: "invalid_request_error", param: "part_ids")
                }
                let data = ids.reduce(into: Data()) { $0.append(state.parts[$1] ?? Data()) }
                let expected = upload.object["bytes"]?.int ?? 0
                guard data.count == expected else {
                    return .error(status: 400, message: "The parts add up to \(data.count) bytes, but the upload was created with \(expected).", type: "invalid_request_error", param: "part_ids")
                }
                let file = state.store(
                    filename: upload.object["filename"]?.string ?? "upload", purpose: upload.object["purpose"]?.string ?? "user_data",
                    data: data)
                var object = upload.object
                object["status"] = "completed"
                object["file"] = file
                state.uploads[id]?.object = object
                for part in upload.parts { state.parts.removeValue(forKey: part) }
                return .json(object)
            }
        case ("POST", .cancel):
            return state.withLockedValue { state in
                var object = upload.object
                object["status"] = "cancelled"
                state.uploads[id]?.object = object
                for part in upload.parts { state.parts.removeValue(forKey: part) }
                return .json(object)
            }
        default:
            return .error(status: 404, message: "Invalid URL (\(request.method) \(request.path))", type: "invalid_request_error")
        }
    }
}
