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
    }

    /// - Parameter override: what a queued ``SandboxBehavior`` says the model answers instead (nil: the usual reply).
    static func messages(_ body: JSON, answer override: SandboxBehavior.ModelAnswer? = nil) -> ResponsePlan {
        guard let model = body["model"]?.string else {
            return error(400, type: "invalid_request_error", message: "model: Field required")
        }
        guard let maxTokens = body["max_tokens"]?.int else {
            return error(400, type: "invalid_request_error", message: "max_tokens: Field required")
        }
        let messages = body["messages"]?.objects ?? []
        guard !messages.isEmpty else {
            return error(400, type: "invalid_request_error", message: "messages: at least one message is required")
        }
        let (blocks, stopReason) = answer(body, messages: messages, maxTokens: maxTokens, override: override)
        let usage = self.usage(body, messages: messages, output: blocks)
        let id = "msg_sandbox_\(SandboxText.hash(model + "\(messages.count)") % 1_000_000)"
        if body["stream"]?.bool == true {
            return stream(blocks, id: id, model: model, stopReason: stopReason, usage: usage)
        }
        return .json([
            "id": .string(id), "type": "message", "role": "assistant", "model": .string(model), "content": .array(blocks.map(json)),
            "stop_reason": .string(stopReason), "stop_sequence": nil, "usage": .object(usage),
        ] as JSON)
    }

    static func countTokens(_ body: JSON) -> ResponsePlan {
        guard body["model"]?.string != nil else {
            return error(400, type: "invalid_request_error", message: "model: Field required")
        }
        let messages = body["messages"]?.objects ?? []
        return .json(["input_tokens": .int(inputTokens(body, messages: messages))] as JSON)
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

    private static func inputTokens(_ body: JSON, messages: [JSON]) -> Int {
        let system = SandboxText.text(ofContent: body["system"])
        let text = messages.map { SandboxText.text(ofContent: $0["content"]) }.joined(separator: " ")
        return SandboxText.countTokens(system + " " + text) + 3
    }

    /// Usage; blocks marked with cache_control count as cache writes.
    private static func usage(_ body: JSON, messages: [JSON], output: [Block]) -> [String: JSON] {
        var cached = 0
        var blocks: [JSON] = body["system"]?.objects ?? []
        blocks += body["tools"]?.objects ?? []
        for message in messages { blocks += message["content"]?.objects ?? [] }
        for block in blocks where block["cache_control"] != nil {
            cached += SandboxText.countTokens(SandboxText.text(ofContent: .array([block])) + (block["name"]?.string ?? ""))
        }
        let outputTokens = output.reduce(0) { total, block in
            switch block {
            case .thinking(let text, _), .text(let text, _): total + SandboxText.tokens(text).count
            case .toolUse: total + 12
            }
        }
        return [
            "input_tokens": .int(inputTokens(body, messages: messages)), "output_tokens": .int(outputTokens),
            "cache_creation_input_tokens": .int(cached), "cache_read_input_tokens": 0,
            "cache_creation": ["ephemeral_5m_input_tokens": .int(cached), "ephemeral_1h_input_tokens": 0],
            "service_tier": "standard",
        ]
    }

    private static func json(_ block: Block) -> JSON {
        switch block {
        case .thinking(let text, let signature): ["type": "thinking", "thinking": .string(text), "signature": .string(signature)]
        case .text(let text, let citations):
            citations.isEmpty
                ? ["type": "text", "text": .string(text)] : ["type": "text", "text": .string(text), "citations": .array(citations)]
        case .toolUse(let id, let name, let input): ["type": "tool_use", "id": .string(id), "name": .string(name), "input": input]
        }
    }

    private static func stream(_ blocks: [Block], id: String, model: String, stopReason: String, usage: [String: JSON]) -> ResponsePlan {
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
            }
            events.append(("content_block_stop", ["type": "content_block_stop", "index": .int(index)]))
        }
        events.append(("message_delta", ["type": "message_delta",
                                         "delta": ["stop_reason": .string(stopReason), "stop_sequence": nil],
                                         "usage": ["output_tokens": usage["output_tokens"] ?? 0]]))
        events.append(("message_stop", ["type": "message_stop"]))
        return .namedEvents(events)
    }
}
