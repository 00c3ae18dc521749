import AISandbox
import Foundation
import Testing

@testable import SwiftOpenAI

@Suite("Chat completions")
struct ChatTests {
    @Test("the request goes out as the API expects")
    func wireShape() async throws {
        try await withService(organizationID: "org-123") { sandbox, service in
            let weather = ChatCompletionParameters.Tool(
                function: .init(
                    name: "get_weather", description: "Weather for a city",
                    parameters: .init(
                        type: .object,
                        properties: ["city": .init(type: .string, description: "City name")],
                        required: ["city"], additionalProperties: false),
                    strict: true))
            let parameters = ChatCompletionParameters(
                messages: [
                    .init(role: .developer, content: .text("Be brief.")),
                    .init(role: .user, content: .contentArray([
                        .text("What is this?"),
                        .image(url: "https://example.com/a.png", detail: .low),
                    ])),
                ],
                model: .gpt4oMini, toolChoice: .function(name: "get_weather"), tools: [weather],
                logitBias: [50256: -100], responseFormat: .jsonSchema(name: "answer", schema: ["type": "object"]),
                seed: 7, stop: ["END"], temperature: 0.2, topProbability: 0.9, user: "u1", store: true,
                reasoningEffort: .low, metadata: ["team": "core"], logprobs: true, topLogprobs: 2,
                maxCompletionTokens: 300, parallelToolCalls: false, serviceTier: "flex",
                streamOptions: .init(includeUsage: true), safetyIdentifier: "hash-1", promptCacheKey: "cache-1")
            _ = try await service.startChat(parameters: parameters)

            let request = try #require(sandbox.lastRequest)
            #expect(request.method == "POST")
            #expect(request.path == "/v1/chat/completions")
            #expect(request.header("Authorization") == "Bearer sk-test-key")
            #expect(request.header("OpenAI-Organization") == "org-123")
            #expect(request.header("Content-Type") == "application/json")
            let body = try #require(request.json)
            #expect(body["model"] as? String == "gpt-4o-mini")
            #expect(body["stream"] == nil, "a plain call does not stream")
            #expect(body["stream_options"] == nil, "stream options only apply to streams")
            #expect(body["max_completion_tokens"] as? Int == 300)
            #expect(body["reasoning_effort"] as? String == "low")
            #expect(body["parallel_tool_calls"] as? Bool == false)
            #expect(body["store"] as? Bool == true)
            #expect(body["service_tier"] as? String == "flex")
            #expect(body["top_p"] as? Double == 0.9)
            #expect(body["top_logprobs"] as? Int == 2)
            #expect(body["safety_identifier"] as? String == "hash-1")
            #expect(body["prompt_cache_key"] as? String == "cache-1")
            #expect((body["metadata"] as? [String: String]) == ["team": "core"])
            #expect((body["logit_bias"] as? [String: Double]) == ["50256": -100])
            let format = try #require(body["response_format"] as? [String: Any])
            #expect(format["type"] as? String == "json_schema")
            #expect((format["json_schema"] as? [String: Any])?["strict"] as? Bool == true)
            let choice = try #require(body["tool_choice"] as? [String: Any])
            #expect(choice["type"] as? String == "function")
            #expect((choice["function"] as? [String: Any])?["name"] as? String == "get_weather")
            let tool = try #require((body["tools"] as? [[String: Any]])?.first)
            let function = try #require(tool["function"] as? [String: Any])
            #expect(function["strict"] as? Bool == true)
            let schema = try #require(function["parameters"] as? [String: Any])
            #expect(schema["additionalProperties"] as? Bool == false)
            #expect(schema["required"] as? [String] == ["city"])
            let messages = try #require(body["messages"] as? [[String: Any]])
            #expect(messages[0]["role"] as? String == "developer")
            let parts = try #require(messages[1]["content"] as? [[String: Any]])
            #expect(parts[1]["type"] as? String == "image_url")
            #expect((parts[1]["image_url"] as? [String: Any])?["detail"] as? String == "low")
            #expect((parts[1]["image_url"] as? [String: Any])?["url"] as? String == "https://example.com/a.png")
        }
    }

