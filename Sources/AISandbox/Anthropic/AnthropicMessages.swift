import AIServerKit
import Foundation

/// `/v1/messages`, `/v1/messages/count_tokens` and `/v1/complete`, in the Anthropic wire format.
enum AnthropicMessages {
    /// Header checks every Anthropic route makes, in the API's order.
    static func checkHeaders(_ request: RecordedRequest) -> ResponsePlan? {
        // The API takes `x-api-key` or, as anthropic-python 2.x sends it, `Authorization: Bearer`.
        let bearer = request.header("authorization").flatMap { $0.hasPrefix("Bearer ") ? String($0.dropFirst(7)) : nil }
        let key = request.header("x-api-key") ?? bearer ?? request.header("aiproxy-partial-key")
        guard let key, !key.trimmingCharacters(in: .whitespaces).isEmpty else {
            return error(401, type: "authentication_error", message: "x-api-key header is required")
        }
        guard let version = request.header("anthropic-version") else {
            return error(400, type: "invalid_request_error", message: "anthropic-version: header is required")
        }
        // Any dated version is taken (the SDKs send newer ones than 2023-06-01, e.g. anthropic-python 2.x's
        // 2026-10-21); anything else is refused as the API refuses it.
        guard isDatedVersion(version) else {
            return error(400, type: "invalid_request_error", message: "anthropic-version: '\(version)' is not a valid version; use a date such as 2023-06-01")
        }
        return nil
    }

