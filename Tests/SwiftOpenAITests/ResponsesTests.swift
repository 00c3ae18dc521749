import AISandbox
import Foundation
import SwiftAITestSupport
import SwiftOpenAI
import Testing

@Suite("Responses API")
struct ResponsesTests {
    @Test("create sends every field in the wire shape and decodes the response")
    func createWireShape() async throws {
        try await withService { sandbox, service in
            // A response in a conversation needs the conversation to exist (an unknown one is a 404, as on the API).
            let conversation = try await service.createConversation()
            let pdf = Data("%PDF-1.4 sandbox".utf8)
            let parameters = ModelResponseParameter(
                input: .array([
                    .message(.init(role: "developer", text: "Be brief.")),
                    .message(.init(role: "user", content: .array([
                        .text("Describe these."),
                        .image(.init(imageUrl: "https://example.com/cat.png", detail: "low")),
                        .file(.init(data: pdf, filename: "report.pdf", mimeType: "application/pdf")),
                        .file(.init(fileID: "file-123")),
                    ]))),
                ]),
                model: .gpt4oMini, background: false, conversation: .init(id: conversation.id), include: ["reasoning.encrypted_content"],
                instructions: "You are a test.", maxOutputTokens: 500, maxToolCalls: 3, metadata: ["k": "v"],
                parallelToolCalls: false, promptCacheKey: "cache-1", promptCacheRetention: "24h",
                reasoning: .init(effort: "low", summary: "auto"), safetyIdentifier: "user-hash", serviceTier: "flex",
                store: true, temperature: 0.2,
                text: .init(format: .jsonSchema(name: "answer", schema: ["type": "object", "properties": ["a": ["type": "string"]]]), verbosity: "low"),
                toolChoice: .auto,
                tools: [
                    .function(name: "get_weather", description: "Weather", parameters: ["type": "object", "properties": [:]], strict: true),
                    .webSearch(.init(searchContextSize: "low")),
                    .fileSearch(.init(vectorStoreIds: ["vs_1"], maxNumResults: 5)),
                    .codeInterpreter(.auto(fileIDs: ["file-1"])),
                    .imageGeneration(.init(quality: "low", size: "1024x1024", partialImages: 1)),
                    .mcp(.init(serverLabel: "docs", serverUrl: "https://mcp.example.com", requireApproval: "never")),
                ],
                topLogprobs: 2, topP: 0.9, truncation: "auto", user: "u1")
            _ = try await service.responseCreate(parameters)
            let request = try #require(sandbox.lastRequest)
            #expect(request.method == "POST")
            #expect(request.path == "/v1/responses")
            #expect(request.header("authorization") == "Bearer sk-test-key")
            let body = try #require(request.json)
            #expect(body["stream"] == nil)
            #expect(body["model"] as? String == "gpt-4o-mini")
            #expect(body["instructions"] as? String == "You are a test.")
            #expect(body["max_output_tokens"] as? Int == 500)
            #expect(body["max_tool_calls"] as? Int == 3)
            #expect(body["conversation"] as? String == conversation.id)
            #expect(body["include"] as? [String] == ["reasoning.encrypted_content"])
            #expect(body["parallel_tool_calls"] as? Bool == false)
            #expect(body["prompt_cache_key"] as? String == "cache-1")
            #expect(body["prompt_cache_retention"] as? String == "24h")
            #expect(body["safety_identifier"] as? String == "user-hash")
            #expect(body["service_tier"] as? String == "flex")
            #expect(body["store"] as? Bool == true)
            #expect(body["top_logprobs"] as? Int == 2)
            #expect(body["top_p"] as? Double == 0.9)
            #expect(body["truncation"] as? String == "auto")
            #expect(body["user"] as? String == "u1")
            #expect(body["tool_choice"] as? String == "auto")
            #expect((body["metadata"] as? [String: String]) == ["k": "v"])
            let reasoning = try #require(body["reasoning"] as? [String: Any])
            #expect(reasoning["effort"] as? String == "low" && reasoning["summary"] as? String == "auto")
            let text = try #require(body["text"] as? [String: Any])
            #expect(text["verbosity"] as? String == "low")
            let format = try #require(text["format"] as? [String: Any])
            #expect(format["type"] as? String == "json_schema" && format["name"] as? String == "answer" && format["strict"] as? Bool == true)
            let input = try #require(body["input"] as? [[String: Any]])
            #expect(input[0]["role"] as? String == "developer" && input[0]["content"] as? String == "Be brief.")
            let parts = try #require(input[1]["content"] as? [[String: Any]])
            #expect(parts.map { $0["type"] as? String } == ["input_text", "input_image", "input_file", "input_file"])
            #expect(parts[1]["image_url"] as? String == "https://example.com/cat.png" && parts[1]["detail"] as? String == "low")
            #expect(parts[2]["filename"] as? String == "report.pdf")
            #expect(parts[2]["file_data"] as? String == "data:application/pdf;base64,\(pdf.base64EncodedString())")
            #expect(parts[3]["file_id"] as? String == "file-123")
            let tools = try #require(body["tools"] as? [[String: Any]])
            #expect(tools.map { $0["type"] as? String } == ["function", "web_search", "file_search", "code_interpreter", "image_generation", "mcp"])
            #expect(tools[0]["name"] as? String == "get_weather" && tools[0]["strict"] as? Bool == true)
            #expect(tools[1]["search_context_size"] as? String == "low")
            #expect(tools[2]["vector_store_ids"] as? [String] == ["vs_1"] && tools[2]["max_num_results"] as? Int == 5)
            #expect((tools[3]["container"] as? [String: Any])?["file_ids"] as? [String] == ["file-1"])
            #expect(tools[4]["partial_images"] as? Int == 1)
            #expect(tools[5]["server_label"] as? String == "docs" && tools[5]["require_approval"] as? String == "never")
        }
    }

