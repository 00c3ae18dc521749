import AISandbox
import Foundation
import SwiftOpenAI
import Testing

// The snippets of README.md, run against the sandbox (the service is the sandbox's instead of api.openai.com).

@Suite("README snippets")
struct ReadmeSnippetTests {
    @Test("chat, streaming, tools, embeddings, errors")
    func tour() async throws {
        try await withService { _, service in
            let parameters = ChatCompletionParameters(
                messages: [.init(role: .user, content: .text("Tell me a joke"))],
                model: .gpt4oMini)
            let completion = try await service.startChat(parameters: parameters)
            #expect(completion.choices.first?.message.content != nil)

            let stream = try await service.startStreamedChat(parameters: parameters)
            var printed = ""
            let result = try await stream.accumulate { chunk in
                printed += chunk.choices.first?.delta.content ?? ""
            }
            #expect(printed == result.content)

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
            #expect(call?.function.name == "get_weather")
            #expect(call?.function.arguments == #"{"city":"sandbox city"}"#)

            let vectors = try await service.createEmbeddings(
                parameters: .init(model: .textEmbedding3Small, inputs: ["a", "b"], encodingFormat: .base64))
            #expect(vectors.data.count == 2)
            let moderation = try await service.createModerationFromText(parameters: .init(input: "some text"))
            #expect(moderation.results.first?.flagged == false)

            _ = try await service.startChat(parameters: parameters, options: RequestOptions(timeout: 30, maxRetries: 5))
        }
    }

    @Test("the sandbox snippet")
    func sandboxSnippet() async throws {
        let parameters = ChatCompletionParameters(messages: [.init(role: .user, content: .text("hi"))], model: .gpt4oMini)
        let sandbox = try await Sandbox.start()
        let service = OpenAIServiceFactory.service(
            apiKey: "sk-test", overrideBaseURL: sandbox.baseURL.absoluteString,
            retryPolicy: RetryPolicy(initialDelay: 0.01))
        sandbox.enqueue(.status(429, retryAfter: 0.05))
        sandbox.enqueue(.close(afterEvents: 3), path: "/chat/completions")
        _ = try await service.startChat(parameters: parameters)
        #expect(sandbox.requests.count == 3)
        #expect(sandbox.requests.last?.json?["model"] as? String == "gpt-4o-mini")
        try await sandbox.shutdown()
    }

    @Test("another server through a custom transport and options")
    func customServer() async throws {
        let sandbox = try await Sandbox.start()
        let transport = URLSessionTransport()
        let local = OpenAIServiceFactory.service(
            apiKey: "unused", overrideBaseURL: sandbox.baseURL.absoluteString,
            extraHeaders: ["X-Team": "core"],
            transport: transport,
            retryPolicy: RetryPolicy(maxRetries: 4), timeout: 120, streamIdleTimeout: 30)
        let models = try await local.listModels()
        #expect(!models.data.isEmpty)
        #expect(sandbox.lastRequest?.header("X-Team") == "core")
        try await transport.shutdown()
        try await sandbox.shutdown()
    }

    @Test("the Responses API snippet")
    func responses() async throws {
        try await withService { sandbox, service in
            let tools: [ModelResponseParameter.Tool] = [
                .function(name: "sum", parameters: ["type": "object", "properties": ["a": ["type": "integer"]]]),
            ]
            let parameters = ModelResponseParameter(input: .string("Explain BFS vs DFS"), model: .o4Mini, tools: tools)
            let response = try await service.responseCreate(ModelResponseParameter(
                input: .string("Explain BFS vs DFS"), model: .o4Mini,
                reasoning: .init(effort: "low", summary: "auto"), text: .init(verbosity: "low")))
            #expect(response.outputText == "Hello from AISandbox! You said: Explain BFS vs DFS")
            var printed = ""
            let streamed = try await service.responseCreateStream(parameters).accumulate { event in
                if case .outputTextDelta(let delta) = event { printed += delta.delta }
            }
            #expect(printed == streamed.outputText)
            let withCall = try await service.responseCreate(parameters)
            let call = withCall.functionCalls[0]
            let next = try await service.responseCreate(ModelResponseParameter(
                input: .array([.functionCallOutput(.init(callId: call.callId, output: #"{"result": 4}"#))]),
                model: .o4Mini, previousResponseId: withCall.id, tools: tools))
            #expect(next.outputText.hasSuffix(#"returned: {"result": 4}"#))
            #expect(sandbox.lastRequest?.json?["previous_response_id"] as? String == withCall.id)

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
            final class Player: @unchecked Sendable {
                var received = Data()
                func enqueue(_ chunk: Data) { received.append(chunk) }
            }
            let player = Player()
            let audio = Data("SANDBOX-AUDIO:Once upon a time".utf8)
            let speech = AudioSpeechParameters(model: .gpt4oMiniTTS, input: "Once upon a time…", voice: .coral,
                                               responseFormat: .mp3, instructions: "A calm bedtime storyteller")
            for try await chunk in try await service.createSpeechStream(parameters: speech) { player.enqueue(chunk) }
            let text = try await service.createTranscription(parameters: .init(fileName: "tale.m4a", file: audio)).text
            #expect(player.received.prefix(3) == Data("ID3".utf8) && text == "Once upon a time")

            let images = try await service.createImages(parameters: .init(prompt: "A watercolor fox", model: .gptImage1, quality: "high"))
            let png = try await service.imageData(for: images.data[0])
            #expect(png.starts(with: [0x89, 0x50, 0x4E, 0x47]))

            let url = FileManager.default.temporaryDirectory.appendingPathComponent("readme-\(UUID().uuidString).pdf")
            try Data("%PDF-1.4".utf8).write(to: url)
            defer { try? FileManager.default.removeItem(at: url) }
            let file = try await service.uploadLargeFile(at: url, purpose: "user_data", mimeType: "application/pdf") { sent, total in _ = (sent, total) }
            var ids: [String] = []
            for try await file in service.allFiles(purpose: "user_data") { ids.append(file.id) }
            #expect(ids == [file.id])

            let parameters = ChatCompletionParameters(messages: [userMessage("one")], model: .gpt4oMini)
            let other = ChatCompletionParameters(messages: [userMessage("two")], model: .gpt4oMini)
            let batch = try await service.createChatBatch(requests: [("q1", parameters), ("q2", other)])
            let done = try await service.waitForBatch(id: batch.id, pollInterval: 0.001)
            var answers: [String] = []
            for result in try await service.batchResults(of: done, as: ChatCompletionObject.self) {
                answers.append("\(result.customID) \(result.body?.choices.first?.message.content ?? result.failure ?? "")")
            }
            #expect(answers == ["q1 Hello from AISandbox! You said: one", "q2 Hello from AISandbox! You said: two"])

            let assistant = try await service.createAssistant(parameters: AssistantParameters(action: .create(model: "gpt-4o")))
            let thread = try await service.createThread(parameters: CreateThreadParameters(messages: [MessageParameter(role: .user, content: "Hi")]))
            var printed = ""
            let stream = try await service.createRunAndStreamMessage(threadID: thread.id, parameters: RunParameter(assistantID: assistant.id))
            for try await event in stream {
                if case .threadMessageDelta(let delta) = event, case .text(let text)? = delta.delta.content.first {
                    printed += text.text.value
                }
            }
            #expect(printed == "Hello from AISandbox! You said: Hi")
        }
    }
}
