import AIServerKit
import Foundation
import NIOConcurrencyHelpers

/// `/v1/responses` (and Azure's `/openai/v1/responses`): create (JSON or SSE), retrieve, delete, cancel, input items.
///
/// Stored responses live here; background responses move from `queued` to `in_progress` to their end (`completed`,
/// or `incomplete` when cut at `max_output_tokens`) as they are polled — or by themselves, with webhooks on — unless
/// cancelled first.
final class OpenAIResponses: Sendable {
    struct Stored: Sendable {
        var object: JSON
        var inputItems: [JSON]
        /// The whole conversation up to and including this response: every input and output item of the chain.
        var context: [JSON]
        /// What a background response becomes when it ends (nil once it has ended, or was never in the background).
        var ending: Ending?
    }

    /// The fields a background response gets at its end, decided when it was created.
    struct Ending: Sendable {
        /// `completed` or `incomplete`.
        var status: String
        var output: [JSON]
        var incompleteDetails: JSON
        var usage: JSON
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

    private struct State: Sendable {
        var ids = SandboxCounter()
        var stored: [String: Stored] = [:]
        /// Per `prompt_cache_key` (empty: none): the last request's prefix text and its input tokens.
        var promptCache: [String: (prefix: String, tokens: Int)] = [:]
    }

    static let created = 1_700_000_000
    /// The conversations responses created with `conversation` read from and append to.
    let conversations = OpenAIConversationStore()
    private let state = NIOLockedValueBox(State())
    private let finished = NIOLockedValueBox<(@Sendable (_ type: String, _ id: String) -> Void)?>(nil)

    /// Told when a background response ends (`response.completed`, `.incomplete` or `.cancelled`, and its id): the
    /// sandbox then delivers a webhook. Set once, before the first request. When set, a background response also
    /// finishes by itself instead of as it is polled, as it does on the real API.
    var onFinished: (@Sendable (_ type: String, _ id: String) -> Void)? {
        get { finished.withLockedValue { $0 } }
        set { finished.withLockedValue { $0 = newValue } }
    }

    /// A new id such as `resp_sandbox_0001` (takes the lock).
    func newID(_ prefix: String) -> String {
        state.withLockedValue { $0.ids.nextID(prefix, separator: "_sandbox_") }
    }

    /// The answer to a create, count or compact request whose body is not a JSON object.
    private static var unparsableBody: ResponsePlan {
        .error(status: 400, message: "We could not parse the JSON body of your request.", type: "invalid_request_error")
    }

    /// `POST /responses`.
    /// - Parameter answer: what a queued ``SandboxBehavior`` says the model answers instead (nil: the usual reply).
    func create(_ request: RecordedRequest, answer: SandboxBehavior.ModelAnswer?) -> ResponsePlan {
        guard let json = request.jsonBody else { return Self.unparsableBody }
        return create(json, answer: answer)
    }

    /// `POST /responses/input_tokens`.
    func inputTokens(_ request: RecordedRequest) -> ResponsePlan {
        guard let json = request.jsonBody else { return Self.unparsableBody }
        return inputTokens(json)
    }

    /// `POST /responses/compact`.
    func compact(_ request: RecordedRequest) -> ResponsePlan {
        guard let json = request.jsonBody else { return Self.unparsableBody }
        return compact(json)
    }

    /// `GET /responses/{id}`: moves a background response one step; `?stream=true` replays its events (after
    /// `starting_after`).
    func retrieve(_ id: String, _ request: RecordedRequest) -> ResponsePlan {
        guard let entry = move(id, .poll) else { return notFound(id) }
        if request.queryValue("stream") == "true" {
            let after = request.queryValue("starting_after").flatMap(Int.init) ?? -1
            return .namedEvents(Self.events(for: entry.object).filter { ($0.1["sequence_number"]?.int ?? 0) > after })
        }
        return .json(entry.object)
    }

    /// A stored response as it is now (nil: unknown).
    func stored(_ id: String) -> JSON? {
        state.withLockedValue { $0.stored[id]?.object }
    }

    /// Response `id` was cut short by steering on a Responses WebSocket: it is stored `incomplete` (reason
    /// `steered`) with the output it had. Returns it as it now is.
    func markSteered(_ id: String) -> JSON? {
        state.withLockedValue { state -> JSON? in
            guard var entry = state.stored[id] else { return nil }
            entry.object["status"] = "incomplete"
            entry.object["incomplete_details"] = ["reason": "steered"]
            entry.object["completed_at"] = nil
            state.stored[id] = entry
            return entry.object
        }
    }

