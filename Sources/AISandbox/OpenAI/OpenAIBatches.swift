import AIServerKit
import Foundation
import NIOConcurrencyHelpers

/// `/v1/batches`: validates the input file, runs every line through the sandbox's own endpoints, and writes
/// output and error files. Each retrieve moves a batch one step: validating → in_progress → finalizing → completed.
final class OpenAIBatches: Sendable {
    private struct State: Sendable {
        var ids = SandboxCounter()
        var batches: [String: JSON] = [:]
        var order: [String] = []
    }

    private let files: OpenAIFiles
    /// The app's answerer, asked for chat completion lines as for direct requests.
    private let answerer: (any SandboxAnswerer)?
    private let state = NIOLockedValueBox(State())
    private let finished = NIOLockedValueBox<(@Sendable (_ type: String, _ id: String) -> Void)?>(nil)
    static let endpoints: Set<String> = ["/v1/chat/completions", "/v1/embeddings", "/v1/moderations", "/v1/responses", "/v1/completions"]

    init(files: OpenAIFiles, answerer: (any SandboxAnswerer)? = nil) {
        self.files = files
        self.answerer = answerer
    }

    /// Told when a batch ends (`batch.completed`, `batch.failed` …, and its id): the sandbox then delivers a webhook.
    /// Set once, before the first request. When set, a batch also runs to its end by itself instead of one step per
    /// poll, as it does on the real API.
    var onFinished: (@Sendable (_ type: String, _ id: String) -> Void)? {
        get { finished.withLockedValue { $0 } }
        set { finished.withLockedValue { $0 = newValue } }
    }

    private func notFound(_ id: String) -> ResponsePlan {
        .error(status: 404, message: "No batch found with id '\(id)'.", type: "invalid_request_error", param: "batch_id")
    }

    /// `GET /batches`.
    func list(_ request: RecordedRequest) -> ResponsePlan {
        let items = state.withLockedValue { state in state.order.compactMap { state.batches[$0] } }
        return .json(OpenAIFiles.page(items, request, defaultLimit: 20, defaultOrder: "desc"))
    }

    /// `GET /batches/{id}`: moves the batch one step.
    func retrieve(_ id: String) -> ResponsePlan {
        guard state.withLockedValue({ $0.batches[id] }) != nil else { return notFound(id) }
        return .json(advance(id))
    }

    /// `POST /batches/{id}/cancel`.
    func cancel(_ id: String) -> ResponsePlan {
        state.withLockedValue { state in
            guard var batch = state.batches[id] else { return notFound(id) }
            guard ["validating", "in_progress", "finalizing"].contains(batch["status"]?.string ?? "") else {
                return .error(status: 409, message: "Cannot cancel a batch with status '\(batch["status"].quoted())'.", type: "invalid_request_error")
            }
            batch["status"] = "cancelling"
            batch["cancelling_at"] = 1_700_000_100
            state.batches[id] = batch
            return .json(batch)
        }
    }

    /// `POST /batches`.
    func create(_ body: JSON) -> ResponsePlan {
        guard let inputID = body["input_file_id"]?.string, let endpoint = body["endpoint"]?.string else {
            return .error(status: 400, message: "input_file_id and endpoint are required.", type: "invalid_request_error")
        }
        guard Self.endpoints.contains(endpoint) else {
            return .error(status: 400, message: "Invalid endpoint '\(endpoint)'.", type: "invalid_request_error", param: "endpoint")
        }
        guard body["completion_window"]?.string == "24h" else {
            return .error(status: 400, message: "completion_window must be '24h'.", type: "invalid_request_error", param: "completion_window")
        }
        guard let file = files.file(inputID) else { return OpenAIFiles.notFound(inputID) }
        guard file.metadata["purpose"]?.string == "batch" else {
            return .error(status: 400, message: "The input file must have purpose 'batch'.", type: "invalid_request_error", param: "input_file_id")
        }
        let lines = Self.lines(file.data)
        var errors: [JSON] = []
        var seen = Set<String>()
        for (number, line) in lines.enumerated() {
            let customID = line["custom_id"]?.string
            if customID == nil || seen.contains(customID!) {
                errors.append(["code": "invalid_request", "message": "custom_id must be present and unique.", "line": .int(number + 1), "param": "custom_id"])
            } else if line["url"]?.string != endpoint {
                errors.append([
                    "code": "mismatched_endpoint", "message": .string("The url of line \(number + 1) does not match the batch endpoint \(endpoint)."),
                    "line": .int(number + 1), "param": "url",
                ])
            } else if line["method"]?.string != "POST" {
                errors.append(["code": "invalid_method", "message": "Only POST is supported.", "line": .int(number + 1), "param": "method"])
            }
            if let customID { seen.insert(customID) }
        }
        let batch = state.withLockedValue { state in
            let id = state.ids.nextID("batch")
            var batch: JSON = [
                "id": .string(id), "object": "batch", "endpoint": .string(endpoint), "input_file_id": .string(inputID), "completion_window": "24h",
                "status": "validating", "output_file_id": nil, "error_file_id": nil, "created_at": 1_700_000_000,
                "expires_at": 1_700_086_400, "request_counts": ["total": .int(lines.count), "completed": 0, "failed": 0],
                "metadata": body["metadata"] ?? .null, "errors": nil,
            ]
            if !errors.isEmpty {
                batch["status"] = "failed"
                batch["failed_at"] = 1_700_000_001
                batch["errors"] = ["object": "list", "data": .array(errors)]
            }
            state.batches[id] = batch
            state.order.append(id)
            return batch
        }
        let id = batch["id"]?.string ?? ""
        if errors.isEmpty {
            if onFinished != nil { runToEnd(id) }
        } else {
            let finished = onFinished
            DispatchQueue.global().async { finished?("batch.failed", id) }
        }
        return .json(batch)
    }

