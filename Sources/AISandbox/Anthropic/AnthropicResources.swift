import AIServerKit
import Foundation
import NIOConcurrencyHelpers

/// The sandbox's Message Batches, Models and Files, with their state.
final class AnthropicResources: Sendable {
    private struct Batch {
        var object: [String: JSON]
        var requests: [JSON]
        var polls = 0
        var canceled = false
    }

    private struct File {
        var metadata: [String: JSON]
        var data: Data
    }

    /// Everything the routes change, read and written under one lock.
    private struct State {
        var batches: [String: Batch] = [:]
        var batchOrder: [String] = []
        var files: [String: File] = [:]
        var fileOrder: [String] = []
        var counter = 0

        mutating func nextID(_ prefix: String) -> String {
            counter += 1
            return "\(prefix)_sandbox_\(String(format: "%04d", counter))"
        }
    }

    private let state = NIOLockedValueBox(State())

    func route(_ request: RecordedRequest) -> ResponsePlan? {
        let path = request.path
        let segments = path.split(separator: "/").map(String.init)
        switch (request.method, segments.count) {
        case ("GET", 2) where path == "/v1/models":
            return AnthropicModels.list(request) { page($0, request) }
        case ("GET", 3) where segments[1] == "models":
            return AnthropicModels.retrieve(segments[2])
        default:
            break
        }
        if path.hasPrefix("/v1/messages/batches") { return batchRoute(request, segments: segments) }
        if path.hasPrefix("/v1/files") { return fileRoute(request, segments: segments) }
        return nil
    }

    /// A page of `items` (newest first) honouring `limit`, `after_id` and `before_id`.
    private func page(_ items: [JSON], _ request: RecordedRequest) -> JSON {
        func id(_ item: JSON) -> JSON { item["id"] ?? "" }
        let limit = request.queryValue("limit").flatMap(Int.init) ?? 20
        var slice = items[...]
        if let after = request.queryValue("after_id"), let index = items.firstIndex(where: { id($0).string == after }) {
            slice = items[(index + 1)...]
        }
        if let before = request.queryValue("before_id"), let index = items.firstIndex(where: { id($0).string == before }) {
            slice = items[..<index].suffix(limit)
        }
        let data = Array(slice.prefix(limit))
        return [
            "data": .array(data), "has_more": .bool(slice.count > data.count),
            "first_id": data.first.map(id) ?? .null, "last_id": data.last.map(id) ?? .null,
        ]
    }

    // MARK: Batches

    private func batchRoute(_ request: RecordedRequest, segments: [String]) -> ResponsePlan {
        state.withLockedValue { state in
            switch (request.method, segments.count) {
            case ("POST", 3):
                guard let requests = request.jsonBody?["requests"]?.objects, !requests.isEmpty else {
                    return AnthropicMessages.error(400, type: "invalid_request_error", message: "requests: at least one request is required")
                }
                let id = state.nextID("msgbatch")
                let object: [String: JSON] = [
                    "id": .string(id), "type": "message_batch", "processing_status": "in_progress",
                    "request_counts": ["processing": .int(requests.count), "succeeded": 0, "errored": 0, "canceled": 0, "expired": 0],
                    "created_at": "2026-01-01T00:00:00Z", "expires_at": "2026-01-02T00:00:00Z", "ended_at": nil,
                    "archived_at": nil, "cancel_initiated_at": nil, "results_url": nil,
                ]
                state.batches[id] = Batch(object: object, requests: requests)
                state.batchOrder.insert(id, at: 0)
                return .json(.object(object))
            case ("GET", 3):
                return .json(page(state.batchOrder.compactMap { state.batches[$0].map { absolute($0.object, request) } }, request))
            case ("GET", 4):
                guard var batch = state.batches[segments[3]] else { return notFound(segments[3]) }
                batch.polls += 1
                if batch.polls >= 2 { Self.end(&batch) }
                state.batches[segments[3]] = batch
                return .json(absolute(batch.object, request))
            case ("POST", 5) where segments[4] == "cancel":
                guard var batch = state.batches[segments[3]] else { return notFound(segments[3]) }
                if batch.object["processing_status"]?.string == "in_progress" {
                    batch.canceled = true
                    batch.object["processing_status"] = "canceling"
                    batch.object["cancel_initiated_at"] = "2026-01-01T00:01:00Z"
                }
                state.batches[segments[3]] = batch
                return .json(.object(batch.object))
            case ("DELETE", 4):
                guard let batch = state.batches[segments[3]] else { return notFound(segments[3]) }
                guard batch.object["processing_status"]?.string == "ended" else {
                    return AnthropicMessages.error(400, type: "invalid_request_error", message: "A batch must end before it can be deleted.")
                }
                state.batches[segments[3]] = nil
                state.batchOrder.removeAll { $0 == segments[3] }
                return .json(["id": .string(segments[3]), "type": "message_batch_deleted"] as JSON)
            case ("GET", 5) where segments[4] == "results":
                guard let batch = state.batches[segments[3]] else { return notFound(segments[3]) }
                guard batch.object["processing_status"]?.string == "ended" else {
                    return AnthropicMessages.error(400, type: "invalid_request_error", message: "The batch is still processing.")
                }
                let lines = batch.requests.map { Self.result(for: $0, canceled: batch.canceled) }
                let body = lines.map { JSONText.encode($0) + [0x0A] }
                return ResponsePlan(status: 200, contentType: "application/x-jsonl", body: .events(body))
            default:
                return AnthropicMessages.error(404, type: "not_found_error", message: "Not found: \(request.method) \(request.path)")
            }
        }
    }

