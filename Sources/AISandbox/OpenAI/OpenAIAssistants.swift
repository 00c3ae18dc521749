import Foundation

/// Assistants v2: `/v1/assistants`, `/v1/threads` (+ messages, runs, steps) and `/v1/threads/runs`.
///
/// A run answers the last user message; with a function tool it first requires action (a call to the first
/// function), with the code interpreter it adds a tool-call step. Non-streamed runs advance one status per
/// retrieve (queued → in_progress → requires_action / completed); streamed runs send every event at once.
/// `@unchecked Sendable`: its dictionaries are touched only inside `locked(_:)` (SandboxStore's lock).
final class OpenAIAssistants: SandboxStore, @unchecked Sendable {
    private struct Thread {
        var object: [String: Any]
        var messages: [[String: Any]] = []
        var runs: [String: [String: Any]] = [:]
        var runOrder: [String] = []
        var steps: [String: [[String: Any]]] = [:]
    }

    private var assistants: [String: [String: Any]] = [:]
    private var assistantOrder: [String] = []
    private var threads: [String: Thread] = [:]
    private static let now = 1_700_000_000



    private static func missing(_ what: String, _ id: String) -> ResponsePlan {
        .error(status: 404, message: "No \(what) found with id '\(id)'.", type: "invalid_request_error")
    }

    private static func invalid(_ message: String, param: String? = nil) -> ResponsePlan {
        .error(status: 400, message: message, type: "invalid_request_error", param: param)
    }

    func route(_ request: RecordedRequest, segments: [String]) -> ResponsePlan {
        guard request.header("openai-beta")?.contains("assistants=v2") == true else {
            return Self.invalid("You must provide the 'OpenAI-Beta' header to access the Assistants API. Please try again by setting the header 'OpenAI-Beta: assistants=v2'.")
        }
        let body = request.json ?? [:]
        return locked {
            if segments[1] == "assistants" { return assistantRoute(request, segments: segments, body: body) }
            if segments.count == 3, segments[2] == "runs", request.method == "POST" {
                // /v1/threads/runs: create a thread and run it.
                let threadID = createThread(body["thread"] as? [String: Any] ?? [:])
                return createRun(threadID: threadID, body: body, threadCreated: true)
            }
            return threadRoute(request, segments: segments, body: body)
        }
    }

    // MARK: Assistants

    private func assistantRoute(_ request: RecordedRequest, segments: [String], body: [String: Any]) -> ResponsePlan {
        switch (request.method, segments.count) {
        case ("POST", 2):
            guard let model = body["model"] as? String else { return Self.invalid("Missing required parameter: 'model'.", param: "model") }
            let id = nextID("asst")
            var object: [String: Any] = [
                "id": id, "object": "assistant", "created_at": Self.now + counter, "model": model, "name": body["name"] ?? NSNull(),
                "description": body["description"] ?? NSNull(), "instructions": body["instructions"] ?? NSNull(),
                "tools": body["tools"] ?? [Any](), "tool_resources": body["tool_resources"] ?? [String: Any](),
                "metadata": body["metadata"] ?? [String: Any](), "temperature": body["temperature"] ?? 1.0, "top_p": body["top_p"] ?? 1.0,
                "response_format": body["response_format"] ?? "auto",
            ]
            if let effort = body["reasoning_effort"] { object["reasoning_effort"] = effort }
            assistants[id] = object
            assistantOrder.append(id)
            return .json(object)
        case ("GET", 2):
            return .json(OpenAIFiles.page(assistantOrder.compactMap { assistants[$0] }, request, defaultLimit: 20, defaultOrder: "desc"))
        case (_, 3):
            let id = segments[2]
            guard var object = assistants[id] else { return Self.missing("assistant", id) }
            switch request.method {
            case "GET": return .json(object)
            case "POST":
                for (key, value) in body { object[key] = value }
                assistants[id] = object
                return .json(object)
            case "DELETE":
                assistants.removeValue(forKey: id)
                assistantOrder.removeAll { $0 == id }
                return .json(["id": id, "object": "assistant.deleted", "deleted": true])
            default: break
            }
        default: break
        }
        return .error(status: 404, message: "Invalid URL (\(request.method) \(request.path))", type: "invalid_request_error")
    }

    // MARK: Threads and messages

    private func createThread(_ body: [String: Any]) -> String {
        let id = nextID("thread")
        var thread = Thread(object: [
            "id": id, "object": "thread", "created_at": Self.now + counter, "metadata": body["metadata"] ?? [String: Any](),
            "tool_resources": body["tool_resources"] ?? [String: Any](),
        ])
        for message in body["messages"] as? [[String: Any]] ?? [] { thread.messages.append(makeMessage(threadID: id, message)) }
        threads[id] = thread
        return id
    }

