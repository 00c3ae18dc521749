import Foundation

/// `/v1/batches`: validates the input file, runs every line through the sandbox's own endpoints, and writes
/// output and error files. Each retrieve moves a batch one step: validating → in_progress → finalizing → completed.
/// `@unchecked Sendable`: its dictionaries are touched only inside `locked(_:)` (SandboxStore's lock).
final class OpenAIBatches: SandboxStore, @unchecked Sendable {
    private let files: OpenAIFiles
    private var batches: [String: [String: Any]] = [:]
    private var order: [String] = []
    static let endpoints: Set<String> = ["/v1/chat/completions", "/v1/embeddings", "/v1/moderations", "/v1/responses", "/v1/completions"]

    init(files: OpenAIFiles) {
        self.files = files
    }


    private func notFound(_ id: String) -> ResponsePlan {
        .error(status: 404, message: "No batch found with id '\(id)'.", type: "invalid_request_error", param: "batch_id")
    }

    func route(_ request: RecordedRequest, segments: [String]) -> ResponsePlan {
        switch (request.method, segments.count) {
        case ("POST", 2): return create(request.json ?? [:])
        case ("GET", 2):
            let items = locked { order.compactMap { batches[$0] } }
            return .json(OpenAIFiles.page(items, request, defaultLimit: 20, defaultOrder: "desc"))
        case ("GET", 3):
            guard locked({ batches[segments[2]] }) != nil else { return notFound(segments[2]) }
            return .json(advance(segments[2]))
        case ("POST", 4) where segments[3] == "cancel":
            return locked {
                guard var batch = batches[segments[2]] else { return notFound(segments[2]) }
                guard ["validating", "in_progress", "finalizing"].contains(batch["status"] as? String ?? "") else {
                    return .error(status: 409, message: "Cannot cancel a batch with status '\(batch["status"] ?? "")'.", type: "invalid_request_error")
                }
                batch["status"] = "cancelling"
                batch["cancelling_at"] = 1_700_000_100
                batches[segments[2]] = batch
                return .json(batch)
            }
        default:
            return .error(status: 404, message: "Invalid URL (\(request.method) \(request.path))", type: "invalid_request_error", code: "unknown_url")
        }
    }

    private func create(_ body: [String: Any]) -> ResponsePlan {
        guard let inputID = body["input_file_id"] as? String, let endpoint = body["endpoint"] as? String else {
            return .error(status: 400, message: "input_file_id and endpoint are required.", type: "invalid_request_error")
        }
        guard Self.endpoints.contains(endpoint) else {
            return .error(status: 400, message: "Invalid endpoint '\(endpoint)'.", type: "invalid_request_error", param: "endpoint")
        }
        guard body["completion_window"] as? String == "24h" else {
            return .error(status: 400, message: "completion_window must be '24h'.", type: "invalid_request_error", param: "completion_window")
        }
        guard let file = files.file(inputID) else { return OpenAIFiles.notFound(inputID) }
        guard file.metadata["purpose"] as? String == "batch" else {
            return .error(status: 400, message: "The input file must have purpose 'batch'.", type: "invalid_request_error", param: "input_file_id")
        }
        return locked {
            let id = nextID("batch")
            let lines = Self.lines(file.data)
            var errors: [[String: Any]] = []
            var seen = Set<String>()
            for (number, line) in lines.enumerated() {
                let customID = line["custom_id"] as? String
                if customID == nil || seen.contains(customID!) {
                    errors.append(["code": "invalid_request", "message": "custom_id must be present and unique.", "line": number + 1, "param": "custom_id"])
                } else if line["url"] as? String != endpoint {
                    errors.append(["code": "mismatched_endpoint", "message": "The url of line \(number + 1) does not match the batch endpoint \(endpoint).", "line": number + 1, "param": "url"])
                } else if line["method"] as? String != "POST" {
                    errors.append(["code": "invalid_method", "message": "Only POST is supported.", "line": number + 1, "param": "method"])
                }
                if let customID { seen.insert(customID) }
            }
            var batch: [String: Any] = [
                "id": id, "object": "batch", "endpoint": endpoint, "input_file_id": inputID, "completion_window": "24h",
                "status": "validating", "output_file_id": NSNull(), "error_file_id": NSNull(), "created_at": 1_700_000_000,
                "expires_at": 1_700_086_400, "request_counts": ["total": lines.count, "completed": 0, "failed": 0],
                "metadata": body["metadata"] ?? NSNull(), "errors": NSNull(),
            ]
            if !errors.isEmpty {
                batch["status"] = "failed"
                batch["failed_at"] = 1_700_000_001
                batch["errors"] = ["object": "list", "data": errors]
            }
            batches[id] = batch
            order.append(id)
            if errors.isEmpty {
                if onFinished != nil { runToEnd(id) }
            } else {
                let finished = onFinished
                DispatchQueue.global().async { finished?("batch.failed", id) }
            }
            return .json(batch)
        }
    }