    /// The batch with its `results_url` made absolute with the request's `Host` (which carries the port).
    private func absolute(_ object: [String: JSON], _ request: RecordedRequest) -> JSON {
        guard let path = object["results_url"]?.string, path.hasPrefix("/") else { return .object(object) }
        var object = object
        object["results_url"] = .string(request.origin + path)
        return .object(object)
    }

    private static func end(_ batch: inout Batch) {
        guard batch.object["processing_status"]?.string != "ended" else { return }
        let results = batch.requests.map { result(for: $0, canceled: batch.canceled) }
        func count(_ type: String) -> JSON { .int(results.filter { $0["result"]?["type"]?.string == type }.count) }
        let id = batch.object["id"]?.string ?? ""
        batch.object["processing_status"] = "ended"
        batch.object["ended_at"] = "2026-01-01T00:05:00Z"
        // A path here; answers make it absolute with the address the request came in on (port included).
        batch.object["results_url"] = .string("/v1/messages/batches/\(id)/results")
        batch.object["request_counts"] = [
            "processing": 0, "succeeded": count("succeeded"), "errored": count("errored"), "canceled": count("canceled"), "expired": 0,
        ]
    }

    private static func result(for request: JSON, canceled: Bool) -> JSON {
        let customID = JSON.string(request["custom_id"]?.string ?? "")
        if canceled { return ["custom_id": customID, "result": ["type": "canceled"]] }
        let plan = AnthropicMessages.messages(.object((request["params"]?.object ?? [:]).filter { $0.key != "stream" }))
        guard case .full(let bytes) = plan.body, let object = (try? JSON(parsing: Data(bytes)))?.objectValue else {
            return ["custom_id": customID, "result": ["type": "expired"]]
        }
        if plan.status == 200 {
            return ["custom_id": customID, "result": ["type": "succeeded", "message": object]]
        }
        return ["custom_id": customID, "result": ["type": "errored", "error": object]]
    }

    private func notFound(_ id: String) -> ResponsePlan {
        AnthropicMessages.error(404, type: "not_found_error", message: "No batch with id \(id)")
    }

    // MARK: Files

    /// The Files API, with or without the `files-api-2025-04-14` beta header (anthropic-python 2.x's
    /// `client.files` sends none; its `client.beta.files` and SwiftAnthropic send it).
    private func fileRoute(_ request: RecordedRequest, segments: [String]) -> ResponsePlan {
        state.withLockedValue { state in
            switch (request.method, segments.count) {
            case ("POST", 2):
                guard let parts = Multipart.parse(request.body, contentType: request.header("content-type")),
                    let file = parts.first(where: { $0.name == "file" })
                else {
                    return AnthropicMessages.error(400, type: "invalid_request_error", message: "file: a multipart file part is required")
                }
                let id = state.nextID("file")
                let metadata: [String: JSON] = [
                    "id": .string(id), "type": "file", "filename": .string(file.filename ?? "upload"),
                    "mime_type": .string(file.contentType ?? "application/octet-stream"),
                    "size_bytes": .int(file.data.count), "created_at": "2026-01-01T00:00:00Z", "downloadable": true,
                ]
                state.files[id] = File(metadata: metadata, data: file.data)
                state.fileOrder.insert(id, at: 0)
                return .json(.object(metadata))
            case ("GET", 2):
                return .json(page(state.fileOrder.compactMap { state.files[$0].map { .object($0.metadata) } }, request))
            case ("GET", 3):
                guard let file = state.files[segments[2]] else { return missingFile(segments[2]) }
                return .json(.object(file.metadata))
            case ("GET", 4) where segments[3] == "content":
                guard let file = state.files[segments[2]] else { return missingFile(segments[2]) }
                return ResponsePlan(
                    status: 200, contentType: file.metadata["mime_type"]?.string ?? "application/octet-stream",
                    body: .full(Array(file.data)))
            case ("DELETE", 3):
                guard state.files.removeValue(forKey: segments[2]) != nil else { return missingFile(segments[2]) }
                state.fileOrder.removeAll { $0 == segments[2] }
                return .json(["id": .string(segments[2]), "type": "file_deleted"] as JSON)
            default:
                return AnthropicMessages.error(404, type: "not_found_error", message: "Not found: \(request.method) \(request.path)")
            }
        }
    }

    private func missingFile(_ id: String) -> ResponsePlan {
        AnthropicMessages.error(404, type: "not_found_error", message: "File not found: \(id)")
    }

    /// Stores a file that code execution wrote, as an upload would be stored (listed, downloadable); its id.
    func addGeneratedFile(named filename: String, mimeType: String, data: Data) -> String {
        state.withLockedValue { state in
            let id = state.nextID("file")
            state.files[id] = File(
                metadata: [
                    "id": .string(id), "type": "file", "filename": .string(filename), "mime_type": .string(mimeType),
                    "size_bytes": .int(data.count), "created_at": "2026-01-01T00:00:00Z", "downloadable": true,
                ],
                data: data)
            state.fileOrder.insert(id, at: 0)
            return id
        }
    }
}