    private func makeMessage(threadID: String, _ body: [String: Any], runID: String? = nil, assistantID: String? = nil) -> [String: Any] {
        var content: [[String: Any]] = []
        if let text = body["content"] as? String {
            content = [["type": "text", "text": ["value": text, "annotations": [Any]()]]]
        } else if let parts = body["content"] as? [[String: Any]] {
            content = parts.map { part in
                part["type"] as? String == "text" ? ["type": "text", "text": ["value": part["text"] ?? "", "annotations": [Any]()]] : part
            }
        }
        return [
            "id": nextID("msg"), "object": "thread.message", "created_at": Self.now + counter, "thread_id": threadID,
            "status": "completed", "role": body["role"] ?? "user", "content": content, "assistant_id": assistantID ?? NSNull(),
            "run_id": runID ?? NSNull(), "attachments": body["attachments"] ?? [Any](), "metadata": body["metadata"] ?? [String: Any](),
            "incomplete_details": NSNull(), "completed_at": Self.now + counter,
        ]
    }

    private static func text(of message: [String: Any]) -> String {
        (message["content"] as? [[String: Any]] ?? []).compactMap { ($0["text"] as? [String: Any])?["value"] as? String }.joined()
    }

    private func threadRoute(_ request: RecordedRequest, segments: [String], body: [String: Any]) -> ResponsePlan {
        if segments.count == 2 {
            guard request.method == "POST" else { return .error(status: 405, message: "Method not allowed", type: "invalid_request_error") }
            return .json(threads[createThread(body)]!.object)
        }
        let threadID = segments[2]
        guard var thread = threads[threadID] else { return Self.missing("thread", threadID) }
        if segments.count == 3 {
            switch request.method {
            case "GET": return .json(thread.object)
            case "POST":
                for key in ["metadata", "tool_resources"] where body[key] != nil { thread.object[key] = body[key] }
                threads[threadID] = thread
                return .json(thread.object)
            case "DELETE":
                threads.removeValue(forKey: threadID)
                return .json(["id": threadID, "object": "thread.deleted", "deleted": true])
            default: break
            }
        }
        switch segments[3] {
        case "messages":
            if segments.count == 4 {
                if request.method == "POST" {
                    guard body["role"] as? String == "user" || body["role"] as? String == "assistant" else {
                        return Self.invalid("'role' must be 'user' or 'assistant'.", param: "role")
                    }
                    let message = makeMessage(threadID: threadID, body)
                    thread.messages.append(message)
                    threads[threadID] = thread
                    return .json(message)
                }
                var messages = thread.messages
                if let runID = request.queryValue("run_id") { messages = messages.filter { $0["run_id"] as? String == runID } }
                return .json(OpenAIFiles.page(messages, request, defaultLimit: 20, defaultOrder: "desc"))
            }
            guard let index = thread.messages.firstIndex(where: { $0["id"] as? String == segments[4] }) else {
                return Self.missing("message", segments[4])
            }
            switch request.method {
            case "POST":
                thread.messages[index]["metadata"] = body["metadata"] ?? [String: Any]()
                threads[threadID] = thread
                return .json(thread.messages[index])
            case "DELETE":
                thread.messages.remove(at: index)
                threads[threadID] = thread
                return .json(["id": segments[4], "object": "thread.message.deleted", "deleted": true])
            default:
                return .json(thread.messages[index])
            }
        case "runs":
            return runRoute(request, segments: segments, body: body, threadID: threadID)
        default:
            return .error(status: 404, message: "Invalid URL (\(request.method) \(request.path))", type: "invalid_request_error")
        }
    }

    // MARK: Runs

