import AIServerKit
import Foundation
import NIOConcurrencyHelpers

/// Assistants v2: `/v1/assistants`, `/v1/threads` (+ messages, runs, steps) and `/v1/threads/runs`.
///
/// A run answers the last user message; with a function tool it first requires action (a call to the first
/// function), with the code interpreter it adds a tool-call step. Non-streamed runs advance one status per
/// retrieve (queued → in_progress → requires_action / completed); streamed runs send every event at once.
final class OpenAIAssistants: Sendable {
    private let state = NIOLockedValueBox(State())

    /// Answers `request` with `body` run on the state under the lock, after the check every Assistants route makes:
    /// the `OpenAI-Beta: assistants=v2` header.
    func handle(_ request: RecordedRequest, _ body: (inout State, _ json: JSON) -> ResponsePlan) -> ResponsePlan {
        guard request.header("openai-beta")?.contains("assistants=v2") == true else {
            return State.invalid("You must provide the 'OpenAI-Beta' header to access the Assistants API. Please try again by setting the header 'OpenAI-Beta: assistants=v2'.")
        }
        let json = request.jsonBody ?? [:]
        return state.withLockedValue { body(&$0, json) }
    }

    /// The assistants, threads, messages, runs and steps, changed only under the lock.
    struct State: Sendable {
        fileprivate struct Thread: Sendable {
            var object: JSON
            var messages: [JSON] = []
            var runs: [String: JSON] = [:]
            var runOrder: [String] = []
            var steps: [String: [JSON]] = [:]
        }

        private var ids = SandboxCounter()
        private var assistants: [String: JSON] = [:]
        private var assistantOrder: [String] = []
        private var threads: [String: Thread] = [:]
        private static let now = 1_700_000_000

        private static func missing(_ what: String, _ id: String) -> ResponsePlan {
            .error(status: 404, message: "No \(what) found with id '\(id)'.", type: "invalid_request_error")
        }

        fileprivate static func invalid(_ message: String, param: String? = nil) -> ResponsePlan {
            .error(status: 400, message: message, type: "invalid_request_error", param: param)
        }

        private var counter: Int { ids.count }

        private mutating func nextID(_ prefix: String) -> String { ids.nextID(prefix) }

        // MARK: Assistants

        /// `POST /assistants`.
        mutating func createAssistant(_ body: JSON) -> ResponsePlan {
            guard let model = body["model"]?.string else { return Self.invalid("Missing required parameter: 'model'.", param: "model") }
            let id = nextID("asst")
            var object: JSON = [
                "id": .string(id), "object": "assistant", "created_at": .int(Self.now + counter), "model": .string(model), "name": body["name"] ?? .null,
                "description": body["description"] ?? .null, "instructions": body["instructions"] ?? .null,
                "tools": body["tools"] ?? [], "tool_resources": body["tool_resources"] ?? [:],
                "metadata": body["metadata"] ?? [:], "temperature": body["temperature"] ?? 1.0, "top_p": body["top_p"] ?? 1.0,
                "response_format": body["response_format"] ?? "auto",
            ]
            if let effort = body["reasoning_effort"] { object["reasoning_effort"] = effort }
            assistants[id] = object
            assistantOrder.append(id)
            return .json(object)
        }

        /// `GET /assistants`.
        func listAssistants(_ request: RecordedRequest) -> ResponsePlan {
            .json(OpenAIFiles.page(assistantOrder.compactMap { assistants[$0] }, request, defaultLimit: 20, defaultOrder: "desc"))
        }

        /// `GET /assistants/{id}`.
        func retrieveAssistant(_ id: String) -> ResponsePlan {
            guard let object = assistants[id] else { return Self.missing("assistant", id) }
            return .json(object)
        }

        /// `POST /assistants/{id}`: every field sent replaces the stored one.
        mutating func modifyAssistant(_ id: String, _ body: JSON) -> ResponsePlan {
            guard var object = assistants[id] else { return Self.missing("assistant", id) }
            for (key, value) in body.object ?? [:] { object[key] = value }
            assistants[id] = object
            return .json(object)
        }

