import AISandbox
import Foundation
import SwiftOpenAI
import Testing

@Suite("Assistants v2")
struct AssistantTests {
    static let weather = AssistantObject.Tool(
        type: .function,
        function: .init(name: "get_weather", parametersJSON: ["type": "object", "properties": ["city": ["type": "string"]], "required": ["city"]]))

    @Test("v1 assistant files and message files are read from v2's tool_resources and attachments; modify keeps tools")
    func v1FileCalls() async throws {
        try await withService { sandbox, service in
            let assistant = try await service.createAssistant(parameters: AssistantParameters(
                action: .create(model: "gpt-4o"), tools: [AssistantObject.Tool(type: .codeInterpreter), Self.weather], fileIDS: ["file-a"]))
            // A modify that names no tools leaves them alone.
            let renamed = try await service.modifyAssistant(id: assistant.id, parameters: AssistantParameters(action: .modify, name: "Tutor"))
            #expect(sandbox.lastRequest?.json?["tools"] == nil)
            #expect(renamed.tools.count == 2 && renamed.name == "Tutor")

            let attached = try await service.createAssistantFile(parameters: AssistantFileParamaters(assistantID: assistant.id, fileID: "file-b"))
            #expect(attached == AssistantFileObject(id: "file-b", createdAt: assistant.createdAt, assistantID: assistant.id))
            let sent = try #require(sandbox.lastRequest?.json)
            #expect(((sent["tool_resources"] as? [String: Any])?["code_interpreter"] as? [String: Any])?["file_ids"] as? [String] == ["file-a", "file-b"])
            #expect(sent["tools"] == nil && sent["model"] == nil)
            let requests = sandbox.requests.count
            _ = try await service.createAssistantFile(parameters: AssistantFileParamaters(assistantID: assistant.id, fileID: "file-b"))
            #expect(sandbox.requests.count == requests + 1, "attaching twice only reads the assistant")

            let listed = try await service.listAssistantFiles(assistantID: assistant.id)
            #expect(listed.data.map(\.id) == ["file-b", "file-a"] && listed.hasMore == false)
            let firstPage = try await service.listAssistantFiles(assistantID: assistant.id, limit: 1, order: "asc")
            #expect(firstPage.data.map(\.id) == ["file-a"] && firstPage.hasMore == true && firstPage.lastID == "file-a")
            let nextPage = try await service.listAssistantFiles(assistantID: assistant.id, limit: 1, order: "asc", after: "file-a")
            #expect(nextPage.data.map(\.id) == ["file-b"] && nextPage.hasMore == false)
            #expect(try await service.retrieveAssistantFile(assistantID: assistant.id, fileID: "file-a").assistantID == assistant.id)

            let deleted = try await service.deleteAssistantFile(assistantID: assistant.id, fileID: "file-a")
            #expect(deleted.deleted && deleted.id == "file-a")
            #expect(try await service.retrieveAssistant(id: assistant.id).fileIDS == ["file-b"])
            #expect(try await service.deleteAssistantFile(assistantID: assistant.id, fileID: "file-a").deleted == false)
            let missing = await #expect(throws: APIError.self) {
                _ = try await service.retrieveAssistantFile(assistantID: assistant.id, fileID: "file-a")
            }
            #expect(missing?.kind == .notFound)
            let unknownAssistant = await #expect(throws: APIError.self) {
                _ = try await service.listAssistantFiles(assistantID: "asst_nope")
            }
            #expect(unknownAssistant?.kind == .notFound && unknownAssistant?.requestID != nil, "the server's own 404")