    private func runRoute(_ request: RecordedRequest, segments: [String], body: [String: Any], threadID: String) -> ResponsePlan {
        if segments.count == 4 {
            if request.method == "POST" { return createRun(threadID: threadID, body: body, threadCreated: false) }
            let thread = threads[threadID]!
            return .json(OpenAIFiles.page(thread.runOrder.compactMap { thread.runs[$0] }, request, defaultLimit: 20, defaultOrder: "desc"))
        }
        let runID = segments[4]
        guard var run = threads[threadID]?.runs[runID] else { return Self.missing("run", runID) }
        switch (request.method, segments.count > 5 ? segments[5] : "") {
        case ("GET", ""):
            switch run["status"] as? String {
            case "queued":
                run["status"] = "in_progress"
                run["started_at"] = Self.now + 1
                threads[threadID]?.runs[runID] = run
            case "in_progress":
                _ = execute(threadID: threadID, runID: runID, toolOutputs: nil)
            case "cancelling":
                setStatus("cancelled", threadID: threadID, runID: runID)
            default: break
            }
            return .json(threads[threadID]!.runs[runID]!)
        case ("POST", ""):
            run["metadata"] = body["metadata"] ?? [String: Any]()
            threads[threadID]?.runs[runID] = run
            return .json(run)
        case ("POST", "cancel"):
            guard ["queued", "in_progress", "requires_action"].contains(run["status"] as? String ?? "") else {
                return Self.invalid("Cannot cancel run with status '\(run["status"] ?? "")'.")
            }
            setStatus("cancelling", threadID: threadID, runID: runID)
            return .json(threads[threadID]!.runs[runID]!)
        case ("POST", "submit_tool_outputs"):
            guard run["status"] as? String == "requires_action" else {
                return Self.invalid("Runs in status \"\(run["status"] ?? "")\" do not accept tool outputs.")
            }
            let expected = Set(((run["required_action"] as? [String: Any])?["submit_tool_outputs"] as? [String: Any])?["tool_calls"]
                .flatMap { $0 as? [[String: Any]] }?.compactMap { $0["id"] as? String } ?? [])
            let outputs = body["tool_outputs"] as? [[String: Any]] ?? []
            guard Set(outputs.compactMap { $0["tool_call_id"] as? String }) == expected else {
                return Self.invalid("Expected tool outputs for call_ids \(expected.sorted()), got \(outputs.compactMap { $0["tool_call_id"] })", param: "tool_outputs")
            }
            let events = execute(threadID: threadID, runID: runID, toolOutputs: outputs)
            if body["stream"] as? Bool == true { return Self.stream(events) }
            return .json(threads[threadID]!.runs[runID]!)
        case ("GET", "steps"):
            let steps = threads[threadID]?.steps[runID] ?? []
            if segments.count == 7 {
                guard let step = steps.first(where: { $0["id"] as? String == segments[6] }) else { return Self.missing("run step", segments[6]) }
                return .json(step)
            }
            return .json(OpenAIFiles.page(steps, request, defaultLimit: 20, defaultOrder: "desc"))
        default:
            return .error(status: 404, message: "Invalid URL (\(request.method) \(request.path))", type: "invalid_request_error")
        }
    }

    private func setStatus(_ status: String, threadID: String, runID: String) {
        threads[threadID]?.runs[runID]?["status"] = status
        if status == "cancelled" { threads[threadID]?.runs[runID]?["cancelled_at"] = Self.now + 5 }
    }

    private func createRun(threadID: String, body: [String: Any], threadCreated: Bool) -> ResponsePlan {
        guard let assistantID = body["assistant_id"] as? String, let assistant = assistants[assistantID] else {
            return Self.missing("assistant", body["assistant_id"] as? String ?? "")
        }
        for message in body["additional_messages"] as? [[String: Any]] ?? [] {
            threads[threadID]?.messages.append(makeMessage(threadID: threadID, message))
        }
        let runID = nextID("run")
        let run: [String: Any] = [
            "id": runID, "object": "thread.run", "created_at": Self.now + counter, "thread_id": threadID, "assistant_id": assistantID,
            "status": "queued", "required_action": NSNull(), "last_error": NSNull(), "expires_at": Self.now + 600,
            "started_at": NSNull(), "cancelled_at": NSNull(), "failed_at": NSNull(), "completed_at": NSNull(),
            "incomplete_details": NSNull(), "model": body["model"] ?? assistant["model"] ?? "gpt-4o",
            "instructions": body["instructions"] ?? assistant["instructions"] ?? NSNull(), "tools": body["tools"] ?? assistant["tools"] ?? [Any](),
            "metadata": body["metadata"] ?? [String: Any](), "usage": NSNull(), "temperature": body["temperature"] ?? 1.0, "top_p": 1.0,
            "max_prompt_tokens": body["max_prompt_tokens"] ?? NSNull(), "max_completion_tokens": body["max_completion_tokens"] ?? NSNull(),
            "truncation_strategy": body["truncation_strategy"] ?? ["type": "auto", "last_messages": NSNull()],
            "tool_choice": body["tool_choice"] ?? "auto", "parallel_tool_calls": body["parallel_tool_calls"] ?? true,
            "response_format": body["response_format"] ?? "auto",
        ]
        threads[threadID]?.runs[runID] = run
        threads[threadID]?.runOrder.append(runID)
        guard body["stream"] as? Bool == true else { return .json(run) }
        var events: [(String, Any)] = []
        if threadCreated { events.append(("thread.created", threads[threadID]!.object)) }
        events.append(("thread.run.created", run))
        events.append(("thread.run.queued", run))
        setStatus("in_progress", threadID: threadID, runID: runID)
        events.append(("thread.run.in_progress", threads[threadID]!.runs[runID]!))
        events += execute(threadID: threadID, runID: runID, toolOutputs: nil)
        return Self.stream(events)
    }

