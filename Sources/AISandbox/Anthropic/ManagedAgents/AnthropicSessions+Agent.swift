import AIServerKit
import Foundation

/// The sandbox agent at work: what a session logs when it receives a message, a tool confirmation or a tool
/// result. Deterministic: the agent echoes the message, and `[sandbox-tools: a, b]` in it (see ``ToolDirective``)
/// makes it call those tools first — a custom tool of the agent waits for your `user.custom_tool_result`, a toolset
/// tool under an `always_ask` policy waits for your `user.tool_confirmation`, any other runs at once.
extension AnthropicSessions {
    /// What the agent does after `event` was logged in session `id`.
    static func react(to event: [String: JSON], in id: String, _ state: inout State) {
        switch event["type"]?.string {
        case "user.message":
            playTurn(SandboxText.text(ofContent: event["content"]), in: id, &state)
        case "user.interrupt":
            guard !(state.history[pending]?[id] ?? []).isEmpty else { return }
            state.history[pending]?[id] = []
            finish(in: id, stopReason: ["type": "end_turn"], &state)
        case "user.tool_confirmation", "user.custom_tool_result", "user.tool_result":
            answerWaiting(event, in: id, &state)
        case "user.define_outcome":
            guard var session = state.object(id, in: kind.type) else { return }
            var evaluations = session["outcome_evaluations"]?.array ?? []
            evaluations.append([
                "type": "outcome_evaluation", "outcome_id": event["outcome_id"] ?? nil, "description": event["description"] ?? nil,
                "iteration": 0, "result": "pending", "explanation": nil, "completed_at": nil,
            ])
            session["outcome_evaluations"] = .array(evaluations)
            state.put(session, in: kind.type)
        default:
            break
        }
    }

    /// A turn: running, a model request (with the directive's tool calls), then the answer and idle — or idle
    /// waiting for the calls that need you.
    static func playTurn(_ text: String, in id: String, _ state: inout State) {
        guard let session = state.object(id, in: kind.type) else { return }
        setStatus("running", of: id, &state)
        let start = event("span.model_request_start", [:], &state)
        append(start, to: id, &state)
        let tools = session["agent"]?["tools"]?.array ?? []
        var waiting: [JSON] = []
        for name in ToolDirective(in: text)?.turns.first ?? [] {
            if let custom = tools.first(where: { $0["type"]?.string == "custom" && $0["name"]?.string == name }) {
                let input = (try? JSON(parsing: Data(SchemaSample.json(schema: custom["input_schema"] ?? [:]).utf8))) ?? [:]
                let call = event("agent.custom_tool_use", ["name": .string(name), "input": input], &state)
                append(call, to: id, &state)
                waiting.append(.object(call))
            } else if policy(of: name, in: tools) == "always_ask" {
                let call = event(
                    "agent.tool_use", ["name": .string(name), "input": toolInput(name), "evaluated_permission": "ask"], &state)
                append(call, to: id, &state)
                waiting.append(.object(call))
            } else {
                let call = event(
                    "agent.tool_use", ["name": .string(name), "input": toolInput(name), "evaluated_permission": "allow"], &state)
                append(call, to: id, &state)
                append(toolResult(for: call, &state), to: id, &state)
            }
        }
        if waiting.isEmpty {
            let name = session["agent"]?["name"]?.string ?? "agent"
            let answer = "Hello from AISandbox (\(name))! You said: \(text)"
            append(event("agent.message", ["content": [["type": "text", "text": .string(answer)]]], &state), to: id, &state)
            endModelRequest(start, input: text, output: answer, in: id, &state)
            finish(in: id, stopReason: ["type": "end_turn"], &state)
        } else {
            endModelRequest(start, input: text, output: "", in: id, &state)
            state.history[pending, default: [:]][id, default: []].append(contentsOf: waiting)
            let ids = waiting.compactMap { $0["id"] }
            finish(in: id, stopReason: ["type": "requires_action", "event_ids": .array(ids)], &state)
        }
    }