    /// `YYYY-MM-DD` with a plausible month and day.
    private static func isDatedVersion(_ version: String) -> Bool {
        let parts = version.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
            parts.allSatisfy({ $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) }),
            let month = Int(parts[1]), let day = Int(parts[2])
        else { return false }
        return (1...12).contains(month) && (1...31).contains(day)
    }

    static func error(_ status: Int, type: String, message: String) -> ResponsePlan {
        .json(["type": "error", "error": ["type": .string(type), "message": .string(message)]] as JSON, status: status)
    }

    /// What the sandbox model answers, as content blocks in order.
    enum Block {
        case thinking(String, signature: String)
        case text(String, citations: [JSON])
        case toolUse(id: String, name: String, input: JSON)
        /// A compaction block: the summary of the conversation before it.
        case compaction(String)
        /// A block given whole as its wire JSON (server tool calls and results): streamed in one `content_block_start`.
        case raw(JSON)
    }

    /// - Parameter override: what a queued ``SandboxBehavior`` says the model answers instead (nil: the usual reply).
    static func messages(_ body: JSON, answer override: SandboxBehavior.ModelAnswer? = nil) -> ResponsePlan {
        guard let model = body["model"]?.string else {
            return error(400, type: "invalid_request_error", message: "model: Field required")
        }
        guard let maxTokens = body["max_tokens"]?.int else {
            return error(400, type: "invalid_request_error", message: "max_tokens: Field required")
        }
        if let refusal = validateToday(body) { return refusal }
        let body = withTopLevelCacheBreakpoint(body)
        let messages = body["messages"]?.objects ?? []
        guard !messages.isEmpty else {
            return error(400, type: "invalid_request_error", message: "messages: at least one message is required")
        }
        let context: Context
        switch self.context(body, messages: messages) {
        case .refused(let plan): return plan
        case .ready(let ready): context = ready
        }
        var (blocks, stopReason) =
            context.compaction?.pause == true ? ([], "compaction") : answer(body, messages: messages, maxTokens: maxTokens, override: override)
        if let compaction = context.compaction { blocks.insert(.compaction(compaction.summary), at: 0) }
        let usage = self.usage(body, context: context, output: blocks)
        let id = "msg_sandbox_\(SandboxText.hash(model + "\(messages.count)") % 1_000_000)"
        let extras = responseExtras(body, context: context, model: model)
        if body["stream"]?.bool == true {
            return stream(blocks, id: id, model: model, stopReason: stopReason, usage: usage, extras: extras)
        }
        var message: [String: JSON] = [
            "id": .string(id), "type": "message", "role": "assistant", "model": .string(model), "content": .array(blocks.map(json)),
            "stop_reason": .string(stopReason), "stop_sequence": nil, "usage": .object(usage),
        ]
        message.merge(extras) { _, extra in extra }
        return .json(.object(message))
    }

    static func countTokens(_ body: JSON) -> ResponsePlan {
        guard body["model"]?.string != nil else {
            return error(400, type: "invalid_request_error", message: "model: Field required")
        }
        if let refusal = validateToday(body) { return refusal }
        let messages = body["messages"]?.objects ?? []
        switch context(body, messages: messages) {
        case .refused(let plan): return plan
        case .ready(let context):
            var count: [String: JSON] = ["input_tokens": .int(inputTokens(body, messages: context.messages))]
            if context.appliedEdits != nil {
                count["context_management"] = ["original_input_tokens": .int(context.originalInputTokens)]
            }
            return .json(.object(count))
        }
    }

    static func complete(_ body: JSON) -> ResponsePlan {
        guard let model = body["model"]?.string, let prompt = body["prompt"]?.string else {
            return error(400, type: "invalid_request_error", message: "model and prompt are required")
        }
        let human = prompt.components(separatedBy: "Human:").last?.components(separatedBy: "\n\nAssistant:").first?
            .trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
        let text = " Hello from AISandbox (Claude)! You said: \(human)"
        if body["stream"]?.bool == true {
            var events: [(String, JSON)] = []
            let tokens = SandboxText.tokens(text)
            for (index, token) in tokens.enumerated() {
                if index == 1 { events.append(("ping", ["type": "ping"])) }
                events.append(("completion", ["type": "completion", "completion": .string(token), "stop_reason": nil, "model": .string(model)]))
            }
            events.append(("completion", ["type": "completion", "completion": "", "stop_reason": "stop_sequence", "model": .string(model)]))
            return .namedEvents(events)
        }
        return .json([
            "type": "completion", "id": "compl_sandbox", "completion": .string(text), "stop_reason": "stop_sequence",
            "model": .string(model),
        ] as JSON)
    }

    static func citation(for document: JSON) -> JSON {
        let source = document["source"]?.objectValue ?? [:]
        let title = document["title"] ?? .null
        switch source["type"]?.string {
        case "text":
            let data = source["data"]?.string ?? ""
            let cited = String(data.prefix(20))
            return ["type": "char_location", "cited_text": .string(cited), "document_index": 0, "document_title": title,
                    "start_char_index": 0, "end_char_index": .int(cited.count)]
        case "content":
            let first = source["content"]?.objects?.first?["text"]?.string ?? ""
            return ["type": "content_block_location", "cited_text": .string(first), "document_index": 0, "document_title": title,
                    "start_block_index": 0, "end_block_index": 1]
        default:
            return ["type": "page_location", "cited_text": "The sandbox answers questions.", "document_index": 0,
                    "document_title": title, "start_page_number": 1, "end_page_number": 2]
        }
    }

    /// Usage; blocks marked with cache_control count as cache writes (by their time to live), `speed` and
    /// `inference_geo` are reported back, and a compaction adds its own step to `iterations`.
    private static func usage(_ body: JSON, context: Context, output: [Block]) -> [String: JSON] {
        var cached = (fiveMinutes: 0, oneHour: 0)
        var blocks: [JSON] = body["system"]?.objects ?? []
        blocks += body["tools"]?.objects ?? []
        for message in context.messages { blocks += message["content"]?.objects ?? [] }
        for block in blocks where block["cache_control"] != nil {
            let words = SandboxText.text(ofContent: .array([block])) + " " + (words(ofBlock: block) ?? "") + (block["name"]?.string ?? "")
            let tokens = SandboxText.countTokens(words)
            if block["cache_control"]?["ttl"]?.string == "1h" { cached.oneHour += tokens } else { cached.fiveMinutes += tokens }
        }
        let answer = output.filter { if case .compaction = $0 { false } else { true } }
        let outputTokens = answer.reduce(0) { $0 + tokens(of: $1) }
        let inputTokens = inputTokens(body, messages: context.messages)
        var usage: [String: JSON] = [
            "input_tokens": .int(inputTokens), "output_tokens": .int(outputTokens),
            "cache_creation_input_tokens": .int(cached.fiveMinutes + cached.oneHour), "cache_read_input_tokens": 0,
            "cache_creation": ["ephemeral_5m_input_tokens": .int(cached.fiveMinutes), "ephemeral_1h_input_tokens": .int(cached.oneHour)],
            "service_tier": "standard",
        ]
        if let speed = body["speed"]?.string { usage["speed"] = .string(speed) }
        if let geo = body["inference_geo"]?.string { usage["inference_geo"] = .string(geo) }
        if let compaction = context.compaction {
            let summaryTokens = SandboxText.tokens(compaction.summary).count
            var iterations: [JSON] = [[
                "type": "compaction", "input_tokens": .int(compaction.inputTokens), "output_tokens": .int(summaryTokens),
                "cache_creation_input_tokens": 0, "cache_read_input_tokens": 0,
            ]]
            if compaction.pause {
                usage["input_tokens"] = .int(compaction.inputTokens)
                usage["output_tokens"] = .int(summaryTokens)
            } else {
                let compacted = SandboxText.countTokens(SandboxText.text(ofContent: body["system"]) + " " + compaction.summary) + 3
                usage["input_tokens"] = .int(compacted)
                iterations.append([
                    "type": "message", "input_tokens": .int(compacted), "output_tokens": .int(outputTokens),
                    "cache_creation_input_tokens": 0, "cache_read_input_tokens": 0,
                ])
            }
            usage["iterations"] = .array(iterations)
        }
        return usage
    }

    private static func tokens(of block: Block) -> Int {
        switch block {
        case .thinking(let text, _), .text(let text, _), .compaction(let text): SandboxText.tokens(text).count
        case .toolUse: 12
        case .raw(let json): SandboxText.countTokens(json.serializedString()) / 4 + 1
        }
    }

    private static func json(_ block: Block) -> JSON {
        switch block {
        case .thinking(let text, let signature): ["type": "thinking", "thinking": .string(text), "signature": .string(signature)]
        case .text(let text, let citations):
            citations.isEmpty
                ? ["type": "text", "text": .string(text)] : ["type": "text", "text": .string(text), "citations": .array(citations)]
        case .toolUse(let id, let name, let input): ["type": "tool_use", "id": .string(id), "name": .string(name), "input": input]
        case .compaction(let summary):
            ["type": "compaction", "content": .string(summary), "signature": .string(compactionSignature(summary))]
        case .raw(let json): json
        }
    }

    private static func stream(
        _ blocks: [Block], id: String, model: String, stopReason: String, usage: [String: JSON], extras: [String: JSON]
    ) -> ResponsePlan {
        var startUsage = usage
        startUsage["output_tokens"] = 1
        var events: [(String, JSON)] = [(
            "message_start",
            ["type": "message_start", "message": [
                "id": .string(id), "type": "message", "role": "assistant", "model": .string(model), "content": [],
                "stop_reason": nil, "stop_sequence": nil, "usage": .object(startUsage),
            ]]
        )]
        func delta(_ index: Int, _ delta: JSON) {
            events.append(("content_block_delta", ["type": "content_block_delta", "index": .int(index), "delta": delta]))
        }
        for (index, block) in blocks.enumerated() {
            switch block {
            case .thinking(let text, let signature):
                events.append(("content_block_start", ["type": "content_block_start", "index": .int(index),
                                                        "content_block": ["type": "thinking", "thinking": ""]]))
                for token in SandboxText.tokens(text) { delta(index, ["type": "thinking_delta", "thinking": .string(token)]) }
                delta(index, ["type": "signature_delta", "signature": .string(signature)])
            case .text(let text, let citations):
                events.append(("content_block_start", ["type": "content_block_start", "index": .int(index),
                                                        "content_block": ["type": "text", "text": ""]]))
                if index == 0 { events.append(("ping", ["type": "ping"])) }
                for citation in citations { delta(index, ["type": "citations_delta", "citation": citation]) }
                for token in SandboxText.tokens(text) { delta(index, ["type": "text_delta", "text": .string(token)]) }
            case .toolUse(let toolID, let name, let input):
                events.append(("content_block_start", ["type": "content_block_start", "index": .int(index),
                                                        "content_block": ["type": "tool_use", "id": .string(toolID), "name": .string(name), "input": [:]]]))
                var remaining = Substring(JSONText.string(input))
                delta(index, ["type": "input_json_delta", "partial_json": ""])
                while !remaining.isEmpty {
                    delta(index, ["type": "input_json_delta", "partial_json": .string(String(remaining.prefix(5)))])
                    remaining = remaining.dropFirst(5)
                }
            case .compaction(let summary):
                events.append(("content_block_start", ["type": "content_block_start", "index": .int(index),
                                                        "content_block": ["type": "compaction", "content": nil,
                                                                          "signature": .string(compactionSignature(summary))]]))
                delta(index, ["type": "compaction_delta", "content": .string(summary), "encrypted_content": nil])
            case .raw(let block):
                events.append(("content_block_start", ["type": "content_block_start", "index": .int(index), "content_block": block]))
            }
            events.append(("content_block_stop", ["type": "content_block_stop", "index": .int(index)]))
        }
        events.append(("message_delta", messageDelta(stopReason: stopReason, usage: usage, extras: extras)))
        events.append(("message_stop", ["type": "message_stop"]))
        return .namedEvents(events)
    }
}