    /// `DELETE /responses/{id}`.
    func delete(_ id: String) -> ResponsePlan {
        guard state.withLockedValue({ $0.stored.removeValue(forKey: id) }) != nil else { return notFound(id) }
        return .json(["id": .string(id), "object": "response", "deleted": true])
    }

    private func notFound(_ id: String) -> ResponsePlan {
        .error(status: 404, message: "Response with id '\(id)' not found.", type: "invalid_request_error", param: "response_id")
    }

    /// Moves a background response: the status is read and changed under one lock, so a cancel racing a poll or the
    /// webhook timer ends the response exactly once, with exactly one event (`response.completed`, `.incomplete` or
    /// `.cancelled`), told to ``onFinished`` after the lock is released. Other responses are returned
    /// unchanged. Nil for an unknown id.
    func move(_ id: String, _ step: Step) -> Stored? {
        let result = state.withLockedValue { state -> (Stored, String?)? in
            guard var entry = state.stored[id] else { return nil }
            guard entry.object["background"]?.bool == true,
                ["queued", "in_progress"].contains(entry.object["status"]?.string ?? "")
            else { return (entry, nil) }
            var ended: String?
            switch step {
            case .cancel:
                entry.object["status"] = "cancelled"
                entry.ending = nil
                ended = "cancelled"
            case .poll where entry.object["status"]?.string == "queued":
                entry.object["status"] = "in_progress"
            case .poll, .finish:
                ended = Self.end(&entry)
            }
            state.stored[id] = entry
            return (entry, ended)
        }
        if let ended = result?.1 { onFinished?("response.\(ended)", id) }
        return result?.0
    }