    @Test("a completion decodes with usage details")
    func decodesCompletion() async throws {
        try await withService { _, service in
            let completion = try await service.startChat(
                parameters: .init(messages: [userMessage("Tell me a joke")], model: .gpt4o))
            #expect(completion.object == "chat.completion")
            #expect(completion.model == "gpt-4o")
            #expect(completion.choices.first?.message.content == "Hello from AISandbox! You said: Tell me a joke")
            #expect(completion.choices.first?.finishReason?.description == "stop")
            #expect(completion.choices.first?.message.role == "assistant")
            #expect(completion.usage.totalTokens == completion.usage.promptTokens + completion.usage.completionTokens)
            #expect(completion.usage.completionTokensDetails?.reasoningTokens == 0)
            #expect(completion.systemFingerprint == "fp_sandbox")
        }
    }

    @Test("a tool call round trip: call, tool result, answer")
    func toolRoundTrip() async throws {
        try await withService { sandbox, service in
            let tool = ChatCompletionParameters.Tool(
                function: .init(
                    name: "get_weather", description: nil,
                    parametersJSON: ["type": "object", "properties": ["city": ["type": "string"]], "required": ["city"]]))
            var messages = [userMessage("Weather in Paris?")]
            let first = try await service.startChat(parameters: .init(messages: messages, model: .gpt4o, tools: [tool]))
            let call = try #require(first.choices.first?.message.toolCalls?.first)
            #expect(first.choices.first?.finishReason?.description == "tool_calls")
            #expect(call.function.name == "get_weather")
            #expect(call.function.argumentsJSON?["city"]?.stringValue == "sandbox city")
            #expect(call.index == nil)
            messages.append(.init(role: .assistant, content: .text(""), toolCalls: [call]))
            messages.append(.init(role: .tool, content: .text("18°C"), toolCallID: call.id))
            let second = try await service.startChat(parameters: .init(messages: messages, model: .gpt4o, tools: [tool]))
            #expect(second.choices.first?.message.content == "The tool call \(call.id!) returned: 18°C")

            let sent = try #require(sandbox.lastRequest?.json?["messages"] as? [[String: Any]])
            #expect(sent[1]["content"] is NSNull)
            let sentCall = try #require((sent[1]["tool_calls"] as? [[String: Any]])?.first)
            #expect(sentCall["index"] == nil)
            #expect(sentCall["id"] as? String == call.id)
            #expect(sent[2]["tool_call_id"] as? String == call.id)
        }
    }

    @Test("API errors reach the caller typed, with status, message and request id")
    func apiErrors() async throws {
        try await withService(maxRetries: 0) { sandbox, service in
            sandbox.enqueue(.status(400, code: "context_length_exceeded", message: "Too long"))
            let error = await #expect(throws: APIError.self) {
                _ = try await service.startChat(parameters: .init(messages: [userMessage("x")], model: .gpt4o))
            }
            #expect(error?.kind == .badRequest)
            #expect(error?.code == "context_length_exceeded")
            #expect(error?.message == "Too long")
            #expect(error?.requestID?.hasPrefix("req_sandbox_") == true)
            #expect(error?.description.contains("sk-test-key") == false)

            sandbox.enqueue(.malformed)
            let decoding = await #expect(throws: APIError.self) {
                _ = try await service.startChat(parameters: .init(messages: [userMessage("x")], model: .gpt4o))
            }
            #expect(decoding?.kind == .decoding)
            #expect(decoding?.rawBodyString?.hasPrefix("{") == true)
        }
    }

    @Test("the base URL: host plus /v1, an override version, or OPENAI_BASE_URL")
    func baseURL() {
        #expect(OpenAIServiceFactory.baseURL(override: "http://127.0.0.1:8080", version: nil, environment: [:])?.absoluteString == "http://127.0.0.1:8080/v1")
        #expect(OpenAIServiceFactory.baseURL(override: "https://host/openai/", version: "v2", environment: [:])?.absoluteString == "https://host/openai/v2")
        #expect(OpenAIServiceFactory.baseURL(override: "http://h", version: "", environment: [:])?.absoluteString == "http://h")
        #expect(OpenAIServiceFactory.baseURL(override: nil, version: nil, environment: [:])?.absoluteString == "https://api.openai.com/v1")
        #expect(OpenAIServiceFactory.baseURL(override: nil, version: nil, environment: ["OPENAI_BASE_URL": "http://proxy/v1"])?.absoluteString == "http://proxy/v1")
        #expect(OpenAIServiceFactory.baseURL(override: "http://x", version: nil, environment: ["OPENAI_BASE_URL": "http://proxy/v1"])?.absoluteString == "http://x/v1")
    }
}
