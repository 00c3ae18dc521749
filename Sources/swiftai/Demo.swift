import AISandbox
import ArgumentParser
import Foundation
import InfiniteStoriesSandbox
import SwiftAnthropic
import SwiftOpenAI

extension SwiftAICommand {
    struct Demo: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Walk through chat, streaming, tool calls, embeddings, retries, Anthropic, the Responses API, a narrated, illustrated bedtime story, structured outputs, the tool runner and a Realtime session against the built-in sandbox (offline, no key).")

        func run() async throws {
            // The story step needs stories: the story app registers its answers on the sandbox.
            let sandbox = try await AISandbox.Sandbox.start(answerer: .stories)
            out("""
                SwiftAI demo — everything below talks to AISandbox, a local OpenAI-compatible server
                at \(sandbox.baseURL.absoluteString) started by this command. No network, no API key, no cost.

                """)
            let service = OpenAIServiceFactory.service(
                apiKey: "sk-sandbox-demo", overrideBaseURL: sandbox.baseURL.absoluteString,
                retryPolicy: RetryPolicy(maxRetries: 2, initialDelay: 0.2))
            do {
                try await plainChat(service)
                try await streamedChat(service)
                try await toolRoundTrip(service)
                try await embeddings(service)
                try await retries(service, sandbox: sandbox)
                try await anthropic(sandbox)
                try await responses(service)
                try await bedtimeStory(service)
                try await structuredOutput(service, sandbox: sandbox)
                try await toolRunner(service)
                try await realtime(service)
            } catch {
                try? await sandbox.shutdown()
                throw error
            }
            try await sandbox.shutdown()
            out("Done: \(sandbox.requests.count) requests served by the sandbox.")
        }

        private func anthropic(_ sandbox: AISandbox.Sandbox) async throws {
            step("6. Anthropic: streamed message with thinking, then a tool call")
            let claude = AnthropicServiceFactory.service(apiKey: "sk-ant-sandbox-demo", basePath: sandbox.baseURL.absoluteString)
            let question = MessageParameter.Message(role: .user, content: "Say hello to the demo")
            let stream = try await claude.streamMessage(
                .init(model: .claudeSonnet45, messages: [question], maxTokens: 512, thinking: .enabled(budgetTokens: 1024)))
            out("claude: ", terminator: "")
            let message = try await stream.accumulate { out($0, terminator: "") }
            out()
            if case .thinking(let thinking, let signature) = message.content.first {
                out("thinking: \(thinking) [signature \(signature)]")
            }
            let weather = MessageParameter.Tool(
                name: "get_weather", description: "Current weather",
                inputSchema: .init(type: .object, properties: ["location": .init(type: .string)], required: ["location"]))
            let call = try await claude.streamMessage(
                .init(model: .claudeSonnet45, messages: [.init(role: .user, content: "Weather in Oslo?")], maxTokens: 512, tools: [weather])
            ).accumulate().toolUses.first
            out("claude called \(call?.name ?? "?") with input assembled from input_json_delta fragments: \(call?.inputJSON ?? "-")")
            let tokens = try await claude.countTokens(parameter: .init(model: .claudeSonnet45, messages: [question]))
            out("count_tokens: \(tokens.inputTokens) input tokens\n")
        }

