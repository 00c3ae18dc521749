import AIServerKit
import Foundation

extension OpenAIChat {
    /// What the model says: the override when one is queued, else tool calls (see ``ToolTurn``), an answer about
    /// the tool results that end the conversation, or the usual text.
    ///
    /// - Parameter appAnswer: what the app's ``SandboxAnswerer`` answered (asked once per request): the usual text.
    static func decide(
        body: JSON, messages: [JSON], appAnswer: SandboxAnswer?,
        override: SandboxBehavior.ModelAnswer? = nil
    ) -> Answer {
        let turn = toolTurn(body: body, messages: messages)
        func text() -> String {
            if turn.lastIsToolResults { return resultsText(messages) }
            guard case .text(let text, _, _) = usual(body: body, messages: messages, appAnswer: appAnswer) else { return "" }
            return text
        }
        switch override {
        case .refusal(let reason): return .refusal(reason)
        case .lengthCutoff: return .text(ModelAnswerText.cut(text()), finish: "length")
        case .contentFilter: return .text(ModelAnswerText.cut(text()), finish: "content_filter")
        case .malformedOutput: return .text(ModelAnswerText.malformed)
        case .toolCalls(let names) where !names.isEmpty: return .toolCalls(calls(names, body: body, messages: messages))
        case .text(let answer): return .text(answer)
        case .toolCalls, .pauseTurn, nil: break
        }
        switch turn.decision {
        case .call(let names): return .toolCalls(calls(names, body: body, messages: messages))
        case .answerResults: return .text(resultsText(messages))
        case .usual: return usual(body: body, messages: messages, appAnswer: appAnswer)
        }
    }

    /// The offered function tools' names and parameter schemas, in order.
    private static func offeredTools(_ body: JSON) -> [(name: String, schema: JSON)] {
        (body["tools"]?.objects ?? []).compactMap { tool in
            guard let function = tool["function"]?.objectValue, let name = function["name"]?.string else { return nil }
            return (name, function["parameters"]?.objectValue ?? [:])
        }
    }

    private static func isToolCallTurn(_ message: JSON) -> Bool {
        message["role"]?.string == "assistant" && message["tool_calls"]?.array?.isEmpty == false
    }

    private static func toolTurn(body: JSON, messages: [JSON]) -> ToolTurn {
        let offered = offeredTools(body)
        let choice = body["tool_choice"]
        var defaultTool = offered.first?.name
        if let forced = choice?["function"]?["name"]?.string, offered.contains(where: { $0.name == forced }) {
            defaultTool = forced
        }
        let userIndex = messages.lastIndex { $0["role"]?.string == "user" }
        let directive = userIndex.flatMap { ToolDirective(in: SandboxText.text(ofContent: messages[$0]["content"])) }
        let since = userIndex.map { messages[($0 + 1)...] } ?? messages[...]
        return ToolTurn(
            lastIsToolResults: messages.last?["role"]?.string == "tool",
            toolsEnabled: !offered.isEmpty && choice?.string != "none",
            defaultTool: defaultTool, directive: directive,
            turnsSinceDirective: since.filter(isToolCallTurn).count)
    }

    private static func calls(_ names: [String], body: JSON, messages: [JSON]) -> [SandboxToolCall] {
        SandboxToolCall.calls(
            names, offered: offeredTools(body), idPrefix: "call_sandbox_", turn: messages.filter(isToolCallTurn).count)
    }

    /// One line per tool result that ends the conversation: `The tool call <id> returned: <content>`.
    private static func resultsText(_ messages: [JSON]) -> String {
        let results = messages.reversed().prefix { $0["role"]?.string == "tool" }.reversed()
        return results.map { result in
            "The tool call \(result["tool_call_id"]?.string ?? "unknown") returned: \(SandboxText.text(ofContent: result["content"]))"
        }.joined(separator: "\n")
    }

    /// The answer without tools: structured output, the app's answer, or the echo.
    private static func usual(body: JSON, messages: [JSON], appAnswer: SandboxAnswer?) -> Answer {
        let userText = SandboxText.text(ofContent: messages.last(where: { $0["role"]?.string == "user" })?["content"])
        if let format = body["response_format"]?.objectValue, let type = format["type"]?.string {
            if type == "json_schema", let schema = format["json_schema"]?["schema"]?.objectValue {
                return .text(SchemaSample.json(schema: schema))
            }
            if type == "json_object" || type == "json_schema" {
                return .text((["sandbox": true, "echo": .string(userText)] as JSON).serializedString())
            }
        }
        if let appAnswer {
            return .text(appAnswer.text, finish: appAnswer.finishReason, tokens: appAnswer.completionTokens)
        }
        return .text("Hello from AISandbox! You said: \(userText)")
    }
}
