import AIServerKit
import Foundation

/// The sandbox model behind `/v1/messages`: what it answers, as content blocks and a stop reason.
extension AnthropicMessages {
    /// The override when one is queued, else tool calls (see ``ToolTurn``), an answer about the tool results of
    /// the last user message, or the usual text; after a thinking block when thinking is enabled.
    static func answer(
        _ body: JSON, messages: [JSON], maxTokens: Int, override: SandboxBehavior.ModelAnswer? = nil
    ) -> ([Block], String) {
        var blocks: [Block] = []
        if let thinking = thinkingBlock(body, messages: messages) { blocks.append(thinking) }
        let turn = toolTurn(body, messages: messages)
        let last = messages.last ?? [:]
        func text() -> String {
            if turn.lastIsToolResults { return resultsText(last) }
            return usual(body, messages: messages, maxTokens: maxTokens).blocks.compactMap { block in
                if case .text(let text, _) = block { return text }
                return nil
            }.joined()
        }
        switch override {
        case .refusal(let reason): return (blocks + [.text(reason, citations: [])], "refusal")
        case .lengthCutoff: return (blocks + [.text(ModelAnswerText.cut(text()), citations: [])], "max_tokens")
        case .contentFilter: return (blocks + [.text(ModelAnswerText.cut(text()), citations: [])], "refusal")
        case .malformedOutput: return (blocks + [.text(ModelAnswerText.malformed, citations: [])], "end_turn")
        case .toolCalls(let names) where !names.isEmpty: return (blocks + toolUse(names, body: body, messages: messages), "tool_use")
        case .pauseTurn: return (blocks + [.text(ModelAnswerText.pausing, citations: [])], "pause_turn")
        case .text(let answer): return (blocks + [.text(answer, citations: [])], "end_turn")
        case .toolCalls, nil: break
        }
        if let served = serverToolTurn(body, messages: messages) { return (blocks + served.blocks, served.stopReason) }
        switch turn.decision {
        case .call(let names): return (blocks + toolUse(names, body: body, messages: messages), "tool_use")
        case .answerResults: return (blocks + [.text(resultsText(last), citations: [])], "end_turn")
        case .usual:
            let usual = usual(body, messages: messages, maxTokens: maxTokens)
            return (blocks + usual.blocks, usual.stopReason)
        }
    }

    /// Custom tools (those with an `input_schema`; server tools have none) by name, in order.
    private static func offeredTools(_ body: JSON) -> [(name: String, schema: JSON)] {
        (body["tools"]?.objects ?? []).compactMap { tool in
            guard let schema = tool["input_schema"]?.objectValue else { return nil }
            return (tool["name"]?.string ?? "tool", schema)
        }
    }

    private static func blocks(_ message: JSON, ofType type: String) -> [JSON] {
        (message["content"]?.objects ?? []).filter { $0["type"]?.string == type }
    }

    private static func isToolUseTurn(_ message: JSON) -> Bool {
        message["role"]?.string == "assistant" && !blocks(message, ofType: "tool_use").isEmpty
    }

    /// The index of the last user message that says something (not one that only carries tool results).
    private static func lastUserText(_ messages: [JSON]) -> Int? {
        messages.lastIndex { message in
            guard message["role"]?.string == "user" else { return false }
            guard let parts = message["content"]?.objects else { return true }
            return parts.contains { $0["type"]?.string != "tool_result" }
        }
    }

    private static func toolTurn(_ body: JSON, messages: [JSON]) -> ToolTurn {
        let offered = offeredTools(body)
        let choice = body["tool_choice"]?.objectValue
        var defaultTool = offered.first?.name
        if choice?["type"]?.string == "tool", let forced = choice?["name"]?.string, offered.contains(where: { $0.name == forced }) {
            defaultTool = forced
        }
        let userIndex = lastUserText(messages)
        let directive = userIndex.flatMap { ToolDirective(in: SandboxText.text(ofContent: messages[$0]["content"])) }
        let since = userIndex.map { messages[($0 + 1)...] } ?? messages[...]
        return ToolTurn(
            lastIsToolResults: !blocks(messages.last ?? [:], ofType: "tool_result").isEmpty,
            toolsEnabled: !offered.isEmpty && choice?["type"]?.string != "none",
            defaultTool: defaultTool, directive: directive,
            turnsSinceDirective: since.filter(isToolUseTurn).count)
    }

    /// A sentence announcing the calls, then one `tool_use` block per name.
    private static func toolUse(_ names: [String], body: JSON, messages: [JSON]) -> [Block] {
        let calls = SandboxToolCall.calls(
            names, offered: offeredTools(body), idPrefix: "toolu_sandbox_", turn: messages.filter(isToolUseTurn).count)
        return [.text(SandboxToolCall.intro(names), citations: [])] + calls.map { call in
            let input = (try? JSON(parsing: Data(call.arguments.utf8)))?.objectValue ?? [:]
            return .toolUse(id: call.id, name: call.name, input: input)
        }
    }

    /// An answer about the message's tool results: one result keeps the long-standing sentence
    /// (`… returned: <content> (reported as an error)`); several get a line each, `returned:` or `failed:`.
    private static func resultsText(_ message: JSON) -> String {
        let results = blocks(message, ofType: "tool_result")
        func describe(_ result: JSON) -> (id: String, content: String, failed: Bool) {
            (result["tool_use_id"]?.string ?? "unknown", SandboxText.text(ofContent: result["content"]), result["is_error"]?.bool == true)
        }
        if results.count == 1 {
            let (id, content, failed) = describe(results[0])
            return "The tool call \(id) returned: \(content)\(failed ? " (reported as an error)" : "")"
        }
        return results.map(describe).map { "The tool call \($0.id) \($0.failed ? "failed" : "returned"): \($0.content)" }
            .joined(separator: "\n")
    }

    /// The answer without tools: cited document text, structured output, or the echo (cut at `max_tokens`).
    private static func usual(_ body: JSON, messages: [JSON], maxTokens: Int) -> (blocks: [Block], stopReason: String) {
        let last = messages.last ?? [:]
        let parts = last["content"]?.objects ?? []
        if let document = parts.first(where: { $0["type"]?.string == "document" }),
            document["citations"]?.objectValue?["enabled"]?.bool == true
        {
            return ([
                .text("According to the document, ", citations: []),
                .text("the sandbox answers questions.", citations: [citation(for: document)]),
            ], "end_turn")
        }
        if let cited = searchResultAnswer(messages) { return (cited, "end_turn") }
        // Structured outputs: `output_config.format` (GA) or the beta's `output_format`.
        let format = body["output_config"]?.objectValue?["format"]?.objectValue ?? body["output_format"]?.objectValue
        if format?["type"]?.string == "json_schema", let schema = format?["schema"]?.objectValue {
            return ([.text(SchemaSample.json(schema: schema), citations: [])], "end_turn")
        }
        // A conversation sent back to resume (after `pause_turn`) ends with the assistant: echo the user instead.
        let said = last["role"]?.string == "assistant" ? lastUserText(messages).map { messages[$0] } ?? last : last
        var text = "Hello from AISandbox (Claude)! You said: \(SandboxText.text(ofContent: said["content"]))"
        var stopReason = "end_turn"
        let tokens = SandboxText.tokens(text)
        if tokens.count > maxTokens {
            text = tokens.prefix(maxTokens).joined()
            stopReason = "max_tokens"
        }
        return ([.text(text, citations: [])], stopReason)
    }
}