        /// `DELETE /assistants/{id}`.
        mutating func deleteAssistant(_ id: String) -> ResponsePlan {
            guard assistants[id] != nil else { return Self.missing("assistant", id) }
            assistants.removeValue(forKey: id)
            assistantOrder.removeAll { $0 == id }
            return .json(["id": .string(id), "object": "assistant.deleted", "deleted": true])
        }

        // MARK: Threads and messages

        private mutating func makeThread(_ body: JSON) -> String {
            let id = nextID("thread")
            var thread = Thread(object: [
                "id": .string(id), "object": "thread", "created_at": .int(Self.now + counter), "metadata": body["metadata"] ?? [:],
                "tool_resources": body["tool_resources"] ?? [:],
            ])
            for message in body["messages"]?.objects ?? [] { thread.messages.append(makeMessage(threadID: id, message)) }
            threads[id] = thread
            return id
        }

        private mutating func makeMessage(threadID: String, _ body: JSON, runID: String? = nil, assistantID: String? = nil) -> JSON {
            var content: [JSON] = []
            if let text = body["content"]?.string {
                content = [["type": "text", "text": ["value": .string(text), "annotations": []]]]
            } else if let parts = body["content"]?.objects {
                content = parts.map { part in
                    part["type"]?.string == "text" ? ["type": "text", "text": ["value": part["text"] ?? "", "annotations": []]] : part
                }
            }
            return [
                "id": .string(nextID("msg")), "object": "thread.message", "created_at": .int(Self.now + counter), "thread_id": .string(threadID),
                "status": "completed", "role": body["role"] ?? "user", "content": .array(content), "assistant_id": JSON(assistantID),
                "run_id": JSON(runID), "attachments": body["attachments"] ?? [], "metadata": body["metadata"] ?? [:],
                "incomplete_details": nil, "completed_at": .int(Self.now + counter),
            ]
        }

        private static func text(of message: JSON) -> String {
            (message["content"]?.objects ?? []).compactMap { $0["text"]?["value"]?.string }.joined()
        }

        /// `POST /threads`.
        mutating func createThread(_ body: JSON) -> ResponsePlan {
            .json(threads[makeThread(body)]!.object)
        }

        /// `POST /threads/runs`: creates a thread and runs it.
        mutating func createThreadAndRun(_ body: JSON) -> ResponsePlan {
            let threadID = makeThread(body["thread"]?.objectValue ?? [:])
            return createRun(threadID: threadID, body: body, threadCreated: true)
        }

        /// `GET /threads/{id}`.
        func retrieveThread(_ threadID: String) -> ResponsePlan {
            guard let thread = threads[threadID] else { return Self.missing("thread", threadID) }
            return .json(thread.object)
        }

        /// `POST /threads/{id}`: its metadata and tool resources.
        mutating func modifyThread(_ threadID: String, _ body: JSON) -> ResponsePlan {
            guard var thread = threads[threadID] else { return Self.missing("thread", threadID) }
            for key in ["metadata", "tool_resources"] where body[key] != nil { thread.object[key] = body[key] }
            threads[threadID] = thread
            return .json(thread.object)
        }

        /// `DELETE /threads/{id}`.
        mutating func deleteThread(_ threadID: String) -> ResponsePlan {
            guard threads[threadID] != nil else { return Self.missing("thread", threadID) }
            threads.removeValue(forKey: threadID)
            return .json(["id": .string(threadID), "object": "thread.deleted", "deleted": true])
        }

        /// `POST /threads/{id}/messages`.
        mutating func createMessage(_ threadID: String, _ body: JSON) -> ResponsePlan {
            guard threads[threadID] != nil else { return Self.missing("thread", threadID) }
            guard body["role"]?.string == "user" || body["role"]?.string == "assistant" else {
                return Self.invalid("'role' must be 'user' or 'assistant'.", param: "role")
            }
            let message = makeMessage(threadID: threadID, body)
            threads[threadID]?.messages.append(message)
            return .json(message)
        }