    /// With webhooks on, a batch runs to its end by itself (a step every 50 ms) instead of one step per poll.
    private func runToEnd(_ id: String) {
        DispatchQueue.global().asyncAfter(deadline: .now() + 0.05) { [weak self] in
            guard let self else { return }
            let status = advance(id)["status"] as? String ?? ""
            if !["completed", "failed", "cancelled", "expired"].contains(status) { runToEnd(id) }
        }
    }

    private static func lines(_ data: Data) -> [[String: Any]] {
        data.split(separator: UInt8(ascii: "\n")).compactMap { (try? JSONSerialization.jsonObject(with: Data($0))) as? [String: Any] }
    }

    /// Moves a batch one step and returns it; a step that ends it is reported to ``SandboxStore/onFinished``.
    private func advance(_ id: String) -> [String: Any] {
        let (batch, ended) = locked { () -> ([String: Any], String?) in
            guard var batch = batches[id] else { return ([:], nil) }
            let before = batch["status"] as? String ?? ""
            switch batch["status"] as? String {
            case "validating":
                batch["status"] = "in_progress"
                batch["in_progress_at"] = 1_700_000_010
            case "in_progress":
                batch["status"] = "finalizing"
                batch["finalizing_at"] = 1_700_000_020
            case "finalizing":
                batch = run(batch)
            case "cancelling":
                batch["status"] = "cancelled"
                batch["cancelled_at"] = 1_700_000_110
            default:
                break
            }
            batches[id] = batch
            let after = batch["status"] as? String ?? ""
            let terminal = ["completed", "failed", "cancelled", "expired"]
            return (batch, !terminal.contains(before) && terminal.contains(after) ? after : nil)
        }
        if let ended { onFinished?("batch.\(ended)", id) }
        return batch
    }

    /// Runs every request and writes the output and error files.
    private func run(_ batch: [String: Any]) -> [String: Any] {
        var batch = batch
        guard let input = files.file(batch["input_file_id"] as? String ?? "") else {
            batch["status"] = "failed"
            return batch
        }
        var output = Data()
        var errors = Data()
        var completed = 0
        var failed = 0
        for (number, line) in Self.lines(input.data).enumerated() {
            let customID = line["custom_id"] as? String ?? ""
            let body = line["body"] as? [String: Any] ?? [:]
            let plan: ResponsePlan
            switch line["url"] as? String {
            case "/v1/chat/completions": plan = OpenAIChat.respond(to: body)
            case "/v1/embeddings": plan = OpenAIEmbeddings.respond(to: body)
            case "/v1/moderations": plan = OpenAIModerations.respond(to: body)
            default:
                failed += 1
                errors.append(contentsOf: JSONText.encode([
                    "id": "batch_req_\(number + 1)", "custom_id": customID, "response": NSNull(),
                    "error": ["code": "unsupported_url", "message": "The sandbox does not run \(line["url"] ?? "") in batches."],
                ]) + [0x0A])
                continue
            }
            guard case .full(let bytes) = plan.body, let json = try? JSONSerialization.jsonObject(with: Data(bytes)) else { continue }
            if (200..<300).contains(plan.status) { completed += 1 } else { failed += 1 }
            output.append(contentsOf: JSONText.encode([
                "id": "batch_req_\(number + 1)", "custom_id": customID,
                "response": ["status_code": plan.status, "request_id": "req_batch_\(number + 1)", "body": json], "error": NSNull(),
            ]) + [0x0A])
        }
        let id = batch["id"] as? String ?? "batch"
        batch["output_file_id"] = files.store(filename: "\(id)_output.jsonl", purpose: "batch_output", data: output)["id"]
        if !errors.isEmpty {
            batch["error_file_id"] = files.store(filename: "\(id)_error.jsonl", purpose: "batch_output", data: errors)["id"]
        }
        batch["status"] = "completed"
        batch["completed_at"] = 1_700_000_030
        batch["request_counts"] = ["total": completed + failed, "completed": completed, "failed": failed]
        return batch
    }
}