    /// With webhooks on, a batch runs to its end by itself (a step every 50 ms) instead of one step per poll.
    private func runToEnd(_ id: String) {
        DispatchQueue.global().asyncAfter(deadline: .now() + 0.05) { [weak self] in
            guard let self else { return }
            let status = advance(id)["status"]?.string ?? ""
            if !["completed", "failed", "cancelled", "expired"].contains(status) { runToEnd(id) }
        }
    }

    /// The JSONL file's lines that are JSON objects.
    private static func lines(_ data: Data) -> [JSON] {
        data.split(separator: UInt8(ascii: "\n")).compactMap { (try? JSON(parsing: Data($0)))?.objectValue }
    }

    /// Moves a batch one step and returns it; a step that ends it is reported to ``onFinished``.
    private func advance(_ id: String) -> JSON {
        let (batch, ended) = state.withLockedValue { state -> (JSON, String?) in
            guard var batch = state.batches[id] else { return ([:], nil) }
            let before = batch["status"]?.string ?? ""
            switch batch["status"]?.string {
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
            state.batches[id] = batch
            let after = batch["status"]?.string ?? ""
            let terminal = ["completed", "failed", "cancelled", "expired"]
            return (batch, !terminal.contains(before) && terminal.contains(after) ? after : nil)
        }
        if let ended { onFinished?("batch.\(ended)", id) }
        return batch
    }

    /// Runs every request and writes the output and error files.
    private func run(_ batch: JSON) -> JSON {
        var batch = batch
        guard let input = files.file(batch["input_file_id"]?.string ?? "") else {
            batch["status"] = "failed"
            return batch
        }
        var output = Data()
        var errors = Data()
        var completed = 0
        var failed = 0
        for (number, line) in Self.lines(input.data).enumerated() {
            let customID = line["custom_id"]?.string ?? ""
            let body = line["body"]?.objectValue ?? [:]
            let plan: ResponsePlan
            switch line["url"]?.string {
            case "/v1/chat/completions": plan = OpenAIChat.respond(to: body, answerer: answerer)
            case "/v1/embeddings": plan = OpenAIEmbeddings.respond(to: body)
            case "/v1/moderations": plan = OpenAIModerations.respond(to: body)
            default:
                failed += 1
                let error: JSON = [
                    "id": .string("batch_req_\(number + 1)"), "custom_id": .string(customID), "response": nil,
                    "error": ["code": "unsupported_url", "message": .string("The sandbox does not run \(line["url"].quoted()) in batches.")],
                ]
                errors.append(error.serialized())
                errors.append(0x0A)
                continue
            }
            guard case .full(let bytes) = plan.body, let json = try? JSON(parsing: Data(bytes)) else { continue }
            if (200..<300).contains(plan.status) { completed += 1 } else { failed += 1 }
            let result: JSON = [
                "id": .string("batch_req_\(number + 1)"), "custom_id": .string(customID),
                "response": ["status_code": .int(plan.status), "request_id": .string("req_batch_\(number + 1)"), "body": json], "error": nil,
            ]
            output.append(result.serialized())
            output.append(0x0A)
        }
        let id = batch["id"]?.string ?? "batch"
        batch["output_file_id"] = files.store(filename: "\(id)_output.jsonl", purpose: "batch_output", data: output)["id"]
        if !errors.isEmpty {
            batch["error_file_id"] = files.store(filename: "\(id)_error.jsonl", purpose: "batch_output", data: errors)["id"]
        }
        batch["status"] = "completed"
        batch["completed_at"] = 1_700_000_030
        batch["request_counts"] = ["total": .int(completed + failed), "completed": .int(completed), "failed": .int(failed)]
        return batch
    }
}
