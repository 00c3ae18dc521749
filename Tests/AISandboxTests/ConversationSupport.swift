import Foundation

@testable import AISandbox

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Tools for the conversation tests: their JSON schemas and the three protocols' definitions of them.
enum TestTools {
    static var schemas: [String: [String: Any]] { [
        "weather": [
            "type": "object", "required": ["city", "unit"],
            "properties": ["city": ["type": "string"], "unit": ["type": "string", "enum": ["celsius", "fahrenheit"]]],
        ],
        "time": ["type": "object", "required": ["zone"], "properties": ["zone": ["type": "string", "format": "date-time"]]],
        "search": [
            "type": "object", "required": ["query", "limit"],
            "properties": ["query": ["type": "string"], "limit": ["type": "integer", "minimum": 3]],
        ],
    ] }
    static let names = ["weather", "time", "search"]

    static var chat: [[String: Any]] {
        names.map { ["type": "function", "function": ["name": $0, "parameters": schemas[$0] ?? [:]]] }
    }

    static var responses: [[String: Any]] {
        names.map { ["type": "function", "name": $0, "parameters": schemas[$0] ?? [:]] }
    }

    static var anthropic: [[String: Any]] {
        names.map { ["name": $0, "description": "The \($0) tool.", "input_schema": schemas[$0] ?? [:]] }
    }

    /// The arguments the sandbox sends for `name`, parsed (`{}` for a tool it does not know).
    static func expectedArguments(_ name: String) -> NSDictionary {
        let text = schemas[name].map { SchemaSample.json(schema: $0) } ?? "{}"
        return parse(text) ?? [:]
    }
}

/// A JSON object from its text, nil when the text is not one.
func parse(_ text: String) -> NSDictionary? {
    (try? JSONSerialization.jsonObject(with: Data(text.utf8))) as? NSDictionary
}

/// A tool call as the tests compare it.
struct SeenCall: Equatable {
    var id: String
    var name: String
    var arguments: String
}

/// POSTs an Anthropic request (key and version headers); returns the status and the body.
func postAnthropic(_ sandbox: Sandbox, _ body: [String: Any]) async throws -> (Int, Data) {
    var request = URLRequest(url: sandbox.baseURL.appendingPathComponent("v1/messages"))
    request.httpMethod = "POST"
    request.setValue("k", forHTTPHeaderField: "x-api-key")
    request.setValue("2023-06-01", forHTTPHeaderField: "anthropic-version")
    request.setValue("application/json", forHTTPHeaderField: "Content-Type")
    request.httpBody = try JSONSerialization.data(withJSONObject: body)
    let (data, response) = try await URLSession.shared.data(for: request)
    return ((response as? HTTPURLResponse)?.statusCode ?? 0, data)
}

/// A chat completion, read from its JSON or rebuilt from its chunks.
struct ChatTurn {
    var content: String?
    var refusal: String?
    var calls: [SeenCall] = []
    var finish: String?

    init(_ data: Data, stream: Bool) {
        guard stream else {
            let json = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any] ?? [:]
            let choice = (json["choices"] as? [[String: Any]])?.first ?? [:]
            let message = choice["message"] as? [String: Any] ?? [:]
            content = message["content"] as? String
            refusal = message["refusal"] as? String
            finish = choice["finish_reason"] as? String
            calls = (message["tool_calls"] as? [[String: Any]] ?? []).map { call in
                let function = call["function"] as? [String: Any] ?? [:]
                return SeenCall(id: call["id"] as? String ?? "", name: function["name"] as? String ?? "", arguments: function["arguments"] as? String ?? "")
            }
            return
        }
        for chunk in eventPayloads(Array(data)) {
            guard let choice = (chunk["choices"] as? [[String: Any]])?.first else { continue }
            let delta = choice["delta"] as? [String: Any] ?? [:]
            if let text = delta["content"] as? String { content = (content ?? "") + text }
            if let text = delta["refusal"] as? String { refusal = (refusal ?? "") + text }
            for call in delta["tool_calls"] as? [[String: Any]] ?? [] {
                guard let index = call["index"] as? Int else { continue }
                let function = call["function"] as? [String: Any] ?? [:]
                if index == calls.count {
                    calls.append(SeenCall(id: call["id"] as? String ?? "", name: function["name"] as? String ?? "", arguments: ""))
                }
                if index < calls.count { calls[index].arguments += function["arguments"] as? String ?? "" }
            }
            if let reason = choice["finish_reason"] as? String { finish = reason }
        }
    }
}