    /// Gives a running background response the fields it was created to end with; returns its final status.
    private static func end(_ entry: inout Stored) -> String {
        let ending = entry.ending ?? Ending(status: "completed", output: [], incompleteDetails: .null, usage: .null)
        entry.object["status"] = .string(ending.status)
        entry.object["output"] = .array(ending.output)
        entry.object["incomplete_details"] = ending.incompleteDetails
        entry.object["usage"] = ending.usage
        if ending.status == "completed" { entry.object["completed_at"] = .int(Self.created + 3) }
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

    /// `POST /responses/{id}/cancel`.
    func cancel(_ id: String) -> ResponsePlan {
        guard let entry = move(id, .cancel) else { return notFound(id) }
        guard entry.object["background"]?.bool == true else {
            return .error(status: 400, message: "Only responses created with background=true can be cancelled.", type: "invalid_request_error")
        }
        return .json(entry.object)
    }

    /// `GET /responses/{id}/input_items`.
    func inputItems(_ id: String, _ request: RecordedRequest) -> ResponsePlan {
        guard let entry = state.withLockedValue({ $0.stored[id] }) else { return notFound(id) }
        var items = entry.inputItems
        if request.queryValue("order") ?? "desc" == "desc" { items.reverse() }
        if let after = request.queryValue("after"), let index = items.firstIndex(where: { $0["id"]?.string == after }) {
            items = Array(items[(index + 1)...])
        }
        let limit = min(max(request.queryValue("limit").flatMap(Int.init) ?? 20, 1), 100)
        let page = Array(items.prefix(limit))
        return .json([
            "object": "list", "data": .array(page), "first_id": page.first?["id"] ?? .null, "last_id": page.last?["id"] ?? .null,
            "has_more": .bool(items.count > limit),
        ])
    }

    // MARK: Input tokens and compaction

    /// The stored response a request continues (`previous_response_id`), or the API's 400 for an unknown id.
    private func previous(of body: JSON) -> (stored: Stored?, error: ResponsePlan?) {
        guard let previousID = body["previous_response_id"]?.string else { return (nil, nil) }
        guard let found = state.withLockedValue({ $0.stored[previousID] }) else {
            return (nil, .error(
                status: 400, message: "Previous response with id '\(previousID)' not found.", type: "invalid_request_error",
                code: "previous_response_not_found", param: "previous_response_id"))
        }
        return (found, nil)
    }

    /// The conversation a request stands on: the previous response's whole context, then its own input.
    private func conversation(_ body: JSON) -> (items: [JSON], error: ResponsePlan?) {
        let previous = previous(of: body)
        return ((previous.stored?.context ?? []) + Self.inputItems(body["input"]), previous.error)
    }

    private static var missingModel: ResponsePlan {
        .error(
            status: 400, message: "Missing required parameter: 'model'.", type: "invalid_request_error",
            code: "missing_required_parameter", param: "model")
    }

    private static func tokens(of items: [JSON], instructions: JSON?) -> Int {
        items.reduce(SandboxText.countTokens(instructions?.string ?? "")) { $0 + SandboxText.countTokens(text(ofItem: $1)) }
    }

    /// `POST /responses/input_tokens`: the instructions, the conversation's text and each tool's definition, counted.
    private func inputTokens(_ body: JSON) -> ResponsePlan {
        let (items, error) = conversation(body)
        if let error { return error }
        let tools = (body["tools"]?.array ?? []).reduce(0) { total, tool in
            total + SandboxText.countTokens(Self.definitionText(tool))
        }
        return .json(["object": "response.input_tokens", "input_tokens": .int(Self.tokens(of: items, instructions: body["instructions"]) + tools)])
    }

    /// A tool definition's JSON text as it is counted: keys sorted, slashes escaped (as `JSONSerialization` writes
    /// with `.sortedKeys` alone); an empty text for a bare string or number, which that serializer refuses.
    private static func definitionText(_ tool: JSON) -> String {
        guard tool.array != nil || tool.object != nil else { return "" }
        return tool.serializedString().replacingOccurrences(of: "/", with: "\\/")
    }

    /// `POST /responses/compact`: user messages are kept, everything else becomes one `compaction` item whose
    /// encrypted content is the base64 of the dropped items.
    private func compact(_ body: JSON) -> ResponsePlan {
        guard body["model"]?.string?.isEmpty == false else { return Self.missingModel }
        let (items, error) = conversation(body)
        if let error { return error }
        guard !items.isEmpty else {
            return .error(status: 400, message: "Missing required parameter: 'input'.", type: "invalid_request_error", code: "missing_required_parameter", param: "input")
        }
        let isUserMessage: (JSON) -> Bool = { $0["type"]?.string == "message" && $0["role"]?.string == "user" }
        let kept = items.filter(isUserMessage)
        let dropped = items.filter { !isUserMessage($0) }
        let data = Data(Self.definitionText(.array(dropped)).utf8)
        let compaction: JSON = [
            "type": "compaction", "id": .string(newID("cmp")), "encrypted_content": .string(data.base64EncodedString()), "created_by": "sandbox",
        ]
        let inputTokens = Self.tokens(of: items, instructions: body["instructions"])
        let outputTokens = Self.tokens(of: dropped, instructions: nil) / 4 + 1
        return .json([
            "id": .string(newID("resp")), "object": "response.compaction", "created_at": .int(Self.created), "output": .array(kept + [compaction]),
            "usage": [
                "input_tokens": .int(inputTokens), "input_tokens_details": ["cached_tokens": 0],
                "output_tokens": .int(outputTokens), "output_tokens_details": ["reasoning_tokens": 0],
                "total_tokens": .int(inputTokens + outputTokens),
            ],
        ])
    }

    // MARK: Create

    /// A create request's outcome: refused with the API's error, or the response as stored (`object`) and as its
    /// events tell it (`streamed`: a background response streams to its end).
    enum Made {
        case refused(ResponsePlan)
        case made(object: JSON, streamed: JSON)
    }

    private func create(_ body: JSON, answer override: SandboxBehavior.ModelAnswer?) -> ResponsePlan {
        switch make(body, answer: override) {
        case .refused(let plan): return plan
        case .made(let object, let streamed):
            return body["stream"]?.bool == true ? .namedEvents(Self.events(for: streamed)) : .json(object)
        }
    }

    /// Runs a create request: checks it, answers it, stores the response (and its conversation's items).
    func make(_ body: JSON, answer override: SandboxBehavior.ModelAnswer?) -> Made {
        guard let model = body["model"]?.string, !model.isEmpty else { return .refused(Self.missingModel) }
        if let refused = Self.checkTodayOptions(body) { return .refused(refused) }
        let previousID = body["previous_response_id"]?.string
        let conversationID = Self.conversationID(body)
        let (previous, previousError) = body["conversation"]?.isNull == false ? conversationContext(body) : previous(of: body)
        if let previousError { return .refused(previousError) }
        let items = Self.inputItems(body["input"])
        guard !items.isEmpty || previous != nil else {
            return .refused(.error(
                status: 400, message: "Missing required parameter: 'input'.", type: "invalid_request_error", code: "missing_required_parameter",
                param: "input"))
        }
        let id = newID("resp")
        var storedItems: [JSON] = []
        for var item in items {
            if item["id"] == nil { item["id"] = .string(newID(item["type"]?.string == "message" ? "msg" : "item")) }
            storedItems.append(item)
        }
        let answer = answer(body: Self.narrowedToAllowedTools(body), items: items, previous: previous, override: override)
        var output = answer.output
        let inputTokens = Self.tokens(of: items, instructions: body["instructions"])
        let context = (previous?.context ?? []) + items
        if let compaction = compactionItem(body: body, conversation: context, inputTokens: Self.tokens(of: context, instructions: body["instructions"])) {
            output.insert(compaction, at: 0)
        }
        let cachedTokens = cachedTokens(body: body, items: items, inputTokens: inputTokens)
        var status = answer.incompleteReason == nil ? "completed" : "incomplete"
        var incomplete: JSON = answer.incompleteReason.map { ["reason": .string($0)] } ?? .null
        var outputTokens = output.reduce(0) { $0 + Self.tokenCount(of: $1) }
        if override == nil, let limit = body["max_output_tokens"]?.int, outputTokens > limit {
            output = Self.truncate(output, to: limit)
            outputTokens = limit
            status = "incomplete"
            incomplete = ["reason": "max_output_tokens"]
        }
        let reasoningTokens = output.contains { $0["type"]?.string == "reasoning" } ? 64 : 0
        var object: JSON = [
            "id": .string(id), "object": "response", "created_at": .int(Self.created), "status": .string(status), "model": .string(model),
            "error": nil, "incomplete_details": incomplete, "output": .array(output),
            "instructions": body["instructions"] ?? .null, "max_output_tokens": body["max_output_tokens"] ?? .null,
            "parallel_tool_calls": body["parallel_tool_calls"] ?? true, "previous_response_id": JSON(previousID),
            "reasoning": body["reasoning"] ?? ["effort": nil, "summary": nil],
            "store": body["store"] ?? true, "background": body["background"] ?? false,
            "temperature": body["temperature"] ?? 1.0, "top_p": body["top_p"] ?? 1.0,
            "text": body["text"] ?? ["format": ["type": "text"]], "tool_choice": body["tool_choice"] ?? "auto",
            "tools": body["tools"] ?? [], "truncation": body["truncation"] ?? "disabled",
            "service_tier": body["service_tier"] ?? "default", "metadata": body["metadata"] ?? [:],
            "user": body["user"] ?? .null, "safety_identifier": body["safety_identifier"] ?? .null,
            "prompt_cache_key": body["prompt_cache_key"] ?? .null,
            "prompt_cache_retention": body["prompt_cache_retention"] ?? .null,
            "moderation": body["moderation"] ?? .null,
            "usage": [
                "input_tokens": .int(inputTokens), "input_tokens_details": ["cached_tokens": .int(cachedTokens)],
                "output_tokens": .int(outputTokens + reasoningTokens), "output_tokens_details": ["reasoning_tokens": .int(reasoningTokens)],
                "total_tokens": .int(inputTokens + outputTokens + reasoningTokens),
            ],
        ]
        if status == "completed" { object["completed_at"] = .int(Self.created + 1) }
        if let options = body["prompt_cache_options"] { object["prompt_cache_options"] = options }
        if let conversationID { object["conversation"] = ["id": .string(conversationID)] }
        let background = body["background"]?.bool == true
        let finished = object
        var ending: Ending?
        if background {
            // Queued now; it ends as created (completed, or incomplete at max_output_tokens) when polled or timed out.
            ending = Ending(status: status, output: output, incompleteDetails: incomplete, usage: object["usage"] ?? .null)
            object["status"] = "queued"
            object["output"] = []
            object["incomplete_details"] = .null
            object["completed_at"] = nil
            object["usage"] = .null
        }
        if body["store"]?.bool != false || background {
            let entry = Stored(
                object: object, inputItems: (previous?.inputItems ?? []) + storedItems,
                context: (previous?.context ?? []) + storedItems + output, ending: ending)
            state.withLockedValue { $0.stored[id] = entry }
        }
        if let conversationID { conversations.append(storedItems + output, to: conversationID) }
        if background, onFinished != nil, body["stream"]?.bool != true { runToEnd(id) }
        // A streamed background response runs to its end while the client listens.
        return .made(object: object, streamed: background ? finished : object)
    }

    /// The input as a list of items (a string becomes one user message).
    static func inputItems(_ input: JSON?) -> [JSON] {
        if let text = input?.string {
            return [["type": "message", "role": "user", "content": [["type": "input_text", "text": .string(text)]]]]
        }
        return (input?.objects ?? []).map { item in
            var item = item
            if item["type"] == nil, item["role"] != nil { item["type"] = "message" }
            if item["type"]?.string == "message", let text = item["content"]?.string {
                item["content"] = [["type": item["role"]?.string == "assistant" ? "output_text" : "input_text", "text": .string(text)]]
            }
            return item
        }
    }

    static func text(ofItem item: JSON) -> String {
        if let output = item["output"]?.string { return output }
        if let arguments = item["arguments"]?.string { return arguments }
        let parts = item["content"]?.objects ?? item["output"]?.objects ?? []
        return parts.compactMap { $0["text"]?.string ?? $0["refusal"]?.string }.joined(separator: " ")
    }

    static func describeAttachments(_ parts: [JSON]) -> String {
        var notes: [String] = []
        for part in parts {
            switch part["type"]?.string {
            case "input_file":
                let name = part["filename"]?.string ?? part["file_id"]?.string ?? part["file_url"]?.string ?? "file"
                var note = "file \(name)"
                if let data = part["file_data"]?.string, let comma = data.firstIndex(of: ",") {
                    let bytes = Data(base64Encoded: String(data[data.index(after: comma)...]))?.count ?? 0
                    note += " (\(bytes) bytes)"
                }
                notes.append(note)
            case "input_image":
                if let url = part["image_url"]?.string {
                    if url.hasPrefix("data:"), let comma = url.firstIndex(of: ",") {
                        let bytes = Data(base64Encoded: String(url[url.index(after: comma)...]))?.count ?? 0
                        notes.append("image (\(bytes) bytes)")
                    } else {
                        notes.append("image \(url)")
                    }
                } else {
                    notes.append("image \(part["file_id"]?.string ?? "")")
                }
            default: break
            }
        }
        return notes.isEmpty ? "" : " [received " + notes.joined(separator: ", ") + "]"
    }

    private static func tokenCount(of item: JSON) -> Int {
        switch item["type"]?.string {
        case "message": return SandboxText.countTokens(text(ofItem: item))
        case "function_call": return 12
        default: return 0
        }
    }

    /// Cuts message text to `limit` tokens; the message becomes incomplete.
    private static func truncate(_ output: [JSON], to limit: Int) -> [JSON] {
        output.map { item in
            guard item["type"]?.string == "message", var parts = item["content"]?.objects, !parts.isEmpty else { return item }
            let text = parts[0]["text"]?.string ?? ""
            parts[0]["text"] = .string(SandboxText.tokens(text).prefix(max(limit, 0)).joined())
            var item = item
            item["content"] = .array(parts)
            item["status"] = "incomplete"
            return item
        }
    }

    /// The prompt cache: a request whose prefix (instructions, tools, input) starts with the last one under the same
    /// `prompt_cache_key` reads that request's tokens from the cache, in steps of 128 from 1024 on (shorter
    /// prompts are never cached).
    private func cachedTokens(body: JSON, items: [JSON], inputTokens: Int) -> Int {
        let key = body["prompt_cache_key"]?.string ?? ""
        let prefix = (body["instructions"]?.string ?? "") + Self.definitionText(body["tools"] ?? []) + Self.definitionText(.array(items))
        return state.withLockedValue { state in
            defer { state.promptCache[key] = (prefix, inputTokens) }
            guard let last = state.promptCache[key], last.tokens >= 1024, prefix.hasPrefix(Self.cacheablePrefix(last.prefix)) else { return 0 }
            return min(last.tokens, inputTokens) / 128 * 128
        }
    }

    /// A prefix without its closing brackets, so that a longer input list still starts with it.
    private static func cacheablePrefix(_ text: String) -> String {
        String(text.reversed().drop { $0 == "]" || $0 == "}" }.reversed())
    }

    // MARK: Streaming

    /// The event sequence the Responses API sends for `response`.
    static func events(for response: JSON) -> [(String, JSON)] {
        var events: [(String, JSON)] = []
        func emit(_ type: String, _ fields: JSON) {
            var event = fields
            event["type"] = .string(type)
            event["sequence_number"] = .int(events.count)
            events.append((type, event))
        }
        /// `base` with the members of `extra` added (a member of `extra` wins).
        func merged(_ base: JSON, _ extra: JSON) -> JSON {
            .object((base.object ?? [:]).merging(extra.object ?? [:]) { $1 })
        }
        let output = response["output"]?.objects ?? []
        var initial = response
        initial["status"] = response["status"]?.string == "queued" ? "queued" : "in_progress"
        initial["output"] = []
        initial["usage"] = .null
        initial["incomplete_details"] = .null
        initial["completed_at"] = nil
        emit("response.created", ["response": initial])
        if initial["status"]?.string == "queued" { return events }
        emit("response.in_progress", ["response": initial])
        for (index, item) in output.enumerated() {
            let itemID = item["id"]?.string ?? ""
            var started = item
            started["status"] = "in_progress"
            switch item["type"]?.string {
            case "message":
                started["content"] = []
                emit("response.output_item.added", ["output_index": .int(index), "item": started])
                for (partIndex, part) in (item["content"]?.objects ?? []).enumerated() {
                    let text = part["text"]?.string ?? ""
                    let base: JSON = ["item_id": .string(itemID), "output_index": .int(index), "content_index": .int(partIndex)]
                    if part["type"]?.string == "refusal" {
                        let refusal = part["refusal"]?.string ?? ""
                        emit("response.content_part.added", merged(base, ["part": ["type": "refusal", "refusal": ""]]))
                        for token in SandboxText.tokens(refusal) {
                            emit("response.refusal.delta", merged(base, ["delta": .string(token)]))
                        }
                        emit("response.refusal.done", merged(base, ["refusal": .string(refusal)]))
                        emit("response.content_part.done", merged(base, ["part": part]))
                        continue
                    }
                    emit("response.content_part.added", merged(base, ["part": ["type": "output_text", "text": "", "annotations": [], "logprobs": []]]))
                    for token in SandboxText.tokens(text) {
                        emit("response.output_text.delta", merged(base, ["delta": .string(token), "logprobs": [], "obfuscation": "sbx"]))
                    }
                    emit("response.output_text.done", merged(base, ["text": .string(text), "logprobs": []]))
                    emit("response.content_part.done", merged(base, ["part": part]))
                }
            case "function_call":
                started["arguments"] = ""
                emit("response.output_item.added", ["output_index": .int(index), "item": started])
                var remaining = Substring(item["arguments"]?.string ?? "")
                while !remaining.isEmpty {
                    emit("response.function_call_arguments.delta", [
                        "item_id": .string(itemID), "output_index": .int(index), "delta": .string(String(remaining.prefix(7))), "obfuscation": "sbx",
                    ])
                    remaining = remaining.dropFirst(7)
                }
                emit("response.function_call_arguments.done", [
                    "item_id": .string(itemID), "output_index": .int(index), "name": item["name"] ?? "", "arguments": item["arguments"] ?? "",
                ])
            case "reasoning":
                started["summary"] = []
                emit("response.output_item.added", ["output_index": .int(index), "item": started])
                for (summaryIndex, part) in (item["summary"]?.objects ?? []).enumerated() {
                    let text = part["text"]?.string ?? ""
                    let base: JSON = ["item_id": .string(itemID), "output_index": .int(index), "summary_index": .int(summaryIndex)]
                    emit("response.reasoning_summary_part.added", merged(base, ["part": ["type": "summary_text", "text": ""]]))
                    for token in SandboxText.tokens(text) {
                        emit("response.reasoning_summary_text.delta", merged(base, ["delta": .string(token), "obfuscation": "sbx"]))
                    }
                    emit("response.reasoning_summary_text.done", merged(base, ["text": .string(text)]))
                    emit("response.reasoning_summary_part.done", merged(base, ["part": part]))
                }
            default:
                let partialImages = (response["tools"]?.array ?? []).first { $0["type"]?.string == "image_generation" }?["partial_images"]?.int ?? 0
                if !otherItemEvents(item, index: index, partialImages: partialImages, emit: emit) {
                    emit("response.output_item.added", ["output_index": .int(index), "item": started])
                }
            }
            emit("response.output_item.done", ["output_index": .int(index), "item": item])
        }
        switch response["status"]?.string {
        case "incomplete": emit("response.incomplete", ["response": response])
        case "failed": emit("response.failed", ["response": response])
        default: emit("response.completed", ["response": response])
        }
        return events
    }
}
