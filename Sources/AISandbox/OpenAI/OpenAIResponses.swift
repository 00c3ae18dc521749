import Foundation

/// `/v1/responses` (and Azure's `/openai/v1/responses`): create (JSON or SSE), retrieve, delete, cancel, input items.
///
/// Stored responses live here; background responses move from `queued` to `in_progress` to their end (`completed`,
/// or `incomplete` when cut at `max_output_tokens`) as they are polled — or by themselves, with webhooks on — unless
/// cancelled first.
/// `@unchecked Sendable`: its dictionaries are touched only inside `locked(_:)` (SandboxStore's lock).
final class OpenAIResponses: SandboxStore, @unchecked Sendable {
    struct Stored {
        var object: [String: Any]
        var inputItems: [[String: Any]]
        /// The whole conversation up to and including this response: every input and output item of the chain.
        var context: [[String: Any]]
        /// What a background response becomes when it ends (nil once it has ended, or was never in the background).
        var ending: Ending?
    }

    /// The fields a background response gets at its end, decided when it was created.
    struct Ending {
        /// `completed` or `incomplete`.
        var status: String
        var output: [[String: Any]]
        var incompleteDetails: Any
        var usage: Any
    }

    /// What moves a background response.
    enum Step {
        /// A poll: `queued` becomes `in_progress`, `in_progress` becomes the end.
        case poll
        /// The webhook timer: straight to the end.
        case finish
        /// `POST /responses/{id}/cancel`: `cancelled`, unless it has already ended.
        case cancel
    }

    static let created = 1_700_000_000
    private var stored: [String: Stored] = [:]


    /// A new id such as `resp_sandbox_0001` (takes the lock).
    func newID(_ prefix: String) -> String {
        locked { nextID(prefix, separator: "_sandbox_") }
    }

    /// Routes a request below `/responses`; `path` is the part after it ("" for create).
    /// - Parameter answer: what a queued ``SandboxBehavior`` says the model answers instead (nil: the usual reply).
    func route(_ request: RecordedRequest, path: String, answer: SandboxBehavior.ModelAnswer? = nil) -> ResponsePlan {
        let segments = path.split(separator: "/").map(String.init)
        switch (request.method, segments.count) {
        case ("POST", 0):
            guard let json = request.json else {
                return .error(status: 400, message: "We could not parse the JSON body of your request.", type: "invalid_request_error")
            }
            return create(json, answer: answer)
        case ("POST", 1) where segments[0] == "input_tokens":
            guard let json = request.json else {
                return .error(status: 400, message: "We could not parse the JSON body of your request.", type: "invalid_request_error")
            }
            return inputTokens(json)
        case ("POST", 1) where segments[0] == "compact":
            guard let json = request.json else {
                return .error(status: 400, message: "We could not parse the JSON body of your request.", type: "invalid_request_error")
            }
            return compact(json)
        case ("GET", 1):
            guard let entry = move(segments[0], .poll) else { return notFound(segments[0]) }
            if request.queryValue("stream") == "true" {
                let after = request.queryValue("starting_after").flatMap(Int.init) ?? -1
                let events = Self.events(for: entry.object).filter { ($0.1["sequence_number"] as? Int ?? 0) > after }
                return .namedEvents(events.map { ($0.0, $0.1 as Any) })
            }
            return .json(entry.object)
        case ("DELETE", 1):
            guard locked({ stored.removeValue(forKey: segments[0]) }) != nil else { return notFound(segments[0]) }
            return .json(["id": segments[0], "object": "response", "deleted": true])
        case ("POST", 2) where segments[1] == "cancel":
            return cancel(segments[0])
        case ("GET", 2) where segments[1] == "input_items":
            return inputItems(segments[0], request)
        default:
            return .error(status: 404, message: "Invalid URL (\(request.method) \(request.path))", type: "invalid_request_error", code: "unknown_url")
        }
    }

    private func notFound(_ id: String) -> ResponsePlan {
        .error(status: 404, message: "Response with id '\(id)' not found.", type: "invalid_request_error", param: "response_id")
    }