        /// `GET /threads/{id}/messages`, optionally of one run (`run_id`).
        func listMessages(_ threadID: String, _ request: RecordedRequest) -> ResponsePlan {
            guard let thread = threads[threadID] else { return Self.missing("thread", threadID) }
            var messages = thread.messages
            if let runID = request.queryValue("run_id") { messages = messages.filter { $0["run_id"]?.string == runID } }
            return .json(OpenAIFiles.page(messages, request, defaultLimit: 20, defaultOrder: "desc"))
        }

        /// What is done to one message.
        enum MessageAction: Sendable {
            case retrieve, modify, delete
        }

        /// `GET`, `POST` (metadata) or `DELETE /threads/{id}/messages/{message_id}`.
        mutating func message(_ threadID: String, _ messageID: String, _ action: MessageAction, _ body: JSON) -> ResponsePlan {
            guard var thread = threads[threadID] else { return Self.missing("thread", threadID) }
            guard let index = thread.messages.firstIndex(where: { $0["id"]?.string == messageID }) else {
                return Self.missing("message", messageID)
            }
            switch action {
            case .modify:
                thread.messages[index]["metadata"] = body["metadata"] ?? [:]
                threads[threadID] = thread
                return .json(thread.messages[index])
            case .delete:
                thread.messages.remove(at: index)
                threads[threadID] = thread
                return .json(["id": .string(messageID), "object": "thread.message.deleted", "deleted": true])
            case .retrieve:
                return .json(thread.messages[index])
            }
        }

        // MARK: Runs

        /// `POST /threads/{id}/runs`.
        mutating func createRun(_ threadID: String, _ body: JSON) -> ResponsePlan {
            guard threads[threadID] != nil else { return Self.missing("thread", threadID) }
            return createRun(threadID: threadID, body: body, threadCreated: false)
        }

        /// `GET /threads/{id}/runs`.
        func listRuns(_ threadID: String, _ request: RecordedRequest) -> ResponsePlan {
            guard let thread = threads[threadID] else { return Self.missing("thread", threadID) }
            return .json(OpenAIFiles.page(thread.runOrder.compactMap { thread.runs[$0] }, request, defaultLimit: 20, defaultOrder: "desc"))
        }

        /// What is done to one run.
        enum RunAction: Sendable {
            /// `GET /threads/{id}/runs/{run_id}`: moves a non-streamed run one status.
            case retrieve
            /// `POST /threads/{id}/runs/{run_id}`: its metadata.
            case modify
            /// `POST /threads/{id}/runs/{run_id}/cancel`.
            case cancel
            /// `POST /threads/{id}/runs/{run_id}/submit_tool_outputs`.
            case submitToolOutputs
            /// `GET /threads/{id}/runs/{run_id}/steps`.
            case listSteps
            /// `GET /threads/{id}/runs/{run_id}/steps/{step_id}`.
            case retrieveStep(String)
        }