            // The seed's message-file calls.
            let thread = try await service.createThread(parameters: CreateThreadParameters())
            let message = try await service.createMessage(
                threadID: thread.id, parameters: MessageParameter(role: "user", content: "See the files", fileIDS: ["file-1", "file-2"]))
            let messageFile = try await service.retrieveMessageFile(threadID: thread.id, messageID: message.id, fileID: "file-2")
            #expect(messageFile.id == "file-2" && messageFile.object == "thread.message.file" && messageFile.messageID == message.id)
            #expect(messageFile.createdAt == message.createdAt && messageFile.tools == ["file_search"])
            let messageFiles = try await service.listMessageFiles(threadID: thread.id, messageID: message.id, limit: nil, order: nil, after: nil, before: nil)
            #expect(messageFiles.data.map(\.id) == ["file-2", "file-1"])
            #expect(try await service.listMessageFiles(threadID: thread.id, messageID: message.id, order: "asc", before: "file-2").data.map(\.id) == ["file-1"])
            let many = try await service.createMessage(
                threadID: thread.id, parameters: MessageParameter(role: "user", content: "Many", fileIDS: (0..<10).map { "f\($0)" }))
            let previous = try await service.listMessageFiles(threadID: thread.id, messageID: many.id, limit: 2, order: "asc", before: "f6")
            #expect(previous.data.map(\.id) == ["f4", "f5"] && previous.hasMore == true, "the page just before the cursor")
            let gone = try await service.listMessageFiles(threadID: thread.id, messageID: many.id, limit: 2, after: "f-detached")
            #expect(gone.data.isEmpty && gone.hasMore == false, "a cursor no longer in the list ends the listing")
            let notAttached = await #expect(throws: APIError.self) {
                _ = try await service.retrieveMessageFile(threadID: thread.id, messageID: message.id, fileID: "file-9")
            }
            #expect(notAttached?.kind == .notFound)
            let badLimit = await #expect(throws: APIError.self) {
                _ = try await service.listMessageFiles(threadID: thread.id, messageID: message.id, limit: 0)
            }
            #expect(badLimit?.kind == .badRequest && badLimit?.param == "limit")
        }
    }

    @Test("the seed's assistant, thread and message calls, with the v2 header")
    func crud() async throws {
        try await withService { sandbox, service in
            let parameters = AssistantParameters(action: .create(model: "gpt-4o"), name: "Math tutor", fileIDS: ["file-1"])
            let assistant = try await service.createAssistant(parameters: parameters)
            #expect(sandbox.lastRequest?.header("openai-beta") == "assistants=v2")
            #expect(assistant.name == "Math tutor" && assistant.fileIDS == ["file-1"])
            let sent = try #require(sandbox.lastRequest?.json)
            #expect(((sent["tool_resources"] as? [String: Any])?["code_interpreter"] as? [String: Any])?["file_ids"] as? [String] == ["file-1"])
            #expect(sent["file_ids"] == nil)

            #expect(try await service.retrieveAssistant(id: assistant.id).model == "gpt-4o")
            let modified = try await service.modifyAssistant(id: assistant.id, parameters: AssistantParameters(action: .modify, name: "Math tutor for kids"))
            #expect(modified.name == "Math tutor for kids" && modified.model == "gpt-4o")
            #expect(try await service.listAssistants().data.map(\.id) == [assistant.id])

            let thread = try await service.createThread(parameters: CreateThreadParameters(
                messages: [MessageParameter(role: "user", content: "Hi")], metadata: ["user": "abc123"]))
            #expect(try await service.retrieveThread(id: thread.id).metadata == ["user": "abc123"])
            let changed = try await service.modifyThread(id: thread.id, parameters: CreateThreadParameters(metadata: ["modified": "true"]))
            #expect(changed.metadata == ["modified": "true"])

            let prompt = "Give me some ideas for a birthday party."
            let message = try await service.createMessage(threadID: thread.id, parameters: MessageParameter(role: "user", content: prompt))
            #expect(message.text == prompt && message.role == "user")
            #expect(try await service.retrieveMessage(threadID: thread.id, messageID: message.id).id == message.id)
            let tagged = try await service.modifyMessage(threadID: thread.id, messageID: message.id, parameters: ModifyMessageParameters(metadata: ["k": "v"]))
            #expect(tagged.metadata == ["k": "v"])
            let messages = try await service.listMessages(threadID: thread.id, limit: nil, order: "asc", after: nil, before: nil)
            #expect(messages.data.map(\.text) == ["Hi", prompt])
            var walked: [String] = []
            for try await item in service.allMessages(threadID: thread.id, order: "asc", pageSize: 1) { walked.append(item.text) }
            #expect(walked == ["Hi", prompt])
            var assistantIDs: [String] = []
            for try await item in service.allAssistants(pageSize: 1) { assistantIDs.append(item.id) }
            #expect(assistantIDs == [assistant.id])
            #expect(try await service.deleteMessage(threadID: thread.id, messageID: message.id).deleted)
            #expect(try await service.deleteThread(id: thread.id).deleted)
            #expect(try await service.deleteAssistant(id: assistant.id).deleted)

            await #expect {
                _ = try await service.listAssistants(
                    limit: nil, order: nil, after: nil, before: nil, options: RequestOptions(extraHeaders: [HTTPField.Name("OpenAI-Beta")!: "assistants=v1"]))
            } throws: { error in
                // A per-call header wins over the SDK's v2 header; the server's own error comes back.
                (error as? APIError)?.message.contains("OpenAI-Beta") == true
            }
        }
    }

    @Test("runs without streaming: polled to requires_action, tool outputs submitted, polled to completion; steps")
    func runsPolled() async throws {
        try await withService { sandbox, service in
            let assistant = try await service.createAssistant(parameters: AssistantParameters(action: .create(model: "gpt-4o"), tools: [Self.weather]))
            let thread = try await service.createThread(parameters: CreateThreadParameters())
            _ = try await service.createMessage(threadID: thread.id, parameters: MessageParameter(role: .user, content: "Weather in Oslo?"))
            var run = try await service.createRun(threadID: thread.id, parameters: RunParameter(
                assistantID: assistant.id, additionalInstructions: "Be brief.", maxCompletionTokens: 200, truncationStrategy: .lastMessages(5)))
            let body = try #require(sandbox.lastRequest?.json)
            #expect(body["stream"] as? Bool == false && body["additional_instructions"] as? String == "Be brief.")
            #expect((body["truncation_strategy"] as? [String: Any])?["last_messages"] as? Int == 5)
            #expect(run.status == "queued")
            while !["requires_action", "completed"].contains(run.status) {
                run = try await service.retrieveRun(threadID: thread.id, runID: run.id)
            }
            #expect(run.status == "requires_action")
            let call = try #require(run.requiredAction?.submitToolOutputs.toolCalls.first)
            #expect(call.function.name == "get_weather" && call.function.arguments == #"{"city":"sandbox city"}"#)

            let toolCallID = try #require(call.id)
            let output = "28C"
            let parameters = RunToolsOutputParameter(toolOutputs: [.init(toolCallId: toolCallID, output: output)])
            run = try await service.submitToolOutputsToRun(threadID: thread.id, runID: run.id, parameters: parameters)
            #expect(run.status == "completed" && run.usage?.totalTokens != nil)
            let answer = try await service.listMessages(threadID: thread.id, limit: 1, order: nil, after: nil, before: nil, runID: run.id)
            #expect(answer.data.first?.text == "The tool call \(toolCallID) returned: 28C")
            #expect(sandbox.lastRequest?.queryValue("run_id") == run.id)

            let steps = try await service.listRunSteps(threadID: thread.id, runID: run.id, limit: nil, order: "asc", after: nil, before: nil)
            #expect(steps.data.map(\.type) == ["tool_calls", "message_creation"])
            guard case .functionToolCall(let function)? = steps.data[0].stepDetails.toolCalls?.first?.toolCall else {
                Issue.record("function step expected")
                return
            }
            #expect(function.output == "28C")
            let step = try await service.retrieveRunstep(threadID: thread.id, runID: run.id, stepID: steps.data[1].id)
            #expect(step.stepDetails.messageCreation?.messageID == answer.data.first?.id)
            let modified = try await service.modifyRun(threadID: thread.id, runID: run.id, parameters: ModifyRunParameters(metadata: ["user": "abc123"]))
            #expect(modified.metadata == ["user": "abc123"])
            #expect(try await service.listRuns(threadID: thread.id).data.count == 1)
            var walkedSteps: [String] = []
            for try await step in service.allRunSteps(threadID: thread.id, runID: run.id, order: "asc", pageSize: 1) { walkedSteps.append(step.id) }
            #expect(walkedSteps == steps.data.map(\.id))
            var walkedRuns: [String] = []
            for try await walkedRun in service.allRuns(threadID: thread.id, pageSize: 1) { walkedRuns.append(walkedRun.id) }
            #expect(walkedRuns == [run.id])

            let second = try await service.createThreadAndRun(parameters: CreateThreadAndRunParameter(
                assistantID: assistant.id, thread: CreateThreadParameters(messages: [MessageParameter(role: "user", content: "x")])))
            let cancelled = try await service.cancelRun(threadID: second.threadID, runID: second.id)
            #expect(cancelled.status == "cancelling")
            #expect(try await service.retrieveRun(threadID: second.threadID, runID: second.id).status == "cancelled")
        }
    }

    @Test("streamed runs: the seed's loop prints the message; tool calls arrive as step deltas; chunkings don't matter", arguments: [
        SandboxBehavior.Splitting.none, .every(2), .every(5), .random(seed: 3, maxSize: 64),
    ])
    func streaming(splitting: SandboxBehavior.Splitting) async throws {
        try await withService { sandbox, service in
            let assistant = try await service.createAssistant(parameters: AssistantParameters(
                action: .create(model: "gpt-4o"), tools: [AssistantObject.Tool(type: .codeInterpreter)]))
            let thread = try await service.createThread(parameters: CreateThreadParameters())
            let messageParameter = MessageParameter(role: .user, content: "Tell me the square root of 1235")
            _ = try await service.createMessage(threadID: thread.id, parameters: messageParameter)
            let runParameters = RunParameter(assistantID: assistant.id)
            sandbox.enqueue(.split(splitting, interval: 0.00005), path: "/runs")
            let stream = try await service.createRunAndStreamMessage(threadID: thread.id, parameters: runParameters)
            var printed = ""
            var code = ""
            var types: [String] = []
            for try await result in stream {
                types.append(result.type)
                switch result {
                case .threadMessageDelta(let messageDelta):
                    let content = messageDelta.delta.content.first
                    switch content {
                    case .imageFile, nil:
                        break
                    case .text(let textContent):
                        printed += textContent.text.value  // this will print the streamed response for a message.
                    }
                case .threadRunStepDelta(let runStepDelta):
                    if let toolCall = runStepDelta.delta.stepDetails.toolCalls?.first?.toolCall {
                        switch toolCall {
                        case .codeInterpreterToolCall(let toolCall):
                            code += toolCall.input ?? ""  // this will print the streamed response for code interpreter tool call.
                        case .retrieveToolCall:
                            Issue.record("no file search here")
                        case .functionToolCall:
                            Issue.record("no function here")
                        }
                    }
                default:
                    break
                }
            }
            #expect(sandbox.lastRequest?.json?["stream"] as? Bool == true)
            #expect(code == "print(2 + 2)")
            #expect(printed == "The code printed 4. Hello from AISandbox! You said: Tell me the square root of 1235")
            #expect(types.first == "thread.run.created" && types.suffix(2) == ["thread.run.completed", "done"])
            let stored = try await service.listMessages(threadID: thread.id, limit: 1, order: nil, after: nil, before: nil)
            #expect(stored.data.first?.text == printed)
        }
    }

    @Test("streamed tool round trip: createThreadAndRunStream, then submitToolOutputsToRunStream")
    func streamedToolRoundTrip() async throws {
        try await withService { sandbox, service in
            let assistant = try await service.createAssistant(parameters: AssistantParameters(action: .create(model: "gpt-4o"), tools: [Self.weather]))
            var arguments = ""
            var pending: RunObject?
            var sawThread = false
            for try await event in try await service.createThreadAndRunStream(parameters: CreateThreadAndRunParameter(
                assistantID: assistant.id, thread: CreateThreadParameters(messages: [MessageParameter(role: "user", content: "Weather?")])))
            {
                switch event {
                case .threadCreated: sawThread = true
                case .threadRunStepDelta(let delta):
                    if case .functionToolCall(let call)? = delta.delta.stepDetails.toolCalls?.first?.toolCall { arguments += call.arguments ?? "" }
                case .threadRunRequiresAction(let run): pending = run
                default: break
                }
            }
            #expect(sawThread)
            let run = try #require(pending)
            let call = try #require(run.requiredAction?.submitToolOutputs.toolCalls.first)
            #expect(arguments == call.function.arguments)
            var text = ""
            var completed: RunObject?
            for try await event in try await service.submitToolOutputsToRunStream(
                threadID: run.threadID, runID: run.id,
                parameters: RunToolsOutputParameter(toolOutputs: [.init(toolCallId: call.id ?? "", output: "sunny")]))
            {
                if case .threadMessageDelta(let delta) = event, case .text(let part)? = delta.delta.content.first { text += part.text.value }
                if case .threadRunCompleted(let run) = event { completed = run }
            }
            #expect(text == "The tool call \(call.id ?? "") returned: sunny")
            #expect(completed?.status == "completed")
            #expect(sandbox.lastRequest?.json?["stream"] as? Bool == true)
        }
    }

    @Test("assistant streams: an error event throws; a stream without done is truncated; unknown events pass")
    func streamFailures() async throws {
        try await withService { sandbox, service in
            let error = "event: thread.run.created\ndata: {\"id\":\"run_1\",\"object\":\"thread.run\",\"created_at\":1,\"thread_id\":\"t\",\"assistant_id\":\"a\",\"status\":\"queued\",\"model\":\"m\",\"tools\":[],\"metadata\":{}}\n\n"
                + "event: thread.run.future\ndata: {\"x\":1}\n\n"
                + "event: error\ndata: {\"error\":{\"message\":\"Boom\",\"type\":\"server_error\",\"code\":\"server_error\"}}\n\n"
            sandbox.enqueue(.raw(200, body: error, contentType: "text/event-stream"), path: "/runs")
            var types: [String] = []
            await #expect {
                for try await event in try await service.createRunAndStreamMessage(threadID: "t", parameters: RunParameter(assistantID: "a")) {
                    types.append(event.type)
                }
            } throws: { ($0 as? APIError)?.message == "Boom" && ($0 as? APIError)?.kind == .server }
            #expect(types == ["thread.run.created", "thread.run.future"])

            let cut = "event: thread.run.created\ndata: {\"id\":\"run_1\",\"object\":\"thread.run\",\"created_at\":1,\"thread_id\":\"t\",\"assistant_id\":\"a\",\"status\":\"queued\",\"model\":\"m\",\"tools\":[],\"metadata\":{}}\n\n"
            sandbox.enqueue(.raw(200, body: cut, contentType: "text/event-stream"), path: "/runs")
            await #expect {
                for try await _ in try await service.createRunAndStreamMessage(threadID: "t", parameters: RunParameter(assistantID: "a")) {}
            } throws: { ($0 as? APIError)?.kind == .connection }
        }
    }
}
