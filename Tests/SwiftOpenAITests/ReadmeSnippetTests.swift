import AICore
import AISandbox
import Foundation
import SwiftOpenAI
import Testing

// The SwiftOpenAI snippets of README.md, copied line for line and run against the sandbox. A line that has to
// differ (the service comes from the sandbox, a file goes to a temporary folder, a batch is polled without the
// real API's pause) says which README line it stands for in a `// README:` comment; ReadmeSnippetCoverageTests
// checks every other line against the README. `print` is shadowed by a function that collects what the snippet
// prints, so the tests can assert on it.

/// What a snippet printed, collected by a `print` with the standard library's signature.
final class PrintedText: Sendable {
    private let text = LockedValue("")

    func print(_ items: [Any], separator: String, terminator: String) {
        let line = items.map { "\($0)" }.joined(separator: separator) + terminator
        text.withLock { $0 += line }
    }

    var value: String { text.current }
}

@Suite("README snippets")
struct ReadmeSnippetTests {
    @Test("chat, streaming, tools, embeddings and moderations, and the rate-limit catch")
    func chatTour() async throws {
        try await withService { sandbox, sandboxService in
            let printed = PrintedText()
            @Sendable func print(_ items: Any..., separator: String = " ", terminator: String = "\n") {
                printed.print(items, separator: separator, terminator: terminator)
            }

            let service = sandboxService  // README: let service = OpenAIServiceFactory.service(apiKey: "sk-…")

            // Chat
            let parameters = ChatCompletionParameters(
                messages: [.init(role: .user, content: .text("Tell me a joke"))],
                model: .gpt4oMini)
            let completion = try await service.startChat(parameters: parameters)
            print(completion.choices.first?.message.content ?? "")

            // Streaming: print tokens as they arrive, then use the assembled message
            let stream = try await service.startStreamedChat(parameters: parameters)
            let result = try await stream.accumulate { chunk in
                print(chunk.choices.first?.delta.content ?? "", terminator: "")
            }
            print(result.content, result.usage?.totalTokens ?? 0)

            let answer = "Hello from AISandbox! You said: Tell me a joke"
            #expect(completion.choices.first?.message.content == answer)
            #expect(printed.value == "\(answer)\n\(answer)\(answer) \(result.usage?.totalTokens ?? 0)\n")

            let weather = ChatCompletionParameters.Tool(
                function: .init(
                    name: "get_weather", description: "Current weather for a city",
                    parameters: .init(
                        type: .object,
                        properties: ["city": .init(type: .string, description: "City name")],
                        required: ["city"], additionalProperties: false),
                    strict: true))
            let call = try await service.startStreamedChat(
                parameters: .init(messages: [.init(role: .user, content: .text("Weather in Lisbon?"))],
                                  model: .gpt4oMini, tools: [weather])
            ).accumulate().toolCalls.first
            print(call?.function.name ?? "", call?.function.arguments ?? "")
            #expect(printed.value.hasSuffix(#"get_weather {"city":"sandbox city"}"# + "\n"))

            let vectors = try await service.createEmbeddings(
                parameters: .init(model: .textEmbedding3Small, inputs: ["a", "b"], encodingFormat: .base64))
            let moderation = try await service.createModerationFromText(parameters: .init(input: "some text"))
            #expect(vectors.data.count == 2 && vectors.data.allSatisfy { !$0.embedding.isEmpty })
            #expect(moderation.results.first?.flagged == false)

            // Six 429s: the first try and the five retries the options allow, so the snippet's catch runs.
            for _ in 0..<6 {
                sandbox.enqueue(.status(429, message: "Slow down", retryAfter: 0), path: "/chat/completions")
            }
            let before = printed.value
            do {
                _ = try await service.startChat(parameters: parameters, options: RequestOptions(timeout: 30, maxRetries: 5))
            } catch let error as APIError where error.kind == .rateLimited {
                print(error.message, error.requestID ?? "", error.retryAfter ?? 0)
            }
            let caught = String(printed.value.dropFirst(before.count))
            #expect(caught.hasPrefix("Slow down req_") && caught.hasSuffix(" 0.0\n"), "\(caught)")
            #expect(sandbox.requests.filter { $0.path.hasSuffix("/chat/completions") }.count == 3 + 6)
        }
    }