    /// A confirmation or result for a waiting call; when none waits any more, the agent answers and goes idle.
    private static func answerWaiting(_ answer: [String: JSON], in id: String, _ state: inout State) {
        let key = answer["type"]?.string == "user.custom_tool_result" ? "custom_tool_use_id" : "tool_use_id"
        var waiting = state.history[pending]?[id] ?? []
        guard let index = waiting.firstIndex(where: { $0["id"] == answer[key] }), let call = waiting[index].object else { return }
        waiting.remove(at: index)
        state.history[pending, default: [:]][id] = waiting
        guard waiting.isEmpty else { return }
        setStatus("running", of: id, &state)
        let start = event("span.model_request_start", [:], &state)
        append(start, to: id, &state)
        let name = call["name"]?.string ?? "tool"
        let text: String
        switch (answer["type"]?.string, answer["result"]?.string) {
        case ("user.tool_confirmation", "deny"):
            text = "The \(name) call was denied: \(answer["deny_message"]?.string ?? "no reason given")."
        case ("user.tool_confirmation", _):
            let result = toolResult(for: call, &state)
            append(result, to: id, &state)
            text = "The \(name) tool returned: \(SandboxText.text(ofContent: result["content"]))"
        default:
            text = "The \(name) tool returned: \(SandboxText.text(ofContent: answer["content"]))"
        }
        append(event("agent.message", ["content": [["type": "text", "text": .string(text)]]], &state), to: id, &state)
        endModelRequest(start, input: name, output: text, in: id, &state)
        finish(in: id, stopReason: ["type": "end_turn"], &state)
    }

    /// The permission policy of toolset tool `name`: its own config's, else the toolset's default.
    private static func policy(of name: String, in tools: [JSON]) -> String? {
        guard let toolset = tools.first(where: { $0["type"]?.string == "agent_toolset_20260401" }) else { return nil }
        let own = toolset["configs"]?.array?.first { $0["name"]?.string == name }
        return own?["permission_policy"]?["type"]?.string ?? toolset["default_config"]?["permission_policy"]?["type"]?.string
    }

    private static func toolInput(_ name: String) -> JSON {
        switch name {
        case "bash": ["command": "echo sandbox"]
        case "read": ["file_path": "/workspace/README.md"]
        default: [:]
        }
    }

    private static func toolResult(for call: [String: JSON], _ state: inout State) -> [String: JSON] {
        let output = "sandbox \(call["name"]?.string ?? "tool") output"
        return event(
            "agent.tool_result",
            ["tool_use_id": call["id"] ?? nil, "content": [["type": "text", "text": .string(output)]], "is_error": false], &state)
    }

    /// Logs the end of a model request and adds its tokens to the session's usage.
    private static func endModelRequest(_ start: [String: JSON], input: String, output: String, in id: String, _ state: inout State) {
        let inputTokens = SandboxText.countTokens(input)
        let outputTokens = SandboxText.countTokens(output)
        let usage: JSON = [
            "input_tokens": .int(inputTokens), "output_tokens": .int(outputTokens), "cache_creation_input_tokens": 0,
            "cache_read_input_tokens": 0, "speed": "standard",
        ]
        append(event("span.model_request_end", ["model_request_start_id": start["id"] ?? nil, "model_usage": usage, "is_error": false], &state), to: id, &state)
        guard var session = state.object(id, in: kind.type) else { return }
        var total = session["usage"]?.object ?? [:]
        total["input_tokens"] = .int((total["input_tokens"]?.int ?? 0) + inputTokens)
        total["output_tokens"] = .int((total["output_tokens"]?.int ?? 0) + outputTokens)
        session["usage"] = .object(total)
        state.put(session, in: kind.type)
    }

    /// Logs `session.status_idle` with `stopReason` and sets the session and its primary thread idle.
    private static func finish(in id: String, stopReason: JSON, _ state: inout State) {
        setStatus("idle", of: id, &state)
        append(event("session.status_idle", ["stop_reason": stopReason], &state), to: id, &state)
    }

    /// Sets the session's and its primary thread's status, logging `session.status_running` when it starts.
    private static func setStatus(_ status: String, of id: String, _ state: inout State) {
        guard var session = state.object(id, in: kind.type), session["status"]?.string != status else { return }
        let now = state.now()
        session["status"] = .string(status)
        session["updated_at"] = .string(now)
        state.put(session, in: kind.type)
        for var thread in state.all(threads) where thread["session_id"]?.string == id && thread["parent_thread_id"]?.isNull != false {
            thread["status"] = .string(status)
            thread["updated_at"] = .string(now)
            state.put(thread, in: threads)
        }
        if status == "running" { append(event("session.status_running", [:], &state), to: id, &state) }
    }
}