    @Test("a text response decodes with usage details, reasoning and the output text")
    func decodeText() async throws {
        try await withService { _, service in
            let response = try await service.responseCreate(
                ModelResponseParameter(input: .string("Hi there"), model: .o4Mini, reasoning: .init(effort: "high", summary: "detailed")))
            #expect(response.object == "response")
            #expect(response.status == "completed")
            #expect(response.outputText == "Hello from AISandbox! You said: Hi there")
            guard case .reasoning(let reasoning) = response.output.first else {
                Issue.record("expected a reasoning item first")
                return
            }
            #expect(reasoning.summaryText.contains("high effort"))
            let usage = try #require(response.usage)
            #expect(usage.outputTokensDetails?.reasoningTokens == 64)
            #expect(usage.inputTokensDetails?.cachedTokens == 0)
            #expect(usage.totalTokens == usage.inputTokens + usage.outputTokens)
            #expect(response.reasoning?.effort == "high")
        }
    }

    @Test("function call round trip with previous_response_id, then input items, retrieve and delete")
    func functionCallRoundTrip() async throws {
        try await withService { sandbox, service in
            let tool = ModelResponseParameter.Tool.function(
                name: "sum", description: "Adds", parameters: ["type": "object", "properties": ["a": ["type": "integer"], "b": ["type": "integer"]], "required": ["a", "b"]],
                strict: true)
            let first = try await service.responseCreate(
                ModelResponseParameter(input: .string("What is 2 + 2?"), model: .gpt4o, toolChoice: .function(name: "sum"), tools: [tool]))
            let call = try #require(first.functionCalls.first)
            #expect(call.name == "sum")
            #expect(call.arguments == #"{"a":2,"b":2}"#)
            let body = try #require(sandbox.lastRequest?.json)
            #expect((body["tool_choice"] as? [String: String]) == ["type": "function", "name": "sum"])

            let second = try await service.responseCreate(
                ModelResponseParameter(
                    input: .array([.functionCallOutput(.init(callId: call.callId, output: #"{"result":4}"#))]),
                    model: .gpt4o, previousResponseId: first.id, tools: [tool]))
            #expect(second.outputText == #"The tool call \#(call.callId) returned: {"result":4}"#)
            let sent = try #require(sandbox.lastRequest?.json)
            #expect(sent["previous_response_id"] as? String == first.id)
            let item = try #require((sent["input"] as? [[String: Any]])?.first)
            #expect(item["type"] as? String == "function_call_output" && item["call_id"] as? String == call.callId)

            let items = try await service.responseInputItems(id: second.id, parameters: .init(limit: 1, order: "asc"))
            #expect(items.hasMore)
            #expect(items.data.count == 1)
            #expect(sandbox.lastRequest?.queryValue("limit") == "1" && sandbox.lastRequest?.queryValue("order") == "asc")
            guard case .message(let message) = items.data.first else {
                Issue.record("expected the user message first")
                return
            }
            #expect(message.role == "user")
            guard case .inputText(let text) = message.content.first else {
                Issue.record("expected input_text")
                return
            }
            #expect(text == "What is 2 + 2?")

            let retrieved = try await service.responseModel(id: second.id, include: ["message.output_text.logprobs"])
            #expect(retrieved.id == second.id && retrieved.outputText == second.outputText)
            #expect(sandbox.lastRequest?.method == "GET" && sandbox.lastRequest?.path == "/v1/responses/\(second.id)")
            let deleted = try await service.responseDelete(id: second.id)
            #expect(deleted.deleted && deleted.id == second.id)
            await #expect {
                _ = try await service.responseModel(id: second.id)
            } throws: { error in
                (error as? APIError)?.kind == .notFound && (error as? APIError)?.param == "response_id"
            }
        }
    }

    @Test("input tokens are counted without running the request; a conversation compacts and goes on from its output")
    func inputTokensAndCompaction() async throws {
        try await withService { sandbox, service in
            let tool = ModelResponseParameter.Tool.function(
                name: "sum", description: "Adds two integers", parameters: ["type": "object", "properties": ["a": ["type": "integer"]]], strict: true)
            let request = ModelResponseParameter(
                input: .string("Tell me a joke about compilers"), model: .gpt4o, instructions: "Be brief", maxOutputTokens: 50,
                store: true, temperature: 0.2, tools: [tool])
            let counted = try await service.responseInputTokens(ResponseInputTokensParameter(request))
            #expect(counted.object == "response.input_tokens")
            let body = try #require(sandbox.lastRequest?.json)
            #expect(sandbox.lastRequest?.path == "/v1/responses/input_tokens")
            #expect(Set(body.keys) == ["model", "input", "instructions", "tools"], "only the fields the endpoint takes")
            let plain = try await service.responseInputTokens(ResponseInputTokensParameter(
                model: "gpt-4o", input: .string("Tell me a joke about compilers"), instructions: "Be brief"))
            #expect(counted.inputTokens > plain.inputTokens, "the tool definition counts")
            let answered = try await service.responseCreate(ModelResponseParameter(
                input: .string("Tell me a joke about compilers"), model: .gpt4o, instructions: "Be brief"))
            #expect(plain.inputTokens == answered.usage?.inputTokens)

            let followUp = try await service.responseCreate(ModelResponseParameter(
                input: .string("Another one"), model: .gpt4o, previousResponseId: answered.id))
            let chained = try await service.responseInputTokens(ResponseInputTokensParameter(
                model: "gpt-4o", input: .string("And a third"), previousResponseId: followUp.id))
            #expect(chained.inputTokens > plain.inputTokens * 2, "the whole chain counts, both answers included")

            let compacted = try await service.responseCompact(ResponseCompactParameter(model: "gpt-4o", previousResponseId: followUp.id))
            #expect(compacted.object == "response.compaction" && compacted.usage?.inputTokens ?? 0 > 0)
            #expect(compacted.output.map(\.type) == ["message", "message", "compaction"])
            guard case .compaction(let compaction)? = compacted.output.last else {
                Issue.record("expected a compaction item last")
                return
            }
            #expect(!compaction.encryptedContent.isEmpty && compaction.id != nil)
            // The sandbox's "encryption" is base64 JSON of what it dropped: both assistant answers.
            let dropped = try JSONSerialization.jsonObject(with: try #require(Data(base64Encoded: compaction.encryptedContent))) as? [[String: Any]]
            #expect(dropped?.compactMap { $0["role"] as? String } == ["assistant", "assistant"])
            let sent = try #require(sandbox.lastRequest?.json)
            #expect(sent["previous_response_id"] as? String == followUp.id && sent["model"] as? String == "gpt-4o")

            let next = try await service.responseCreate(ModelResponseParameter(
                input: .array(compacted.inputItems + [.message(.init(role: "user", text: "And another one"))]), model: .gpt4o))
            #expect(next.status == "completed")
            let input = try #require(sandbox.lastRequest?.json?["input"] as? [[String: Any]])
            #expect(input.map { $0["type"] as? String } == ["message", "message", "compaction", "message"])
            #expect(input[2]["encrypted_content"] as? String == compaction.encryptedContent)

            let missing = await #expect(throws: APIError.self) {
                _ = try await service.responseCompact(ResponseCompactParameter(model: "gpt-4o", previousResponseId: "resp_nope"))
            }
            #expect(missing?.kind == .badRequest && missing?.param == "previous_response_id")
        }
    }

    @Test("a background response is polled to completion; a cancelled one stays cancelled")
    func backgroundAndCancel() async throws {
        try await withService { sandbox, service in
            let queued = try await service.responseCreate(ModelResponseParameter(input: .string("Long task"), model: .o3, background: true))
            #expect(queued.status == "queued")
            #expect(queued.output.isEmpty)
            var polled = queued
            var polls = 0
            while polled.status != "completed", polls < 5 {
                polled = try await service.responseModel(id: queued.id)
                polls += 1
            }
            #expect(polled.status == "completed" && polls == 2)
            #expect(polled.outputText.hasPrefix("Hello from AISandbox!"))

            let other = try await service.responseCreate(ModelResponseParameter(input: .string("Cancel me"), model: .o3, background: true))
            let cancelled = try await service.responseCancel(id: other.id)
            #expect(cancelled.status == "cancelled")
            #expect(sandbox.lastRequest?.path == "/v1/responses/\(other.id)/cancel")
            #expect(try await service.responseModel(id: other.id).status == "cancelled")
            await #expect {
                _ = try await service.responseCancel(id: queued.id.replacingOccurrences(of: "resp", with: "nope"))
            } throws: { ($0 as? APIError)?.kind == .notFound }
        }
    }

    @Test("max_output_tokens makes an incomplete response")
    func incomplete() async throws {
        try await withService { _, service in
            let response = try await service.responseCreate(
                ModelResponseParameter(input: .string("one two three four five six"), model: .gpt4oMini, maxOutputTokens: 3))
            #expect(response.status == "incomplete")
            #expect(response.incompleteDetails?.reason == "max_output_tokens")
            #expect(response.outputText == "Hello from AISandbox!")
        }
    }

    @Test("the streamed response equals the plain one at many chunkings", arguments: [
        SandboxBehavior.Splitting.none, .every(3), .every(17), .every(256), .random(seed: 7, maxSize: 40),
    ])
    func streamEqualsPlain(splitting: SandboxBehavior.Splitting) async throws {
        try await withService { sandbox, service in
            let parameters = ModelResponseParameter(
                input: .string("Stream this please"), model: .gpt5Mini, reasoning: .init(effort: "medium", summary: "auto"))
            let plain = try await service.responseCreate(parameters)
            sandbox.enqueue(.split(splitting, interval: 0.0002), path: "/v1/responses")
            var types: [String] = []
            var deltas = ""
            let streamed = try await service.responseCreateStream(parameters).accumulate { event in
                types.append(event.type)
                if case .outputTextDelta(let delta) = event { deltas += delta.delta }
            }
            #expect(sandbox.lastRequest?.json?["stream"] as? Bool == true)
            #expect(sandbox.lastRequest?.header("accept") == "text/event-stream")
            #expect(streamed.outputText == plain.outputText)
            #expect(deltas == plain.outputText)
            #expect(streamed.status == "completed")
            #expect(types.first == "response.created" && types.last == "response.completed")
            #expect(types.contains("response.reasoning_summary_text.delta"))
            #expect(!types.contains { $0 == "unknown" })
        }
    }

    @Test("function call arguments arrive in deltas and accumulate into the call")
    func streamedFunctionCall() async throws {
        try await withService { _, service in
            let tool = ModelResponseParameter.Tool.function(
                name: "lookup", parameters: ["type": "object", "properties": ["city": ["type": "string"], "days": ["type": "integer"]]])
            var argumentDeltas: [String] = []
            var accumulator = ResponseStreamAccumulator()
            for try await event in try await service.responseCreateStream(
                ModelResponseParameter(input: .string("Weather?"), model: .gpt4o, tools: [tool]))
            {
                if case .functionCallArgumentsDelta(let delta) = event { argumentDeltas.append(delta.delta) }
                accumulator.add(event)
                if case .functionCallArgumentsDone = event {
                    // Before the final event the call is assembled from deltas alone.
                    #expect(accumulator.response?.functionCalls.first?.arguments == argumentDeltas.joined())
                }
            }
            #expect(argumentDeltas.count > 1)
            let call = try #require(accumulator.response?.functionCalls.first)
            #expect(call.arguments == argumentDeltas.joined())
            #expect(call.arguments == #"{"city":"sandbox city","days":2}"#)
            #expect(accumulator.isComplete)
        }
    }

    @Test("every event type of the spec decodes into its case; an unknown type is yielded and the stream goes on")
    func everyEventKind() async throws {
        var body = ""
        var expected: [String] = []
        for (index, fixture) in Self.eventFixtures().enumerated() {
            var object = fixture.fields
            object["type"] = fixture.type
            object["sequence_number"] = index
            let json = String(decoding: try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys]), as: UTF8.self)
            body += "event: \(fixture.type)\ndata: \(json)\n\n"
            expected.append(fixture.type)
            if index == 10 {
                body += "event: response.future_event\ndata: {\"type\":\"response.future_event\",\"sequence_number\":999,\"novel\":[1,2]}\n\n"
                expected.append("response.future_event")
            }
        }
        let completed = #"{"type":"response.completed","sequence_number":100,"response":{"id":"resp_1","object":"response","created_at":1,"status":"completed","model":"m","output":[]}}"#
        body += "event: response.completed\ndata: \(completed)\n\n"
        expected.append("response.completed")
        try await withService { sandbox, service in
            sandbox.enqueue(.raw(200, body: body, contentType: "text/event-stream"), path: "/v1/responses")
            var received: [ResponseStreamEvent] = []
            for try await event in try await service.responseCreateStream(ModelResponseParameter(input: .string("x"), model: .gpt4o)) {
                received.append(event)
            }
            #expect(received.map(\.type) == expected)
            let unknown = received.filter { if case .unknown = $0 { true } else { false } }
            #expect(unknown.count == 1)
            if case .unknown(let type, let raw) = unknown.first {
                #expect(type == "response.future_event" && raw["novel"] == [1, 2])
            }
            #expect(Set(received.map(\.type)).isSubset(of: ResponseStreamEvent.knownTypes.union(["response.future_event"])))
            #expect(ResponseStreamEvent.knownTypes.count == 58)
            // Spot-check payloads.
            for event in received {
                switch event {
                case .outputTextDone(let done): #expect(done.text == "Hello")
                case .refusalDone(let done): #expect(done.text == "No")
                case .functionCallArgumentsDone(let done): #expect(done.text == "{}" && done.name == "f")
                case .codeInterpreterCallCodeDone(let done): #expect(done.text == "print(1)")
                case .customToolCallInputDone(let done): #expect(done.text == "raw input")
                case .imageGenerationCallPartialImage(let image): #expect(image.imageData == Data("png".utf8))
                case .outputTextAnnotationAdded(let added): #expect(added.annotation?.url == "https://example.com")
                case .outputItemDone(let done):
                    if case .message(let message) = done.item { #expect(message.text == "Hello") } else { Issue.record("message item expected") }
                default: break
                }
            }
            // Events re-encode to JSON with their type.
            let encoded = try JSONEncoder().encode(received[11])
            #expect(try JSONDecoder().decode(ResponseStreamEvent.self, from: encoded).type == received[11].type)
        }
    }

    @Test("an error event throws APIError after the events before it")
    func errorEvent() async throws {
        try await withService { sandbox, service in
            sandbox.enqueue(SandboxBehavior(errorType: "rate_limit_exceeded", errorMessage: "Slow down", streamErrorAfterEvents: 4), path: "/v1/responses")
            var types: [String] = []
            await #expect {
                for try await event in try await service.responseCreateStream(ModelResponseParameter(input: .string("hello"), model: .gpt4o)) {
                    types.append(event.type)
                }
            } throws: { error in
                guard let error = error as? APIError else { return false }
                return error.kind == .rateLimited && error.code == "rate_limit_exceeded" && error.message == "Slow down"
                    && error.requestID != nil
            }
            #expect(types == ["response.created", "response.in_progress", "response.output_item.added", "response.content_part.added"])
        }
    }