    /// Moves a background response: the status is read and changed under one lock, so a cancel racing a poll or the
    /// webhook timer ends the response exactly once, with exactly one event (`response.completed`, `.incomplete` or
    /// `.cancelled`), told to ``SandboxStore/onFinished`` after the lock is released. Other responses are returned
    /// unchanged. Nil for an unknown id.
    func move(_ id: String, _ step: Step) -> Stored? {
        let result = locked { () -> (Stored, String?)? in
            guard var entry = stored[id] else { return nil }
            guard entry.object["background"] as? Bool == true,
                ["queued", "in_progress"].contains(entry.object["status"] as? String ?? "")
            else { return (entry, nil) }
            var ended: String?
            switch step {
            case .cancel:
                entry.object["status"] = "cancelled"
                entry.ending = nil
                ended = "cancelled"
            case .poll where entry.object["status"] as? String == "queued":
                entry.object["status"] = "in_progress"
            case .poll, .finish:
                ended = Self.end(&entry)
            }
            stored[id] = entry
            return (entry, ended)
        }
        if let ended = result?.1 { onFinished?("response.\(ended)", id) }
        return result?.0
    }

    /// Gives a running background response the fields it was created to end with; returns its final status.
    private static func end(_ entry: inout Stored) -> String {
        let ending = entry.ending ?? Ending(status: "completed", output: [], incompleteDetails: NSNull(), usage: NSNull())
        entry.object["status"] = ending.status
        entry.object["output"] = ending.output
        entry.object["incomplete_details"] = ending.incompleteDetails
        entry.object["usage"] = ending.usage
        if ending.status == "completed" { entry.object["completed_at"] = Self.created + 3 }
        entry.ending = nil
        return ending.status
    }

    /// With webhooks on, a background response finishes by itself two seconds after it is created (unless cancelled
    /// first: the time leaves a client room to cancel, even on a loaded machine).
    private func runToEnd(_ id: String) {
        DispatchQueue.global().asyncAfter(deadline: .now() + 2) { [weak self] in
            _ = self?.move(id, .finish)
        }
    }

    private func cancel(_ id: String) -> ResponsePlan {
        guard let entry = move(id, .cancel) else { return notFound(id) }
        guard entry.object["background"] as? Bool == true else {
            return .error(status: 400, message: "Only responses created with background=true can be cancelled.", type: "invalid_request_error")
        }
        return .json(entry.object)
    }

    private func inputItems(_ id: String, _ request: RecordedRequest) -> ResponsePlan {
        guard let entry = locked({ stored[id] }) else { return notFound(id) }
        var items = entry.inputItems
        if request.queryValue("order") ?? "desc" == "desc" { items.reverse() }
        if let after = request.queryValue("after"), let index = items.firstIndex(where: { $0["id"] as? String == after }) {
            items = Array(items[(index + 1)...])
        }
        let limit = min(max(request.queryValue("limit").flatMap(Int.init) ?? 20, 1), 100)
        let page = Array(items.prefix(limit))
        return .json([
            "object": "list", "data": page, "first_id": page.first?["id"] ?? NSNull(), "last_id": page.last?["id"] ?? NSNull(),
            "has_more": items.count > limit,
        ])
    }

    // MARK: Input tokens and compaction

    /// The stored response a request continues (`previous_response_id`), or the API's 400 for an unknown id.
    private func previous(of body: [String: Any]) -> (stored: Stored?, error: ResponsePlan?) {
        guard let previousID = body["previous_response_id"] as? String else { return (nil, nil) }
        guard let found = locked({ stored[previousID] }) else {
            return (nil, .error(
                status: 400, message: "Previous response with id '\(previousID)' not found.", type: "invalid_request_error",
                code: "previous_response_not_found", param: "previous_response_id"))
        }
        return (found, nil)
    }

    /// The conversation a request stands on: the previous response's whole context, then its own input.
    private func conversation(_ body: [String: Any]) -> (items: [[String: Any]], error: ResponsePlan?) {
        let previous = previous(of: body)
        return ((previous.stored?.context ?? []) + Self.inputItems(body["input"]), previous.error)
    }

    private static var missingModel: ResponsePlan {
        .error(
            status: 400, message: "Missing required parameter: 'model'.", type: "invalid_request_error",
            code: "missing_required_parameter", param: "model")
    }

    private static func tokens(of items: [[String: Any]], instructions: Any?) -> Int {
        items.reduce(SandboxText.countTokens(instructions as? String ?? "")) { $0 + SandboxText.countTokens(text(ofItem: $1)) }
    }

    /// `POST /responses/input_tokens`: the instructions, the conversation's text and each tool's definition, counted.
    private func inputTokens(_ body: [String: Any]) -> ResponsePlan {
        let (items, error) = conversation(body)
        if let error { return error }
        let tools = (body["tools"] as? [Any] ?? []).reduce(0) { total, tool in
            let data = (try? JSONSerialization.data(withJSONObject: tool, options: [.sortedKeys])) ?? Data()
            return total + SandboxText.countTokens(String(decoding: data, as: UTF8.self))
        }
        return .json(["object": "response.input_tokens", "input_tokens": Self.tokens(of: items, instructions: body["instructions"]) + tools])
    }