    private static func stream(_ events: [(String, Any)]) -> ResponsePlan {
        var bytes = events.map { JSONText.sseEvent($0.1, event: $0.0) }
        bytes.append(Array("event: done\ndata: [DONE]\n\n".utf8))
        return ResponsePlan(status: 200, headers: [("Content-Type", "text/event-stream; charset=utf-8")], body: .events(bytes))
    }

    /// Runs an in-progress run to its next stop, returning the events it produced.
    private func execute(threadID: String, runID: String, toolOutputs: [[String: Any]]?) -> [(String, Any)] {
        guard var run = threads[threadID]?.runs[runID] else { return [] }
        var events: [(String, Any)] = []
        let tools = run["tools"] as? [[String: Any]] ?? []
        let assistantID = run["assistant_id"] as? String ?? ""
        func step(type: String, details: [String: Any], status: String) -> [String: Any] {
            [
                "id": nextID("step"), "object": "thread.run.step", "created_at": Self.now + counter, "assistant_id": assistantID,
                "thread_id": threadID, "run_id": runID, "type": type, "status": status, "step_details": details,
                "last_error": NSNull(), "expired_at": NSNull(), "cancelled_at": NSNull(), "failed_at": NSNull(),
                "completed_at": status == "completed" ? Self.now + counter : NSNull(), "metadata": [String: Any](),
                "usage": status == "completed" ? ["prompt_tokens": 10, "completion_tokens": 5, "total_tokens": 15] : NSNull(),
            ]
        }
        func addStep(_ value: [String: Any]) {
            threads[threadID]?.steps[runID, default: []].append(value)
        }
        func updateStep(_ value: [String: Any]) {
            guard let index = threads[threadID]?.steps[runID]?.firstIndex(where: { $0["id"] as? String == value["id"] as? String }) else { return }
            threads[threadID]?.steps[runID]?[index] = value
        }
        let lastUser = threads[threadID]?.messages.last { $0["role"] as? String == "user" }
        var reply = "Hello from AISandbox! You said: \(lastUser.map(Self.text(of:)) ?? "")"
        if let toolOutputs {
            // Complete the tool-call step with the outputs.
            if var pending = threads[threadID]?.steps[runID]?.last(where: { $0["type"] as? String == "tool_calls" }) {
                var details = pending["step_details"] as? [String: Any] ?? [:]
                details["tool_calls"] = (details["tool_calls"] as? [[String: Any]] ?? []).map { call in
                    var call = call
                    var function = call["function"] as? [String: Any] ?? [:]
                    function["output"] = toolOutputs.first { $0["tool_call_id"] as? String == call["id"] as? String }?["output"] ?? NSNull()
                    call["function"] = function
                    return call
                }
                pending["step_details"] = details
                pending["status"] = "completed"
                pending["completed_at"] = Self.now + counter
                updateStep(pending)
                events.append(("thread.run.step.completed", pending))
            }
            run["status"] = "in_progress"
            run["required_action"] = NSNull()
            events.append(("thread.run.in_progress", run))
            reply = toolOutputs.map { "The tool call \($0["tool_call_id"] ?? "") returned: \($0["output"] ?? "")" }.joined(separator: " ")
        } else if let function = tools.first(where: { $0["type"] as? String == "function" })?["function"] as? [String: Any],
            (run["tool_choice"] as? String) != "none"
        {
            let name = function["name"] as? String ?? "function"
            let arguments = SchemaSample.json(schema: function["parameters"] as? [String: Any] ?? [:])
            let callID = "call_sandbox_\(SandboxText.hash(name + arguments) % 1_000_000)"
            let call: [String: Any] = ["id": callID, "type": "function", "function": ["name": name, "arguments": arguments, "output": NSNull()]]
            let started = step(type: "tool_calls", details: ["type": "tool_calls", "tool_calls": [call]], status: "in_progress")
            addStep(started)
            events.append(("thread.run.step.created", started))
            events.append(("thread.run.step.in_progress", started))
            var remaining = Substring(arguments)
            var first = true
            while !remaining.isEmpty {
                var fragment: [String: Any] = ["index": 0, "type": "function", "function": ["arguments": String(remaining.prefix(6))]]
                if first {
                    fragment["id"] = callID
                    fragment["function"] = ["name": name, "arguments": String(remaining.prefix(6)), "output": NSNull()]
                    first = false
                }
                events.append(("thread.run.step.delta", [
                    "id": started["id"] ?? "", "object": "thread.run.step.delta",
                    "delta": ["step_details": ["type": "tool_calls", "tool_calls": [fragment]]],
                ]))
                remaining = remaining.dropFirst(6)
            }
            run["status"] = "requires_action"
            run["required_action"] = [
                "type": "submit_tool_outputs",
                "submit_tool_outputs": ["tool_calls": [["id": callID, "type": "function", "function": ["name": name, "arguments": arguments]]]],
            ]
            threads[threadID]?.runs[runID] = run
            events.append(("thread.run.requires_action", run))
            return events
        } else if tools.contains(where: { $0["type"] as? String == "code_interpreter" }) {
            let code = "print(2 + 2)"
            let callID = "ci_sandbox_\(counter)"
            var started = step(type: "tool_calls", details: [
                "type": "tool_calls", "tool_calls": [["id": callID, "type": "code_interpreter", "code_interpreter": ["input": "", "outputs": [Any]()]]],
            ], status: "in_progress")
            addStep(started)
            events.append(("thread.run.step.created", started))
            for piece in ["print(", "2 + 2", ")"] {
                events.append(("thread.run.step.delta", [
                    "id": started["id"] ?? "", "object": "thread.run.step.delta",
                    "delta": ["step_details": ["type": "tool_calls", "tool_calls": [["index": 0, "type": "code_interpreter", "code_interpreter": ["input": piece]]]]],
                ]))
            }
            let outputs: [[String: Any]] = [["type": "logs", "logs": "4"]]
            events.append(("thread.run.step.delta", [
                "id": started["id"] ?? "", "object": "thread.run.step.delta",
                "delta": ["step_details": ["type": "tool_calls", "tool_calls": [["index": 0, "type": "code_interpreter", "code_interpreter": ["outputs": outputs]]]]],
            ]))
            started["status"] = "completed"
            started["step_details"] = ["type": "tool_calls", "tool_calls": [["id": callID, "type": "code_interpreter", "code_interpreter": ["input": code, "outputs": outputs]]]]
            updateStep(started)
            events.append(("thread.run.step.completed", started))
            reply = "The code printed 4. " + reply
        }
        // The answer message.
        var message = makeMessage(threadID: threadID, ["role": "assistant", "content": reply], runID: runID, assistantID: assistantID)
        var creation = step(type: "message_creation", details: ["type": "message_creation", "message_creation": ["message_id": message["id"] ?? ""]], status: "in_progress")
        addStep(creation)
        events.append(("thread.run.step.created", creation))
        events.append(("thread.run.step.in_progress", creation))
        var empty = message
        empty["status"] = "in_progress"
        empty["content"] = [Any]()
        empty["completed_at"] = NSNull()
        events.append(("thread.message.created", empty))
        events.append(("thread.message.in_progress", empty))
        for token in SandboxText.tokens(reply) {
            events.append(("thread.message.delta", [
                "id": message["id"] ?? "", "object": "thread.message.delta",
                "delta": ["content": [["index": 0, "type": "text", "text": ["value": token, "annotations": [Any]()]]]],
            ]))
        }
        message["status"] = "completed"
        threads[threadID]?.messages.append(message)
        events.append(("thread.message.completed", message))
        creation["status"] = "completed"
        creation["completed_at"] = Self.now + counter
        creation["usage"] = ["prompt_tokens": 10, "completion_tokens": SandboxText.tokens(reply).count, "total_tokens": 10 + SandboxText.tokens(reply).count]
        updateStep(creation)
        events.append(("thread.run.step.completed", creation))
        run["status"] = "completed"
        run["completed_at"] = Self.now + counter
        run["usage"] = ["prompt_tokens": 10, "completion_tokens": SandboxText.tokens(reply).count, "total_tokens": 10 + SandboxText.tokens(reply).count]
        threads[threadID]?.runs[runID] = run
        events.append(("thread.run.completed", run))
        return events
    }
}
