import AIServerKit
import Foundation

/// The sandbox model behind `POST /responses`: the output items it produces.
extension OpenAIResponses {
    /// The output items (a reasoning item first for reasoning models), and why the response is incomplete (nil:
    /// it completes): the override when one is queued, else function calls (see ``ToolTurn``), an answer about the
    /// function call outputs that end the input, or the usual text.
    func answer(
        body: JSON, items: [JSON], previous: Stored?, override: SandboxBehavior.ModelAnswer?
    ) -> (output: [JSON], incompleteReason: String?) {
        var output: [JSON] = []
        let model = body["model"]?.string ?? ""
        let reasoning = body["reasoning"]?.objectValue
        if reasoning != nil || model.hasPrefix("o") || model.hasPrefix("gpt-5") {
            var summary: JSON = []
            if let style = reasoning?["summary"]?.string, style != "none" {
                summary = [[
                    "type": "summary_text",
                    "text": .string("**Planning the answer** The sandbox considered the request (\(reasoning?["effort"]?.string ?? "medium") effort)."),
                ]]
            }
            var item: JSON = ["type": "reasoning", "id": .string(newID("rs")), "summary": summary]
            if body["include"]?.strings?.contains("reasoning.encrypted_content") == true {
                item["encrypted_content"] = .string(Data("sandbox reasoning".utf8).base64EncodedString())
            }
            output.append(item)
        }
        let conversation = (previous?.context ?? []) + items
        let turn = Self.toolTurn(body, conversation: conversation)
        func text() -> String {
            turn.lastIsToolResults ? Self.resultsText(conversation, turn: turn) : usual(body: body, items: items, previous: previous)
        }
        switch override {
        case .refusal(let reason):
            return (output + [message(part: ["type": "refusal", "refusal": .string(reason)])], nil)
        case .lengthCutoff:
            return (output + [message(ModelAnswerText.cut(text()), status: "incomplete")], "max_output_tokens")
        case .contentFilter:
            return (output + [message(ModelAnswerText.cut(text()), status: "incomplete")], "content_filter")
        case .malformedOutput:
            return (output + [message(ModelAnswerText.malformed)], nil)
        case .toolCalls(let names) where !names.isEmpty:
            return (output + functionCalls(names, body: body, conversation: conversation), nil)
        case .text(let answer):
            return (output + [message(answer)], nil)
        case .toolCalls, .pauseTurn, nil:
            break
        }
        if let approval = remoteMCPApproval(body: body, items: items) {
            return (output + approval, nil)
        }
        if let other = otherToolAnswer(body: body, items: items) {
            return (output + other, nil)
        }
        switch turn.decision {
        case .call(let names): output += functionCalls(names, body: body, conversation: conversation)
        case .answerResults: output.append(message(Self.resultsText(conversation, turn: turn)))
        case .usual: output.append(message(usual(body: body, items: items, previous: previous)))
        }
        return (output, nil)
    }

    /// The offered function tools' names and parameter schemas, in order.
    private static func offeredTools(_ body: JSON) -> [(name: String, schema: JSON)] {
        (body["tools"]?.objects ?? []).compactMap { tool in
            guard tool["type"]?.string == "function" else { return nil }
            return (tool["name"]?.string ?? "function", tool["parameters"]?.objectValue ?? [:])
        }
    }

    private static func isFunctionCall(_ item: JSON) -> Bool { item["type"]?.string == "function_call" }

    /// `conversation` is the previous responses' items (their outputs hold the earlier calls) and this input.
    private static func toolTurn(_ body: JSON, conversation: [JSON]) -> ToolTurn {
        let offered = offeredTools(body)
        let choice = body["tool_choice"]
        var defaultTool = offered.first?.name
        if let forced = choice?["name"]?.string, offered.contains(where: { $0.name == forced }) {
            defaultTool = forced
        }
        let userIndex = conversation.lastIndex { $0["type"]?.string == "message" && $0["role"]?.string == "user" }
        let directive = userIndex.flatMap { ToolDirective(in: text(ofItem: conversation[$0])) }
        let since = userIndex.map { conversation[($0 + 1)...] } ?? conversation[...]
        return ToolTurn(
            lastIsToolResults: conversation.last?["type"]?.string == "function_call_output",
            toolsEnabled: !offered.isEmpty && choice?.string != "none",
            defaultTool: defaultTool, directive: directive,
            turnsSinceDirective: directive?.turnsCovered(byCalls: since.filter(isFunctionCall).count) ?? 0)
    }

    private func functionCalls(_ names: [String], body: JSON, conversation: [JSON]) -> [JSON] {
        let calls = SandboxToolCall.calls(
            names, offered: Self.offeredTools(body), idPrefix: "call_sandbox_", turn: conversation.filter(Self.isFunctionCall).count)
        return calls.map { call in
            [
                "type": "function_call", "id": .string(newID("fc")), "call_id": .string(call.id), "name": .string(call.name),
                "arguments": .string(call.arguments), "status": "completed",
            ]
        }
    }