    /// `POST /responses/compact`: user messages are kept, everything else becomes one `compaction` item whose
    /// encrypted content is the base64 of the dropped items.
    private func compact(_ body: [String: Any]) -> ResponsePlan {
        guard (body["model"] as? String)?.isEmpty == false else { return Self.missingModel }
        let (items, error) = conversation(body)
        if let error { return error }
        guard !items.isEmpty else {
            return .error(status: 400, message: "Missing required parameter: 'input'.", type: "invalid_request_error", code: "missing_required_parameter", param: "input")
        }
        let isUserMessage: ([String: Any]) -> Bool = { $0["type"] as? String == "message" && $0["role"] as? String == "user" }
        let kept = items.filter(isUserMessage)
        let dropped = items.filter { !isUserMessage($0) }
        let data = (try? JSONSerialization.data(withJSONObject: dropped, options: [.sortedKeys])) ?? Data()
        let compaction: [String: Any] = [
            "type": "compaction", "id": newID("cmp"), "encrypted_content": data.base64EncodedString(), "created_by": "sandbox",
        ]
        let inputTokens = Self.tokens(of: items, instructions: body["instructions"])
        let outputTokens = Self.tokens(of: dropped, instructions: nil) / 4 + 1
        return .json([
            "id": newID("resp"), "object": "response.compaction", "created_at": Self.created, "output": kept + [compaction],
            "usage": [
                "input_tokens": inputTokens, "input_tokens_details": ["cached_tokens": 0],
                "output_tokens": outputTokens, "output_tokens_details": ["reasoning_tokens": 0],
                "total_tokens": inputTokens + outputTokens,
            ],
        ])
    }

    // MARK: Create

    private func create(_ body: [String: Any], answer override: SandboxBehavior.ModelAnswer?) -> ResponsePlan {
        guard let model = body["model"] as? String, !model.isEmpty else { return Self.missingModel }
        let previousID = body["previous_response_id"] as? String
        let (previous, previousError) = previous(of: body)
        if let previousError { return previousError }
        let items = Self.inputItems(body["input"])
        guard !items.isEmpty || previous != nil else {
            return .error(status: 400, message: "Missing required parameter: 'input'.", type: "invalid_request_error", code: "missing_required_parameter", param: "input")
        }
        let id = newID("resp")
        var storedItems: [[String: Any]] = []
        for var item in items {
            if item["id"] == nil { item["id"] = newID(item["type"] as? String == "message" ? "msg" : "item") }
            storedItems.append(item)
        }
        let answer = answer(body: body, items: items, previous: previous, override: override)
        var output = answer.output
        var status = answer.incompleteReason == nil ? "completed" : "incomplete"
        var incomplete: Any = answer.incompleteReason.map { ["reason": $0] } ?? NSNull()
        var outputTokens = output.reduce(0) { $0 + Self.tokenCount(of: $1) }
        if override == nil, let limit = body["max_output_tokens"] as? Int, outputTokens > limit {
            output = Self.truncate(output, to: limit)
            outputTokens = limit
            status = "incomplete"
            incomplete = ["reason": "max_output_tokens"]
        }
        let inputTokens = Self.tokens(of: items, instructions: body["instructions"])
        let reasoningTokens = output.contains { $0["type"] as? String == "reasoning" } ? 64 : 0
        var object: [String: Any] = [
            "id": id, "object": "response", "created_at": Self.created, "status": status, "model": model,
            "error": NSNull(), "incomplete_details": incomplete, "output": output,
            "instructions": body["instructions"] ?? NSNull(), "max_output_tokens": body["max_output_tokens"] ?? NSNull(),
            "parallel_tool_calls": body["parallel_tool_calls"] ?? true, "previous_response_id": previousID ?? NSNull(),
            "reasoning": body["reasoning"] ?? ["effort": NSNull(), "summary": NSNull()],
            "store": body["store"] ?? true, "background": body["background"] ?? false,
            "temperature": body["temperature"] ?? 1.0, "top_p": body["top_p"] ?? 1.0,
            "text": body["text"] ?? ["format": ["type": "text"]], "tool_choice": body["tool_choice"] ?? "auto",
            "tools": body["tools"] ?? [Any](), "truncation": body["truncation"] ?? "disabled",
            "service_tier": body["service_tier"] ?? "default", "metadata": body["metadata"] ?? [String: Any](),
            "user": body["user"] ?? NSNull(), "safety_identifier": body["safety_identifier"] ?? NSNull(),
            "prompt_cache_key": body["prompt_cache_key"] ?? NSNull(),
            "usage": [
                "input_tokens": inputTokens, "input_tokens_details": ["cached_tokens": 0],
                "output_tokens": outputTokens + reasoningTokens, "output_tokens_details": ["reasoning_tokens": reasoningTokens],
                "total_tokens": inputTokens + outputTokens + reasoningTokens,
            ],
        ]
        if status == "completed" { object["completed_at"] = Self.created + 1 }
        if let conversation = body["conversation"] { object["conversation"] = conversation }
        let background = body["background"] as? Bool == true
        let finished = object
        var ending: Ending?
        if background {
            // Queued now; it ends as created (completed, or incomplete at max_output_tokens) when polled or timed out.
            ending = Ending(status: status, output: output, incompleteDetails: incomplete, usage: object["usage"] ?? NSNull())
            object["status"] = "queued"
            object["output"] = [Any]()
            object["incomplete_details"] = NSNull()
            object.removeValue(forKey: "completed_at")
            object["usage"] = NSNull()
        }
        if body["store"] as? Bool != false || background {
            let entry = Stored(
                object: object, inputItems: (previous?.inputItems ?? []) + storedItems,
                context: (previous?.context ?? []) + storedItems + output, ending: ending)
            locked { stored[id] = entry }
        }
        if background, onFinished != nil, body["stream"] as? Bool != true { runToEnd(id) }
        if body["stream"] as? Bool == true {
            // A streamed background response runs to its end while the client listens.
            return .namedEvents(Self.events(for: background ? finished : object).map { ($0.0, $0.1 as Any) })
        }
        return .json(object)
    }