        private func responses(_ service: any OpenAIService) async throws {
            step("7. Responses API: streamed reasoning and text, a function call answered, then stored and deleted")
            var summary = ""
            let response = try await service.responseCreateStream(
                ModelResponseParameter(
                    input: .string("Say hello to the demo"), model: .o4Mini, reasoning: .init(effort: "low", summary: "auto"))
            ).accumulate { event in
                switch event {
                case .reasoningSummaryTextDelta(let delta): summary += delta.delta
                case .outputTextDelta(let delta):
                    if summary.isEmpty == false {
                        out("reasoning summary: \(summary)")
                        summary = ""
                        out("text: ", terminator: "")
                    }
                    out(delta.delta, terminator: "")
                default: break
                }
            }
            out("\n\(response.id): \(response.status ?? "?"), \(response.usage?.outputTokensDetails?.reasoningTokens ?? 0) reasoning tokens")
            let tool = ModelResponseParameter.Tool.function(
                name: "get_time", description: "Current time in a city",
                parameters: ["type": "object", "properties": ["city": ["type": "string"]], "required": ["city"]], strict: true)
            let first = try await service.responseCreate(ModelResponseParameter(input: .string("Time in Oslo?"), model: .gpt4o, tools: [tool]))
            guard let call = first.functionCalls.first else { return }
            out("model called \(call.name)(\(call.arguments))")
            let answer = try await service.responseCreate(
                ModelResponseParameter(
                    input: .array([.functionCallOutput(.init(callId: call.callId, output: #"{"time":"09:00"}"#))]), model: .gpt4o,
                    previousResponseId: first.id, tools: [tool]))
            out("answer: \(answer.outputText)")
            let deleted = try await service.responseDelete(id: answer.id)
            out("deleted \(deleted.id): \(deleted.deleted)\n")
        }

        func step(_ title: String) {
            out("── \(title) " + String(repeating: "─", count: max(0, 60 - title.count)))
        }

        private func plainChat(_ service: any OpenAIService) async throws {
            step("1. Chat completion")
            let prompt = "Tell me a joke about Swift"
            out("user: \(prompt)")
            let completion = try await service.startChat(
                parameters: .init(messages: [.init(role: .user, content: .text(prompt))], model: .gpt4oMini))
            out("assistant: \(completion.choices.first?.message.content ?? "")")
            out("usage: \(completion.usage.promptTokens) prompt + \(completion.usage.completionTokens) completion tokens\n")
        }

        private func streamedChat(_ service: any OpenAIService) async throws {
            step("2. Streamed chat (tokens printed as they arrive)")
            let parameters = ChatCompletionParameters(
                messages: [.init(role: .user, content: .text("Stream a short greeting"))], model: .gpt4oMini,
                streamOptions: .init(includeUsage: true))
            out("assistant: ", terminator: "")
            let result = try await service.startStreamedChat(parameters: parameters).accumulate { chunk in
                if let text = chunk.choices.first?.delta.content {
                    out("\(text)|", terminator: "")
                }
            }
            out("\n\(result.chunkCount) chunks, finish reason \(result.finishReason?.description ?? "-"), \(result.usage?.totalTokens ?? 0) tokens\n")
        }

        private func toolRoundTrip(_ service: any OpenAIService) async throws {
            step("3. Tool call round trip")
            let tool = ChatCompletionParameters.Tool(
                function: .init(
                    name: "get_weather", description: "Current weather for a city",
                    parameters: .init(
                        type: .object, properties: ["city": .init(type: .string, description: "City name")],
                        required: ["city"], additionalProperties: false),
                    strict: true))
            var messages: [ChatCompletionParameters.Message] = [.init(role: .user, content: .text("What's the weather in Lisbon?"))]
            let first = try await service.startStreamedChat(
                parameters: .init(messages: messages, model: .gpt4oMini, tools: [tool])
            ).accumulate()
            guard let call = first.toolCalls.first else {
                out("the model did not call the tool\n")
                return
            }
            out("model called \(call.function.name ?? "?")(\(call.function.arguments)) [assembled from streamed deltas]")
            let result = "18°C and sunny"
            out("tool returned: \(result)")
            messages.append(.init(role: .assistant, content: .text(""), toolCalls: [call]))
            messages.append(.init(role: .tool, content: .text(result), toolCallID: call.id))
            let answer = try await service.startChat(parameters: .init(messages: messages, model: .gpt4oMini, tools: [tool]))
            out("assistant: \(answer.choices.first?.message.content ?? "")\n")
        }

        private func embeddings(_ service: any OpenAIService) async throws {
            step("4. Embeddings (float and base64)")
            let texts = ["a cat on a mat", "a dog on a log"]
            let floats = try await service.createEmbeddings(parameters: .init(model: .textEmbedding3Small, inputs: texts, dimensions: 8))
            let packed = try await service.createEmbeddings(
                parameters: .init(model: .textEmbedding3Small, inputs: texts, encodingFormat: .base64, dimensions: 8))
            for (text, object) in zip(texts, floats.data) {
                out("\(text): [\(object.embedding.prefix(4).map { String(format: "%.3f", $0) }.joined(separator: ", ")), …] (\(object.embedding.count) dims)")
            }
            out("base64 encoding decodes to the same vectors: \(floats.data.map(\.embedding) == packed.data.map(\.embedding))\n")
        }

        private func retries(_ service: any OpenAIService, sandbox: AISandbox.Sandbox) async throws {
            step("5. Errors and retries")
            sandbox.enqueue(.status(429, message: "Rate limit reached (sandbox)", retryAfter: 0.3), path: "/chat/completions")
            let started = Date()
            let completion = try await service.startChat(
                parameters: .init(messages: [.init(role: .user, content: .text("Are you there?"))], model: .gpt4oMini))
            out("first attempt got 429 with retry-after-ms: 300; retried after \(String(format: "%.2f", Date().timeIntervalSince(started))) s")
            out("assistant: \(completion.choices.first?.message.content ?? "")")
            sandbox.enqueue(.status(401, code: "invalid_api_key", message: "Incorrect API key provided"), path: "/models")
            do {
                _ = try await service.listModels()
            } catch let error as APIError {
                out("a 401 is not retried and arrives typed: kind=\(error.kind) status=\(error.statusCode ?? 0) code=\(error.code ?? "-") request-id=\(error.requestID ?? "-")\n")
            }
        }
    }
}