        mutating func run(_ threadID: String, _ runID: String, _ action: RunAction, _ body: JSON, _ request: RecordedRequest) -> ResponsePlan {
            guard threads[threadID] != nil else { return Self.missing("thread", threadID) }
            guard var run = threads[threadID]?.runs[runID] else { return Self.missing("run", runID) }
            switch action {
            case .retrieve:
                switch run["status"]?.string {
                case "queued":
                    run["status"] = "in_progress"
                    run["started_at"] = .int(Self.now + 1)
                    threads[threadID]?.runs[runID] = run
                case "in_progress":
                    _ = execute(threadID: threadID, runID: runID, toolOutputs: nil)
                case "cancelling":
                    setStatus("cancelled", threadID: threadID, runID: runID)
                default: break
                }
                return .json(threads[threadID]!.runs[runID]!)
            case .modify:
                run["metadata"] = body["metadata"] ?? [:]
                threads[threadID]?.runs[runID] = run
                return .json(run)
            case .cancel:
                guard ["queued", "in_progress", "requires_action"].contains(run["status"]?.string ?? "") else {
                    return Self.invalid("Cannot cancel run with status '\(run["status"].quoted())'.")
                }
                setStatus("cancelling", threadID: threadID, runID: runID)
                return .json(threads[threadID]!.runs[runID]!)
            case .submitToolOutputs:
                guard run["status"]?.string == "requires_action" else {
                    return Self.invalid("Runs in status \"\(run["status"].quoted())\" do not accept tool outputs.")
                }
                let expected = Set((run["required_action"]?["submit_tool_outputs"]?["tool_calls"]?.objects ?? []).compactMap { $0["id"]?.string })
                let outputs = body["tool_outputs"]?.objects ?? []
                guard Set(outputs.compactMap { $0["tool_call_id"]?.string }) == expected else {
                    let got = outputs.compactMap { $0["tool_call_id"] }.map { $0.string.map { "\"\($0)\"" } ?? $0.serializedString() }
                    return Self.invalid("Expected tool outputs for call_ids \(expected.sorted()), got [\(got.joined(separator: ", "))]", param: "tool_outputs")
                }
                let events = execute(threadID: threadID, runID: runID, toolOutputs: outputs)
                if body["stream"]?.bool == true { return Self.stream(events) }
                return .json(threads[threadID]!.runs[runID]!)
            case .listSteps:
                let steps = threads[threadID]?.steps[runID] ?? []
                return .json(OpenAIFiles.page(steps, request, defaultLimit: 20, defaultOrder: "desc"))
            case .retrieveStep(let stepID):
                let steps = threads[threadID]?.steps[runID] ?? []
                guard let step = steps.first(where: { $0["id"]?.string == stepID }) else { return Self.missing("run step", stepID) }
                return .json(step)
            }
        }

        private mutating func setStatus(_ status: String, threadID: String, runID: String) {
            threads[threadID]?.runs[runID]?["status"] = .string(status)
            if status == "cancelled" { threads[threadID]?.runs[runID]?["cancelled_at"] = .int(Self.now + 5) }
        }

        private mutating func createRun(threadID: String, body: JSON, threadCreated: Bool) -> ResponsePlan {
            guard let assistantID = body["assistant_id"]?.string, let assistant = assistants[assistantID] else {
                return Self.missing("assistant", body["assistant_id"]?.string ?? "")
            }
            for message in body["additional_messages"]?.objects ?? [] {
                let made = makeMessage(threadID: threadID, message)
                threads[threadID]?.messages.append(made)
            }
            let runID = nextID("run")
            let run: JSON = [
                "id": .string(runID), "object": "thread.run", "created_at": .int(Self.now + counter), "thread_id": .string(threadID),
                "assistant_id": .string(assistantID), "status": "queued", "required_action": nil, "last_error": nil,
                "expires_at": .int(Self.now + 600), "started_at": nil, "cancelled_at": nil, "failed_at": nil, "completed_at": nil,
                "incomplete_details": nil, "model": body["model"] ?? assistant["model"] ?? "gpt-4o",
                "instructions": body["instructions"] ?? assistant["instructions"] ?? .null, "tools": body["tools"] ?? assistant["tools"] ?? [],
                "metadata": body["metadata"] ?? [:], "usage": nil, "temperature": body["temperature"] ?? 1.0, "top_p": 1.0,
                "max_prompt_tokens": body["max_prompt_tokens"] ?? .null, "max_completion_tokens": body["max_completion_tokens"] ?? .null,
                "truncation_strategy": body["truncation_strategy"] ?? ["type": "auto", "last_messages": nil],
                "tool_choice": body["tool_choice"] ?? "auto", "parallel_tool_calls": body["parallel_tool_calls"] ?? true,
                "response_format": body["response_format"] ?? "auto",
            ]
            threads[threadID]?.runs[runID] = run
            threads[threadID]?.runOrder.append(runID)
            guard body["stream"]?.bool == true else { return .json(run) }
            var events: [(String, JSON)] = []
            if threadCreated { events.append(("thread.created", threads[threadID]!.object)) }
            events.append(("thread.run.created", run))
            events.append(("thread.run.queued", run))
            setStatus("in_progress", threadID: threadID, runID: runID)
            events.append(("thread.run.in_progress", threads[threadID]!.runs[runID]!))
            events += execute(threadID: threadID, runID: runID, toolOutputs: nil)
            return Self.stream(events)
        }