    @Test("a stream cut before response.completed throws, keeping what arrived")
    func truncatedStream() async throws {
        try await withService { sandbox, service in
            sandbox.enqueue(SandboxBehavior(omitDone: true), path: "/v1/responses")
            var accumulator = ResponseStreamAccumulator()
            await #expect {
                for try await event in try await service.responseCreateStream(ModelResponseParameter(input: .string("abc def"), model: .gpt4o)) {
                    accumulator.add(event)
                }
            } throws: { ($0 as? APIError)?.kind == .connection }
            #expect(!accumulator.isComplete)
            #expect(accumulator.outputText == "Hello from AISandbox! You said: abc def")
        }
    }

    @Test("a malformed event throws a decoding error with the payload")
    func malformedEvent() async throws {
        try await withService { sandbox, service in
            sandbox.enqueue(.malformed, path: "/v1/responses")
            await #expect {
                for try await _ in try await service.responseCreateStream(ModelResponseParameter(input: .string("x"), model: .gpt4o)) {}
            } throws: { error in
                guard let error = error as? APIError else { return false }
                // The sandbox cuts the second event (response.in_progress) in half, keeping its event name.
                return error.kind == .decoding && error.rawBody.map { String(decoding: $0, as: UTF8.self).hasPrefix(#"{"response":"#) } == true
            }
        }
    }

    @Test("a streamed background response can be streamed again from a sequence number")
    func retrieveStream() async throws {
        try await withService { sandbox, service in
            let response = try await service.responseCreate(ModelResponseParameter(input: .string("again"), model: .gpt4o))
            var types: [String] = []
            let again = try await service.responseRetrieveStream(id: response.id, startingAfter: 2).accumulate { types.append($0.type) }
            #expect(sandbox.lastRequest?.queryValue("stream") == "true" && sandbox.lastRequest?.queryValue("starting_after") == "2")
            #expect(types.first == "response.content_part.added")
            #expect(again.outputText == response.outputText)
        }
    }

    @Test("Azure routes: v1 with api-version and api-key, the preview route, 401 without a key")
    func azure() async throws {
        let sandbox = try await startSandbox()
        defer { Task { try? await sandbox.shutdown() } }
        let v1 = OpenAIServiceFactory.service(
            azureConfiguration: AzureOpenAIConfiguration(endpoint: sandbox.baseURL, openAIAPIKey: .apiKey("azure-key"), apiVersion: "preview", routing: .v1))
        let response = try await v1.responseCreate(ModelResponseParameter(input: .string("Hi Azure"), model: "my-deployment"))
        #expect(response.outputText == "Hello from AISandbox! You said: Hi Azure")
        let request = try #require(sandbox.lastRequest)
        #expect(request.path == "/openai/v1/responses" && request.queryValue("api-version") == "preview")
        #expect(request.header("api-key") == "azure-key" && request.header("authorization") == nil)
        let streamed = try await v1.responseCreateStream(ModelResponseParameter(input: .string("Hi Azure"), model: "my-deployment")).accumulate()
        #expect(streamed.outputText == response.outputText)
        #expect(try await v1.responseModel(id: response.id).id == response.id)
        #expect(sandbox.lastRequest?.path == "/openai/v1/responses/\(response.id)")

        let classic = OpenAIServiceFactory.service(
            azureConfiguration: AzureOpenAIConfiguration(endpoint: sandbox.baseURL, openAIAPIKey: .bearerToken("entra"), apiVersion: "2025-04-01-preview"))
        _ = try await classic.responseCreate(ModelResponseParameter(input: .string("x"), model: "my-deployment"))
        #expect(sandbox.lastRequest?.path == "/openai/responses" && sandbox.lastRequest?.queryValue("api-version") == "2025-04-01-preview")
        #expect(sandbox.lastRequest?.header("authorization") == "Bearer entra")

        let keyless = OpenAIServiceFactory.service(
            azureConfiguration: AzureOpenAIConfiguration(endpoint: sandbox.baseURL, openAIAPIKey: .apiKey(""), apiVersion: "preview", routing: .v1))
        await #expect {
            _ = try await keyless.responseCreate(ModelResponseParameter(input: .string("x"), model: "my-deployment"))
        } throws: { ($0 as? APIError)?.statusCode == 401 }
        let badVersion = OpenAIServiceFactory.service(
            azureConfiguration: AzureOpenAIConfiguration(endpoint: sandbox.baseURL, openAIAPIKey: .apiKey("k"), apiVersion: "1999-01-01", routing: .v1))
        await #expect {
            _ = try await badVersion.responseCreate(ModelResponseParameter(input: .string("x"), model: "my-deployment"))
        } throws: { ($0 as? APIError)?.statusCode == 400 }
    }

    @Test("output items round-trip through Codable, unknown items included")
    func outputItemsRoundTrip() throws {
        let json = #"""
            {"id":"resp_9","object":"response","created_at":1700000000,"status":"completed","model":"gpt-4o","output":[
             {"type":"message","id":"msg_1","role":"assistant","status":"completed","content":[
               {"type":"output_text","text":"See [1]","annotations":[{"type":"url_citation","url":"https://a.b","title":"A","start_index":4,"end_index":7},{"type":"file_citation","file_id":"file-1","filename":"f.pdf","index":2}],"logprobs":[]},
               {"type":"refusal","refusal":"no"}]},
             {"type":"web_search_call","id":"ws_1","status":"completed","action":{"type":"search","query":"q"}},
             {"type":"file_search_call","id":"fs_1","status":"completed","queries":["q"],"results":[{"file_id":"file-1","filename":"f.pdf","text":"t","score":0.5}]},
             {"type":"image_generation_call","id":"ig_1","status":"completed","result":"cG5n"},
             {"type":"code_interpreter_call","id":"ci_1","status":"completed","container_id":"cntr_1","code":"1+1","outputs":[{"type":"logs","logs":"2"}]},
             {"type":"mcp_call","id":"mcp_1","server_label":"docs","name":"search","arguments":"{}","output":"ok"},
             {"type":"mcp_list_tools","id":"mcpl_1","server_label":"docs","tools":[{"name":"search","input_schema":{}}]},
             {"type":"mcp_approval_request","id":"mcpr_1","server_label":"docs","name":"delete","arguments":"{}"},
             {"type":"custom_tool_call","id":"ct_1","call_id":"call_1","name":"grammar","input":"x"},
             {"type":"computer_call","id":"cu_1","call_id":"call_2","action":{"type":"click","x":1,"y":2},"pending_safety_checks":[],"status":"completed"}
            ],"usage":{"input_tokens":10,"input_tokens_details":{"cached_tokens":4},"output_tokens":5,"output_tokens_details":{"reasoning_tokens":1},"total_tokens":15}}
            """#
        let response = try JSONDecoder().decode(ResponseModel.self, from: Data(json.utf8))
        #expect(response.output.map(\.type) == [
            "message", "web_search_call", "file_search_call", "image_generation_call", "code_interpreter_call", "mcp_call",
            "mcp_list_tools", "mcp_approval_request", "custom_tool_call", "computer_call",
        ])
        guard case .message(let message) = response.output[0], case .outputText(let text) = message.content[0],
            case .refusal(let refusal) = message.content[1]
        else {
            Issue.record("message parts")
            return
        }
        #expect(text.annotations.map(\.type) == ["url_citation", "file_citation"])
        #expect(text.annotations[0].startIndex == 4 && text.annotations[1].filename == "f.pdf")
        #expect(refusal == "no")
        if case .imageGenerationCall(let image) = response.output[3] { #expect(image.imageData == Data("png".utf8)) }
        if case .unknown(let type, let raw) = response.output[9] { #expect(type == "computer_call" && raw["call_id"] == "call_2") }
        #expect(response.usage?.inputTokensDetails?.cachedTokens == 4)
        let again = try JSONDecoder().decode(ResponseModel.self, from: JSONEncoder().encode(response))
        #expect(again.output.map(\.type) == response.output.map(\.type))
        #expect(again.outputText == "See [1]")
    }

    /// One payload per event type of the spec (written from the OpenAPI schemas, not from the SDK).
    static func eventFixtures() -> [(type: String, fields: [String: Any])] {
        let response: [String: Any] = ["id": "resp_1", "object": "response", "created_at": 1, "status": "in_progress", "model": "m", "output": [Any]()]
        let item: [String: Any] = ["type": "message", "id": "msg_1", "role": "assistant", "status": "completed", "content": [["type": "output_text", "text": "Hello", "annotations": [Any]()]]]
        let textPart: [String: Any] = ["type": "output_text", "text": "", "annotations": [Any]()]
        let base: [String: Any] = ["item_id": "msg_1", "output_index": 0, "content_index": 0]
        let progress: [String: Any] = ["item_id": "x_1", "output_index": 1]
        func with(_ extra: [String: Any], _ fields: [String: Any] = base) -> [String: Any] { fields.merging(extra) { $1 } }
        return [
            ("response.created", ["response": response]),
            ("response.queued", ["response": response]),
            ("response.in_progress", ["response": response]),
            ("response.output_item.added", ["output_index": 0, "item": item]),
            ("response.content_part.added", with(["part": textPart])),
            ("response.output_text.delta", with(["delta": "Hel", "logprobs": [Any]()])),
            ("response.output_text.annotation.added", with(["annotation_index": 0, "annotation": ["type": "url_citation", "url": "https://example.com", "title": "E", "start_index": 0, "end_index": 1]])),
            ("response.output_text.done", with(["text": "Hello", "logprobs": [Any]()])),
            ("response.content_part.done", with(["part": textPart])),
            ("response.refusal.delta", with(["delta": "N"])),
            ("response.refusal.done", with(["refusal": "No"])),
            ("response.output_item.done", ["output_index": 0, "item": item]),
            ("response.function_call_arguments.delta", ["item_id": "fc_1", "output_index": 1, "delta": "{"]),
            ("response.function_call_arguments.done", ["item_id": "fc_1", "output_index": 1, "name": "f", "arguments": "{}"]),
            ("response.reasoning_summary_part.added", ["item_id": "rs_1", "output_index": 2, "summary_index": 0, "part": ["type": "summary_text", "text": ""]]),
            ("response.reasoning_summary_text.delta", ["item_id": "rs_1", "output_index": 2, "summary_index": 0, "delta": "Think"]),
            ("response.reasoning_summary_text.done", ["item_id": "rs_1", "output_index": 2, "summary_index": 0, "text": "Think"]),
            ("response.reasoning_summary_part.done", ["item_id": "rs_1", "output_index": 2, "summary_index": 0, "part": ["type": "summary_text", "text": "Think"]]),
            ("response.reasoning_text.delta", ["item_id": "rs_1", "output_index": 2, "content_index": 0, "delta": "r"]),
            ("response.reasoning_text.done", ["item_id": "rs_1", "output_index": 2, "content_index": 0, "text": "r"]),
            ("response.file_search_call.in_progress", progress),
            ("response.file_search_call.searching", progress),
            ("response.file_search_call.completed", progress),
            ("response.web_search_call.in_progress", progress),
            ("response.web_search_call.searching", progress),
            ("response.web_search_call.completed", progress),
            ("response.image_generation_call.in_progress", progress),
            ("response.image_generation_call.generating", progress),
            ("response.image_generation_call.partial_image", with(["partial_image_index": 0, "partial_image_b64": "cG5n", "size": "1024x1024"], progress)),
            ("response.image_generation_call.completed", progress),
            ("response.code_interpreter_call.in_progress", progress),
            ("response.code_interpreter_call.interpreting", progress),
            ("response.code_interpreter_call_code.delta", with(["delta": "print("], progress)),
            ("response.code_interpreter_call_code.done", with(["code": "print(1)"], progress)),
            ("response.code_interpreter_call.completed", progress),
            ("response.mcp_list_tools.in_progress", progress),
            ("response.mcp_list_tools.completed", progress),
            ("response.mcp_list_tools.failed", progress),
            ("response.mcp_call.in_progress", progress),
            ("response.mcp_call_arguments.delta", with(["delta": "{"], progress)),
            ("response.mcp_call_arguments.done", with(["arguments": "{}"], progress)),
            ("response.mcp_call.completed", progress),
            ("response.mcp_call.failed", progress),
            ("response.custom_tool_call_input.delta", with(["delta": "raw"], progress)),
            ("response.custom_tool_call_input.done", with(["input": "raw input"], progress)),
            ("response.shell_call_command.added", ["output_index": 1, "command_index": 0, "command": "ls"]),
            ("response.shell_call_command.delta", ["output_index": 1, "command_index": 0, "delta": " -l", "obfuscation": "x"]),
            ("response.shell_call_command.done", ["output_index": 1, "command_index": 0, "command": "ls -l"]),
            ("response.shell_call_output_content.delta", ["item_id": "sh_1", "output_index": 1, "command_index": 0, "delta": ["stdout": "a"]]),
            ("response.shell_call_output_content.done", ["item_id": "sh_1", "output_index": 1, "command_index": 0, "output": [["stdout": "a", "stderr": "", "outcome": ["type": "exit", "exit_code": 0]]]]),
            ("response.audio.delta", ["delta": "AAAA"]),
            ("response.audio.done", [:]),
            ("response.audio.transcript.delta", ["delta": "hi"]),
            ("response.audio.transcript.done", [:]),
            ("response.failed", ["response": response.merging(["status": "failed", "error": ["code": "server_error", "message": "boom"]]) { $1 }]),
            ("response.incomplete", ["response": response.merging(["status": "incomplete", "incomplete_details": ["reason": "max_output_tokens"]]) { $1 }]),
        ]
    }
}