    /// One line per output of the last turn's calls: `The tool call <call_id> returned: <output>`.
    private static func resultsText(_ conversation: [JSON], turn: ToolTurn) -> String {
        lastTurnOutputs(conversation, turn: turn).map { "The tool call \($0["call_id"]?.string ?? "?") returned: \(text(ofItem: $0))" }
            .joined(separator: "\n")
    }

    /// The function call outputs that answer the last turn's calls. Replayed input does not show where a turn
    /// began: clients append all calls then all outputs, or (as OpenAI's guide does) each call with its output.
    /// With a directive, the last turn is its last used segment's calls; without one, the outputs after the last
    /// call that comes before an output (exact for the first layout and for the single call made without a directive).
    private static func lastTurnOutputs(_ conversation: [JSON], turn: ToolTurn) -> [JSON] {
        let types: Set<String> = ["function_call", "function_call_output"]
        let trailing = Array(conversation.reversed().prefix { types.contains($0["type"]?.string ?? "") }.reversed())
        let outputs = trailing.filter { $0["type"]?.string == "function_call_output" }
        if let directive = turn.directive, turn.turnsSinceDirective > 0 {
            let count = directive.turns[min(turn.turnsSinceDirective, directive.turns.count) - 1].count
            let ids = Set(trailing.filter(isFunctionCall).suffix(count).compactMap { $0["call_id"]?.string })
            let answered = outputs.filter { ids.contains($0["call_id"]?.string ?? "") }
            if !answered.isEmpty { return answered }
        }
        var answered: [JSON] = []
        var passedCall = false
        for item in trailing.reversed() {
            if isFunctionCall(item) {
                passedCall = true
            } else if passedCall {
                break
            } else {
                answered.insert(item, at: 0)
            }
        }
        return answered
    }

    /// The answer without tools: structured output or the echo of the last user message (and its attachments).
    private func usual(body: JSON, items: [JSON], previous: Stored?) -> String {
        let userMessage = items.last { $0["type"]?.string == "message" && $0["role"]?.string != "assistant" } ?? [:]
        let userText = Self.text(ofItem: userMessage) + Self.describeAttachments(userMessage["content"]?.objects ?? [])
        if let format = body["text"]?["format"]?.objectValue, let type = format["type"]?.string,
            type == "json_object" || type == "json_schema"
        {
            let schema = type == "json_schema" ? format["schema"]?.objectValue : nil
            return schema.map { SchemaSample.json(schema: $0) } ?? (["sandbox": true, "echo": .string(userText)] as JSON).serializedString()
        }
        var reply = "Hello from AISandbox! You said: \(userText)"
        if let previous { reply += " (continuing \(previous.object["id"]?.string ?? ""))" }
        return reply
    }

    /// An assistant message with one `output_text` part.
    func message(_ text: String, status: String = "completed") -> JSON {
        message(part: ["type": "output_text", "text": .string(text), "annotations": [], "logprobs": []], status: status)
    }

    private func message(part: JSON, status: String = "completed") -> JSON {
        ["type": "message", "id": .string(newID("msg")), "role": "assistant", "status": .string(status), "content": [part]]
    }

    /// A remote MCP tool that needs approval (`require_approval` other than `never`): the first turn asks with an
    /// `mcp_approval_request`; when the input answers it with an `mcp_approval_response`, the call runs (an
    /// `mcp_call` item and a message quoting its output) or is reported as refused. Nil: no such tool.
    private func remoteMCPApproval(body: JSON, items: [JSON]) -> [JSON]? {
        guard let tool = (body["tools"]?.objects ?? []).first(where: { $0["type"]?.string == "mcp" }),
            tool["require_approval"]?.string != "never"
        else { return nil }
        let label = tool["server_label"]?.string ?? "mcp"
        let allowed = tool["allowed_tools"]?.strings ?? tool["allowed_tools"]?["tool_names"]?.strings
        let name = allowed?.first ?? "search"
        if let response = items.last(where: { $0["type"]?.string == "mcp_approval_response" }) {
            guard response["approve"]?.bool == true else {
                let reason = response["reason"]?.string ?? "no reason given"
                return [message("The call to \(label).\(name) was not approved: \(reason)")]
            }
            let result = "sandbox result of \(label).\(name)"
            return [
                [
                    "type": "mcp_call", "id": .string(newID("mcp")), "server_label": .string(label), "name": .string(name), "arguments": "{}",
                    "output": .string(result), "error": nil, "approval_request_id": response["approval_request_id"] ?? .null,
                    "status": "completed",
                ],
                message("The MCP tool \(label).\(name) returned: \(result)"),
            ]
        }
        if items.contains(where: { $0["type"]?.string == "function_call_output" }) { return nil }
        return [["type": "mcp_approval_request", "id": .string(newID("mcpr")), "server_label": .string(label), "name": .string(name), "arguments": "{}"]]
    }
}
