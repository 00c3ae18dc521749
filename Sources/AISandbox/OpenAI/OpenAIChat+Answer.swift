import Foundation

extension OpenAIChat {
    /// What the model says: the override when one is queued, else tool calls (see ``ToolTurn``), an answer about
    /// the tool results that end the conversation, or the usual text.
    ///
    /// - Parameter story: what `StoryWriter.storyRequest(in:)` found in `messages` (found once per request).
    static func decide(
        body: [String: Any], messages: [[String: Any]], story: (system: String, user: String)?,
        override: SandboxBehavior.ModelAnswer? = nil
    ) -> Answer {
        let turn = toolTurn(body: body, messages: messages)
        func text() -> String {
            if turn.lastIsToolResults { return resultsText(messages) }
            guard case .text(let text, _, _) = usual(body: body, messages: messages, story: story) else { return "" }
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
        case .usual: return usual(body: body, messages: messages, story: story)
        }
    }

    /// The offered function tools' names and parameter schemas, in order.
    private static func offeredTools(_ body: [String: Any]) -> [(name: String, schema: [String: Any])] {
        (body["tools"] as? [[String: Any]] ?? []).compactMap { tool in
            guard let function = tool["function"] as? [String: Any], let name = function["name"] as? String else { return nil }
            return (name, function["parameters"] as? [String: Any] ?? [:])
        }
    }

    private static func isToolCallTurn(_ message: [String: Any]) -> Bool {
        message["role"] as? String == "assistant" && (message["tool_calls"] as? [Any])?.isEmpty == false
    }

    private static func toolTurn(body: [String: Any], messages: [[String: Any]]) -> ToolTurn {
        let offered = offeredTools(body)
        let choice = body["tool_choice"]
        var defaultTool = offered.first?.name
        if let forced = ((choice as? [String: Any])?["function"] as? [String: Any])?["name"] as? String,
            offered.contains(where: { $0.name == forced })
        {
            defaultTool = forced
        }
        let userIndex = messages.lastIndex { $0["role"] as? String == "user" }
        let directive = userIndex.flatMap { ToolDirective(in: SandboxText.text(ofContent: messages[$0]["content"])) }
        let since = userIndex.map { messages[($0 + 1)...] } ?? messages[...]
        return ToolTurn(
            lastIsToolResults: messages.last?["role"] as? String == "tool",
            toolsEnabled: !offered.isEmpty && (choice as? String) != "none",
            defaultTool: defaultTool, directive: directive,
            turnsSinceDirective: since.filter(isToolCallTurn).count)
    }

    private static func calls(_ names: [String], body: [String: Any], messages: [[String: Any]]) -> [SandboxToolCall] {
        SandboxToolCall.calls(
            names, offered: offeredTools(body), idPrefix: "call_sandbox_", turn: messages.filter(isToolCallTurn).count)
    }

    /// One line per tool result that ends the conversation: `The tool call <id> returned: <content>`.
    private static func resultsText(_ messages: [[String: Any]]) -> String {
        let results = messages.reversed().prefix { $0["role"] as? String == "tool" }.reversed()
        return results.map { result in
            "The tool call \(result["tool_call_id"] as? String ?? "unknown") returned: \(SandboxText.text(ofContent: result["content"]))"
        }.joined(separator: "\n")
    }

    /// The answer without tools: structured output, a story, or the echo.
    private static func usual(body: [String: Any], messages: [[String: Any]], story: (system: String, user: String)?) -> Answer {
        let userText = SandboxText.text(ofContent: messages.last(where: { $0["role"] as? String == "user" })?["content"])
        if let format = body["response_format"] as? [String: Any], let type = format["type"] as? String {
            if type == "json_schema", let schema = (format["json_schema"] as? [String: Any])?["schema"] as? [String: Any] {
                return .text(SchemaSample.json(schema: schema))
            }
            if type == "json_object" || type == "json_schema" {
                return .text(JSONText.string(["sandbox": true, "echo": userText]))
            }
        }
        if let request = story {
            let story = StoryWriter.story(system: request.system, user: request.user, maxTokens: maxTokens(body))
            return .text(story.text, finish: story.finishReason, tokens: story.completionTokens)
        }
        return .text("Hello from AISandbox! You said: \(userText)")
    }
}