    /// The input as a list of items (a string becomes one user message).
    static func inputItems(_ input: Any?) -> [[String: Any]] {
        if let text = input as? String {
            return [["type": "message", "role": "user", "content": [["type": "input_text", "text": text]]]]
        }
        return (input as? [[String: Any]] ?? []).map { item in
            var item = item
            if item["type"] == nil, item["role"] != nil { item["type"] = "message" }
            if item["type"] as? String == "message", let text = item["content"] as? String {
                item["content"] = [["type": item["role"] as? String == "assistant" ? "output_text" : "input_text", "text": text]]
            }
            return item
        }
    }

    static func text(ofItem item: [String: Any]) -> String {
        if let output = item["output"] as? String { return output }
        if let arguments = item["arguments"] as? String { return arguments }
        let parts = item["content"] as? [[String: Any]] ?? item["output"] as? [[String: Any]] ?? []
        return parts.compactMap { $0["text"] as? String ?? $0["refusal"] as? String }.joined(separator: " ")
    }

    static func describeAttachments(_ parts: [[String: Any]]) -> String {
        var notes: [String] = []
        for part in parts {
            switch part["type"] as? String {
            case "input_file":
                let name = part["filename"] as? String ?? part["file_id"] as? String ?? part["file_url"] as? String ?? "file"
                var note = "file \(name)"
                if let data = part["file_data"] as? String, let comma = data.firstIndex(of: ",") {
                    let bytes = Data(base64Encoded: String(data[data.index(after: comma)...]))?.count ?? 0
                    note += " (\(bytes) bytes)"
                }
                notes.append(note)
            case "input_image":
                if let url = part["image_url"] as? String {
                    if url.hasPrefix("data:"), let comma = url.firstIndex(of: ",") {
                        let bytes = Data(base64Encoded: String(url[url.index(after: comma)...]))?.count ?? 0
                        notes.append("image (\(bytes) bytes)")
                    } else {
                        notes.append("image \(url)")
                    }
                } else {
                    notes.append("image \(part["file_id"] as? String ?? "")")
                }
            default: break
            }
        }
        return notes.isEmpty ? "" : " [received " + notes.joined(separator: ", ") + "]"
    }

    private static func tokenCount(of item: [String: Any]) -> Int {
        switch item["type"] as? String {
        case "message": return SandboxText.countTokens(text(ofItem: item))
        case "function_call": return 12
        default: return 0
        }
    }

    /// Cuts message text to `limit` tokens; the message becomes incomplete.
    private static func truncate(_ output: [[String: Any]], to limit: Int) -> [[String: Any]] {
        output.map { item in
            guard item["type"] as? String == "message", var parts = item["content"] as? [[String: Any]], !parts.isEmpty else { return item }
            let text = parts[0]["text"] as? String ?? ""
            parts[0]["text"] = SandboxText.tokens(text).prefix(max(limit, 0)).joined()
            var item = item
            item["content"] = parts
            item["status"] = "incomplete"
            return item
        }
    }