/// A Responses answer: the final response object (from the JSON, or the stream's last event) and, for a stream,
/// each output item's text rebuilt from its deltas.
struct ResponsesTurn {
    var response: [String: Any] = [:]
    var eventTypes: [String] = []
    /// Per output index: the function call arguments, output text or refusal put together from the deltas.
    var deltas: [Int: String] = [:]

    init(_ data: Data, stream: Bool) {
        guard stream else {
            response = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any] ?? [:]
            return
        }
        for event in eventPayloads(Array(data)) {
            let type = event["type"] as? String ?? ""
            eventTypes.append(type)
            if let object = event["response"] as? [String: Any] { response = object }
            if ["response.function_call_arguments.delta", "response.output_text.delta", "response.refusal.delta"].contains(type),
                let index = event["output_index"] as? Int
            {
                deltas[index, default: ""] += event["delta"] as? String ?? ""
            }
        }
    }

    var output: [[String: Any]] { response["output"] as? [[String: Any]] ?? [] }

    var calls: [SeenCall] {
        output.filter { $0["type"] as? String == "function_call" }.map {
            SeenCall(id: $0["call_id"] as? String ?? "", name: $0["name"] as? String ?? "", arguments: $0["arguments"] as? String ?? "")
        }
    }

    /// The first content part of the first message.
    var part: [String: Any] {
        ((output.first { $0["type"] as? String == "message" })?["content"] as? [[String: Any]])?.first ?? [:]
    }
}

/// An Anthropic message: its content blocks (rebuilt from the stream's block events) and stop reason.
struct AnthropicTurn {
    var blocks: [[String: Any]] = []
    var stopReason: String?

    init(_ data: Data, stream: Bool) {
        guard stream else {
            let json = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any] ?? [:]
            blocks = json["content"] as? [[String: Any]] ?? []
            stopReason = json["stop_reason"] as? String
            return
        }
        var partialJSON: [Int: String] = [:]
        for event in eventPayloads(Array(data)) {
            switch event["type"] as? String {
            case "content_block_start":
                blocks.append(event["content_block"] as? [String: Any] ?? [:])
            case "content_block_delta":
                guard let index = event["index"] as? Int, index < blocks.count, let delta = event["delta"] as? [String: Any] else { continue }
                if let text = delta["text"] as? String { blocks[index]["text"] = (blocks[index]["text"] as? String ?? "") + text }
                if let json = delta["partial_json"] as? String { partialJSON[index, default: ""] += json }
            case "message_delta":
                stopReason = (event["delta"] as? [String: Any])?["stop_reason"] as? String
            default: break
            }
        }
        for (index, json) in partialJSON where index < blocks.count {
            blocks[index]["input"] = parse(json) ?? ["unparsable": json]
        }
    }

    var text: String {
        blocks.filter { $0["type"] as? String == "text" }.compactMap { $0["text"] as? String }.joined()
    }

    var calls: [SeenCall] {
        blocks.filter { $0["type"] as? String == "tool_use" }.map { block in
            let input = block["input"] ?? [String: Any]()
            let arguments = (try? JSONSerialization.data(withJSONObject: input, options: [.sortedKeys])).map { String(decoding: $0, as: UTF8.self) } ?? ""
            return SeenCall(id: block["id"] as? String ?? "", name: block["name"] as? String ?? "", arguments: arguments)
        }
    }
}