    @Test("the Responses API snippet: reasoning, a streamed answer, a function call answered, tokens, compaction")
    func responses() async throws {
        try await withService { sandbox, service in
            let printed = PrintedText()
            @Sendable func print(_ items: Any..., separator: String = " ", terminator: String = "\n") {
                printed.print(items, separator: separator, terminator: terminator)
            }
            let tools: [ModelResponseParameter.Tool] = [
                .function(name: "sum", parameters: ["type": "object", "properties": ["a": ["type": "integer"]]]),
            ]
            let parameters = ModelResponseParameter(input: .string("Tell me a story"), model: .gpt4o)
            sandbox.enqueue(.answer(.toolCalls(["sum"])), path: "/responses")   // the first answer calls `sum`

            let response = try await service.responseCreate(ModelResponseParameter(
                input: .string("Explain BFS vs DFS"), model: .o4Mini,
                reasoning: .init(effort: "low", summary: "auto"), text: .init(verbosity: "low")))
            print(response.outputText, response.usage?.outputTokensDetails?.reasoningTokens ?? 0)
            #expect(printed.value == " \(response.usage?.outputTokensDetails?.reasoningTokens ?? 0)\n")
            #expect(sandbox.lastRequest?.json?["reasoning"] as? [String: String] == ["effort": "low", "summary": "auto"])

            // Streaming: 58 typed events (an unknown type arrives as .unknown and never ends the stream);
            // accumulate returns the final response, and an `error` event is thrown as APIError.
            let streamed = try await service.responseCreateStream(parameters).accumulate { event in
                if case .outputTextDelta(let delta) = event { print(delta.delta, terminator: "") }
            }
            #expect(streamed.outputText == "Hello from AISandbox! You said: Tell me a story")
            #expect(printed.value.hasSuffix(streamed.outputText))

            // Function calls: answer with function_call_output items, continuing the stored response
            let call = response.functionCalls[0]
            let next = try await service.responseCreate(ModelResponseParameter(
                input: .array([.functionCallOutput(.init(callId: call.callId, output: #"{"result": 4}"#))]),
                model: .o4Mini, previousResponseId: response.id, tools: tools))
            #expect(call.name == "sum")
            #expect(next.outputText.hasSuffix(#"returned: {"result": 4}"#))
            #expect(sandbox.lastRequest?.json?["previous_response_id"] as? String == response.id)

            // Count a request's input tokens before sending it; compact a long conversation and go on from its output
            let tokens = try await service.responseInputTokens(ResponseInputTokensParameter(parameters)).inputTokens
            let compacted = try await service.responseCompact(ResponseCompactParameter(model: "gpt-5", previousResponseId: next.id))
            let goOn = ModelResponseParameter(input: .array(compacted.inputItems + [.message(.init(role: "user", text: "Go on"))]), model: .gpt4o)
            #expect(tokens > 0)
            #expect(try await service.responseCreate(goOn).status == "completed")
        }
    }

    @Test("the audio, images, files, batches and assistants snippet")
    func endpointsTour() async throws {
        try await withService { _, service in
            let printed = PrintedText()
            @Sendable func print(_ items: Any..., separator: String = " ", terminator: String = "\n") {
                printed.print(items, separator: separator, terminator: terminator)
            }
            final class Player: @unchecked Sendable {
                var received = Data()
                func enqueue(_ chunk: Data) { received.append(chunk) }
            }
            let player = Player()
            let audio = Data("SANDBOX-AUDIO:Once upon a time".utf8)
            let url = FileManager.default.temporaryDirectory.appendingPathComponent("readme-\(UUID().uuidString).pdf")
            try Data("%PDF-1.4".utf8).write(to: url)
            defer { try? FileManager.default.removeItem(at: url) }
            let parameters = ChatCompletionParameters(messages: [userMessage("one")], model: .gpt4oMini)
            let other = ChatCompletionParameters(messages: [userMessage("two")], model: .gpt4oMini)
            let assistant = try await service.createAssistant(parameters: AssistantParameters(action: .create(model: "gpt-4o")))
            let thread = try await service.createThread(parameters: CreateThreadParameters(messages: [MessageParameter(role: .user, content: "Hi")]))

            // Speech (bytes as they arrive, all at once, or as events with the token usage: createSpeechEventStream) and transcription
            let speech = AudioSpeechParameters(model: .gpt4oMiniTTS, input: "Once upon a time…", voice: .coral,
                                               responseFormat: .mp3, instructions: "A calm bedtime storyteller")
            for try await chunk in try await service.createSpeechStream(parameters: speech) { player.enqueue(chunk) }
            let text = try await service.createTranscription(parameters: .init(fileName: "tale.m4a", file: audio)).text
            #expect(player.received.prefix(3) == Data("ID3".utf8) && text == "Once upon a time")

            // Images: image Data on every platform; url or b64_json results decoded by imageData(for:)
            let images = try await service.createImages(parameters: .init(prompt: "A watercolor fox", model: .gptImage1, quality: "high"))
            let png = try await service.imageData(for: images.data[0])
            #expect(png.starts(with: [0x89, 0x50, 0x4E, 0x47]))

            // Files, and a large file in parts read from disk
            let file = try await service.uploadLargeFile(at: url, purpose: "user_data", mimeType: "application/pdf") { sent, total in print(sent, total) }
            for try await file in service.allFiles(purpose: "batch") { print(file.id) }   // every page
            #expect(printed.value == "8 8\n")   // the one part's progress; no batch files yet

            // Batches: JSONL written, uploaded, polled, and read back matched to your ids
            let batch = try await service.createChatBatch(requests: [("q1", parameters), ("q2", other)])
            let done = try await service.waitForBatch(id: batch.id, pollInterval: 0.001)  // README: let done = try await service.waitForBatch(id: batch.id)
            for result in try await service.batchResults(of: done, as: ChatCompletionObject.self) {
                print(result.customID, result.body?.choices.first?.message.content ?? result.failure ?? "")
            }
            #expect(printed.value.hasSuffix("q1 Hello from AISandbox! You said: one\nq2 Hello from AISandbox! You said: two\n"))
            #expect(try await service.retrieveFileWith(id: file.id).purpose == "user_data")

            // Assistants v2, streamed
            let stream = try await service.createRunAndStreamMessage(threadID: thread.id, parameters: RunParameter(assistantID: assistant.id))
            for try await event in stream {
                if case .threadMessageDelta(let delta) = event, case .text(let text)? = delta.delta.content.first {
                    print(text.text.value, terminator: "")
                }
            }
            #expect(printed.value.hasSuffix("two\nHello from AISandbox! You said: Hi"))
        }
    }

    @Test("another server through a custom transport and options, and Azure")
    func otherServers() async throws {
        try await Sandbox.withRunning { sandbox in
            let local = OpenAIServiceFactory.service(
                apiKey: "unused", overrideBaseURL: sandbox.baseURL.absoluteString,  // README: apiKey: "unused", overrideBaseURL: "http://127.0.0.1:11434",   // /v1 is appended
                extraHeaders: ["X-Team": "core"],
                transport: URLSessionTransport(),                              // or AsyncHTTPClientTransport(), or your own
                retryPolicy: RetryPolicy(maxRetries: 4), timeout: 120, streamIdleTimeout: 30)
            let models = try await local.listModels()
            #expect(!models.data.isEmpty)
            #expect(sandbox.lastRequest?.path == "/v1/models" && sandbox.lastRequest?.header("X-Team") == "core")

            let messages: [ChatCompletionParameters.Message] = [.init(role: .user, content: .text("Hi Azure"))]
            let azure = OpenAIServiceFactory.service(azureConfiguration: AzureOpenAIConfiguration(
                endpoint: sandbox.baseURL, openAIAPIKey: .apiKey("azure-key"), apiVersion: "2024-10-21"))  // README: resourceName: "my-resource", openAIAPIKey: .apiKey("…"), apiVersion: "2024-10-21"))
            let reply = try await azure.startChat(parameters: .init(messages: messages, model: .custom("my-deployment")))
            #expect(reply.choices.first?.message.content == "Hello from AISandbox! You said: Hi Azure")
            let sent = try #require(sandbox.lastRequest)
            #expect(sent.path == "/openai/deployments/my-deployment/chat/completions" && sent.queryValue("api-version") == "2024-10-21")
            #expect(sent.header("api-key") == "azure-key")
        }
    }

    @Test("the sandbox snippet: a 429 and a dropped connection are retried")
    func sandboxSnippet() async throws {
        let printed = PrintedText()
        @Sendable func print(_ items: Any..., separator: String = " ", terminator: String = "\n") {
            printed.print(items, separator: separator, terminator: terminator)
        }
        let parameters = ChatCompletionParameters(messages: [.init(role: .user, content: .text("hi"))], model: .gpt4oMini)
        var requests: [RecordedRequest] = []
        try await Sandbox.withRunning { sandbox in                   // 127.0.0.1, ephemeral port; shut down after
            let service = OpenAIServiceFactory.service(apiKey: "sk-test", overrideBaseURL: sandbox.baseURL.absoluteString)
            sandbox.enqueue(.status(429, retryAfter: 0.05))          // the next request is rate limited
            sandbox.enqueue(.close(afterEvents: 3), path: "/chat/completions")
            _ = try await service.startChat(parameters: parameters)  // retried, then succeeds
            print(sandbox.requests.last?.jsonBody ?? [:])             // what went over the wire
            requests = sandbox.requests
        }
        #expect(requests.count == 3)
        #expect(requests.last?.jsonBody?["model"]?.string == "gpt-4o-mini")
        #expect(printed.value.contains("gpt-4o-mini"))
    }
}