    // MARK: Streaming

    /// The event sequence the Responses API sends for `response`.
    static func events(for response: [String: Any]) -> [(String, [String: Any])] {
        var events: [(String, [String: Any])] = []
        func emit(_ type: String, _ fields: [String: Any]) {
            var event = fields
            event["type"] = type
            event["sequence_number"] = events.count
            events.append((type, event))
        }
        let output = response["output"] as? [[String: Any]] ?? []
        var initial = response
        initial["status"] = response["status"] as? String == "queued" ? "queued" : "in_progress"
        initial["output"] = [Any]()
        initial["usage"] = NSNull()
        initial["incomplete_details"] = NSNull()
        initial.removeValue(forKey: "completed_at")
        emit("response.created", ["response": initial])
        if initial["status"] as? String == "queued" { return events }
        emit("response.in_progress", ["response": initial])
        for (index, item) in output.enumerated() {
            let itemID = item["id"] as? String ?? ""
            var started = item
            started["status"] = "in_progress"
            switch item["type"] as? String {
            case "message":
                started["content"] = [Any]()
                emit("response.output_item.added", ["output_index": index, "item": started])
                for (partIndex, part) in (item["content"] as? [[String: Any]] ?? []).enumerated() {
                    let text = part["text"] as? String ?? ""
                    let base: [String: Any] = ["item_id": itemID, "output_index": index, "content_index": partIndex]
                    if part["type"] as? String == "refusal" {
                        let refusal = part["refusal"] as? String ?? ""
                        emit("response.content_part.added", base.merging(["part": ["type": "refusal", "refusal": ""]]) { $1 })
                        for token in SandboxText.tokens(refusal) {
                            emit("response.refusal.delta", base.merging(["delta": token]) { $1 })
                        }
                        emit("response.refusal.done", base.merging(["refusal": refusal]) { $1 })
                        emit("response.content_part.done", base.merging(["part": part]) { $1 })
                        continue
                    }
                    emit("response.content_part.added", base.merging(["part": ["type": "output_text", "text": "", "annotations": [Any](), "logprobs": [Any]()]]) { $1 })
                    for token in SandboxText.tokens(text) {
                        emit("response.output_text.delta", base.merging(["delta": token, "logprobs": [Any](), "obfuscation": "sbx"]) { $1 })
                    }
                    emit("response.output_text.done", base.merging(["text": text, "logprobs": [Any]()]) { $1 })
                    emit("response.content_part.done", base.merging(["part": part]) { $1 })
                }
            case "function_call":
                started["arguments"] = ""
                emit("response.output_item.added", ["output_index": index, "item": started])
                var remaining = Substring(item["arguments"] as? String ?? "")
                while !remaining.isEmpty {
                    emit("response.function_call_arguments.delta", ["item_id": itemID, "output_index": index, "delta": String(remaining.prefix(7)), "obfuscation": "sbx"])
                    remaining = remaining.dropFirst(7)
                }
                emit("response.function_call_arguments.done", ["item_id": itemID, "output_index": index, "name": item["name"] ?? "", "arguments": item["arguments"] ?? ""])
            case "reasoning":
                started["summary"] = [Any]()
                emit("response.output_item.added", ["output_index": index, "item": started])
                for (summaryIndex, part) in (item["summary"] as? [[String: Any]] ?? []).enumerated() {
                    let text = part["text"] as? String ?? ""
                    let base: [String: Any] = ["item_id": itemID, "output_index": index, "summary_index": summaryIndex]
                    emit("response.reasoning_summary_part.added", base.merging(["part": ["type": "summary_text", "text": ""]]) { $1 })
                    for token in SandboxText.tokens(text) {
                        emit("response.reasoning_summary_text.delta", base.merging(["delta": token, "obfuscation": "sbx"]) { $1 })
                    }
                    emit("response.reasoning_summary_text.done", base.merging(["text": text]) { $1 })
                    emit("response.reasoning_summary_part.done", base.merging(["part": part]) { $1 })
                }
            default:
                emit("response.output_item.added", ["output_index": index, "item": started])
            }
            emit("response.output_item.done", ["output_index": index, "item": item])
        }
        switch response["status"] as? String {
        case "incomplete": emit("response.incomplete", ["response": response])
        case "failed": emit("response.failed", ["response": response])
        default: emit("response.completed", ["response": response])
        }
        return events
    }
}