        private static func stream(_ events: [(String, JSON)]) -> ResponsePlan {
            var bytes = events.map { JSONText.sseEvent($0.1, event: $0.0) }
            bytes.append(Array("event: done\ndata: [DONE]\n\n".utf8))
            return ResponsePlan(status: 200, contentType: "text/event-stream; charset=utf-8", body: .events(bytes))
        }

        /// Runs an in-progress run to its next stop, returning the events it produced.
        private mutating func execute(threadID: String, runID: String, toolOutputs: [JSON]?) -> [(String, JSON)] {
            guard var run = threads[threadID]?.runs[runID] else { return [] }
            var events: [(String, JSON)] = []
            let tools = run["tools"]?.objects ?? []
            let assistantID = run["assistant_id"]?.string ?? ""
            func step(type: String, details: JSON, status: String) -> JSON {
                [
                    "id": .string(nextID("step")), "object": "thread.run.step", "created_at": .int(Self.now + counter),
                    "assistant_id": .string(assistantID), "thread_id": .string(threadID), "run_id": .string(runID), "type": .string(type),
                    "status": .string(status), "step_details": details, "last_error": nil, "expired_at": nil, "cancelled_at": nil,
                    "failed_at": nil, "completed_at": status == "completed" ? .int(Self.now + counter) : nil, "metadata": [:],
                    "usage": status == "completed" ? ["prompt_tokens": 10, "completion_tokens": 5, "total_tokens": 15] : nil,
                ]
            }
            func addStep(_ value: JSON) {
                threads[threadID]?.steps[runID, default: []].append(value)
            }
            func updateStep(_ value: JSON) {
                guard let index = threads[threadID]?.steps[runID]?.firstIndex(where: { $0["id"]?.string == value["id"]?.string }) else { return }
                threads[threadID]?.steps[runID]?[index] = value
            }
            let lastUser = threads[threadID]?.messages.last { $0["role"]?.string == "user" }
            var reply = "Hello from AISandbox! You said: \(lastUser.map(Self.text(of:)) ?? "")"
            if let toolOutputs {
                // Complete the tool-call step with the outputs.
                if var pending = threads[threadID]?.steps[runID]?.last(where: { $0["type"]?.string == "tool_calls" }) {
                    var details = pending["step_details"]?.objectValue ?? [:]
                    details["tool_calls"] = .array((details["tool_calls"]?.objects ?? []).map { call in
                        var call = call
                        var function = call["function"]?.objectValue ?? [:]
                        function["output"] = toolOutputs.first { $0["tool_call_id"]?.string == call["id"]?.string }?["output"] ?? .null
                        call["function"] = function
                        return call
                    })
                    pending["step_details"] = details
                    pending["status"] = "completed"
                    pending["completed_at"] = .int(Self.now + counter)
                    updateStep(pending)
                    events.append(("thread.run.step.completed", pending))
                }
                run["status"] = "in_progress"
                run["required_action"] = .null
                events.append(("thread.run.in_progress", run))
                reply = toolOutputs.map { "The tool call \($0["tool_call_id"].quoted()) returned: \($0["output"].quoted())" }.joined(separator: " ")
            } else if let function = tools.first(where: { $0["type"]?.string == "function" })?["function"]?.objectValue,
                run["tool_choice"]?.string != "none"
            {
                let name = function["name"]?.string ?? "function"
                let arguments = SchemaSample.json(schema: function["parameters"]?.objectValue ?? [:])
                let callID = "call_sandbox_\(SandboxText.hash(name + arguments) % 1_000_000)"
                let call: JSON = [
                    "id": .string(callID), "type": "function", "function": ["name": .string(name), "arguments": .string(arguments), "output": nil],
                ]
                let started = step(type: "tool_calls", details: ["type": "tool_calls", "tool_calls": [call]], status: "in_progress")
                addStep(started)
                events.append(("thread.run.step.created", started))
                events.append(("thread.run.step.in_progress", started))
                var remaining = Substring(arguments)
                var first = true
                while !remaining.isEmpty {
                    var fragment: JSON = ["index": 0, "type": "function", "function": ["arguments": .string(String(remaining.prefix(6)))]]
                    if first {
                        fragment["id"] = .string(callID)
                        fragment["function"] = ["name": .string(name), "arguments": .string(String(remaining.prefix(6))), "output": nil]
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
                    "submit_tool_outputs": [
                        "tool_calls": [["id": .string(callID), "type": "function", "function": ["name": .string(name), "arguments": .string(arguments)]]],
                    ],
                ]
                threads[threadID]?.runs[runID] = run
                events.append(("thread.run.requires_action", run))
                return events
            } else if tools.contains(where: { $0["type"]?.string == "code_interpreter" }) {
                let code = "print(2 + 2)"
                let callID = "ci_sandbox_\(counter)"
                var started = step(type: "tool_calls", details: [
                    "type": "tool_calls",
                    "tool_calls": [["id": .string(callID), "type": "code_interpreter", "code_interpreter": ["input": "", "outputs": []]]],
                ], status: "in_progress")
                addStep(started)
                events.append(("thread.run.step.created", started))
                for piece in ["print(", "2 + 2", ")"] {
                    events.append(("thread.run.step.delta", [
                        "id": started["id"] ?? "", "object": "thread.run.step.delta",
                        "delta": [
                            "step_details": [
                                "type": "tool_calls",
                                "tool_calls": [["index": 0, "type": "code_interpreter", "code_interpreter": ["input": .string(piece)]]],
                            ],
                        ],
                    ]))
                }
                let outputs: JSON = [["type": "logs", "logs": "4"]]
                events.append(("thread.run.step.delta", [
                    "id": started["id"] ?? "", "object": "thread.run.step.delta",
                    "delta": [
                        "step_details": ["type": "tool_calls", "tool_calls": [["index": 0, "type": "code_interpreter", "code_interpreter": ["outputs": outputs]]]],
                    ],
                ]))
                started["status"] = "completed"
                started["step_details"] = [
                    "type": "tool_calls",
                    "tool_calls": [["id": .string(callID), "type": "code_interpreter", "code_interpreter": ["input": .string(code), "outputs": outputs]]],
                ]
                updateStep(started)
                events.append(("thread.run.step.completed", started))
                reply = "The code printed 4. " + reply
            }
            // The answer message.
            var message = makeMessage(threadID: threadID, ["role": "assistant", "content": .string(reply)], runID: runID, assistantID: assistantID)
            var creation = step(
                type: "message_creation", details: ["type": "message_creation", "message_creation": ["message_id": message["id"] ?? ""]],
                status: "in_progress")
            addStep(creation)
            events.append(("thread.run.step.created", creation))
            events.append(("thread.run.step.in_progress", creation))
            var empty = message
            empty["status"] = "in_progress"
            empty["content"] = []
            empty["completed_at"] = .null
            events.append(("thread.message.created", empty))
            events.append(("thread.message.in_progress", empty))
            for token in SandboxText.tokens(reply) {
                events.append(("thread.message.delta", [
                    "id": message["id"] ?? "", "object": "thread.message.delta",
                    "delta": ["content": [["index": 0, "type": "text", "text": ["value": .string(token), "annotations": []]]]],
                ]))
            }
            message["status"] = "completed"
            threads[threadID]?.messages.append(message)
            events.append(("thread.message.completed", message))
            let replyTokens = SandboxText.tokens(reply).count
            creation["status"] = "completed"
            creation["completed_at"] = .int(Self.now + counter)
            creation["usage"] = ["prompt_tokens": 10, "completion_tokens": .int(replyTokens), "total_tokens": .int(10 + replyTokens)]
            updateStep(creation)
            events.append(("thread.run.step.completed", creation))
            run["status"] = "completed"
            run["completed_at"] = .int(Self.now + counter)
            run["usage"] = ["prompt_tokens": 10, "completion_tokens": .int(replyTokens), "total_tokens": .int(10 + replyTokens)]
            threads[threadID]?.runs[runID] = run
            events.append(("thread.run.completed", run))
            return events
        }
    }
}
