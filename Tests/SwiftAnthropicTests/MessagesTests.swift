import AISandbox
import Foundation
import SwiftAITestSupport
import Testing

@testable import SwiftAnthropic

@Suite("Anthropic messages")
struct MessagesTests {
    @Test("the request carries the headers and fields the API expects")
    func wireShape() async throws {
        try await withAnthropic(betaHeaders: ["prompt-caching-2024-07-31", "files-api-2025-04-14"]) { sandbox, service in
            let tool = MessageParameter.Tool(
                name: "get_weather", description: "Weather",
                inputSchema: .init(type: .object, properties: ["location": .init(type: .string)], required: ["location"]),
                cacheControl: .init(type: .ephemeral, ttl: .oneHour))
            let parameters = MessageParameter(
                model: .claudeSonnet45,
                messages: [
                    .init(role: .user, content: .list([
                        .text("Look"),
                        .image(.init(url: "https://example.com/cat.png")),
                        .document(.text("Some notes", citations: .init(enabled: true), title: "Notes")),
                        .cache(.init(text: "long context", cacheControl: .init(type: .ephemeral))),
                    ])),
                ],
                maxTokens: 512,
                system: .list([.init(text: "Be brief", cacheControl: .init(type: .ephemeral, ttl: .fiveMinutes))]),
                metadata: .init(userId: UUID(uuidString: "00000000-0000-0000-0000-000000000001")!),
                stopSequences: ["END"], temperature: 0.3, topK: 5, topP: 0.9,
                tools: [tool, .webSearch(maxUses: 2)],
                toolChoice: .init(type: .auto, disableParallelToolUse: true),
                thinking: .enabled(budgetTokens: 2048), serviceTier: "auto")
            _ = try await service.createMessage(parameters)

            let request = try #require(sandbox.lastRequest)
            #expect(request.method == "POST")
            #expect(request.path == "/v1/messages")
            #expect(request.header("x-api-key") == "sk-ant-test")
            #expect(request.header("anthropic-version") == "2023-06-01")
            #expect(request.header("anthropic-beta") == "prompt-caching-2024-07-31,files-api-2025-04-14")
            #expect(request.header("authorization") == nil)
            let body = try #require(request.json)
            #expect(body["model"] as? String == "claude-sonnet-4-5")
            #expect(body["max_tokens"] as? Int == 512)
            #expect(body["stream"] == nil)
            #expect(body["top_k"] as? Int == 5)
            #expect(body["stop_sequences"] as? [String] == ["END"])
            #expect(body["service_tier"] as? String == "auto")
            #expect((body["metadata"] as? [String: Any])?["user_id"] as? String == "00000000-0000-0000-0000-000000000001")
            #expect((body["thinking"] as? [String: Any])?["budget_tokens"] as? Int == 2048)
            let choice = try #require(body["tool_choice"] as? [String: Any])
            #expect(choice["disable_parallel_tool_use"] as? Bool == true)
            let tools = try #require(body["tools"] as? [[String: Any]])
            #expect((tools[0]["cache_control"] as? [String: Any])?["ttl"] as? String == "1h")
            #expect((tools[0]["input_schema"] as? [String: Any])?["required"] as? [String] == ["location"])
            #expect(tools[1]["type"] as? String == "web_search_20250305")
            #expect(tools[1]["max_uses"] as? Int == 2)
            let system = try #require(body["system"] as? [[String: Any]])
            #expect((system[0]["cache_control"] as? [String: Any])?["ttl"] as? String == "5m")
            let content = try #require((body["messages"] as? [[String: Any]])?.first?["content"] as? [[String: Any]])
            #expect((content[1]["source"] as? [String: Any])?["type"] as? String == "url")
            #expect(content[2]["type"] as? String == "document")
            #expect((content[2]["source"] as? [String: Any])?["media_type"] as? String == "text/plain")
            #expect((content[2]["citations"] as? [String: Any])?["enabled"] as? Bool == true)
            #expect(content[3]["cache_control"] != nil)
        }
    }

    @Test("a text answer decodes with usage and cache counts")
    func textAnswer() async throws {
        try await withAnthropic { _, service in
            let message = try await service.createMessage(
                .init(model: .claude35Haiku, messages: [.init(role: .user, content: "Hello, Claude")], maxTokens: 100,
                      system: .list([.init(text: "cached prefix words", cacheControl: .init(type: .ephemeral))])))
            #expect(message.type == "message")
            #expect(message.role == "assistant")
            #expect(message.text == "Hello from AISandbox (Claude)! You said: Hello, Claude")
            #expect(message.stopReason == "end_turn")
            #expect(message.usage.outputTokens > 0)
            #expect(message.usage.cacheCreationInputTokens == 3)
            #expect(message.usage.cacheCreation?.ephemeral5mInputTokens == 3)
            if case .text(let text) = message.content.first { #expect(text.hasPrefix("Hello")) } else { Issue.record("expected .text") }
        }
    }

    @Test("tool use round trip with a tool_result (text and error flag)")
    func toolRoundTrip() async throws {
        try await withAnthropic { _, service in
            let weather = MessageParameter.Tool(
                name: "get_weather", description: "Get the current weather in a given location",
                inputSchema: .init(type: .object, properties: ["location": .init(type: .string)], required: ["location"]))
            let question = MessageParameter.Message(role: .user, content: "What is the weather like in San Francisco?")
            let first = try await service.createMessage(.init(model: .claude3Opus, messages: [question], maxTokens: 200, tools: [weather]))
            #expect(first.stopReason == "tool_use")
            let call = try #require(first.toolUses.first)
            #expect(call.name == "get_weather")
            #expect(call.input["location"] == .string("sandbox location"))
            let assistant = MessageParameter.Message(role: .assistant, content: .list([.toolUse(call.id, call.name, call.input)]))
            let result = MessageParameter.Message(role: .user, content: .list([
                .toolResultBlocks(toolUseID: call.id, content: [.text("Service down")], isError: true),
            ]))
            let second = try await service.createMessage(
                .init(model: .claude3Opus, messages: [question, assistant, result], maxTokens: 200, tools: [weather]))
            #expect(second.text == "The tool call \(call.id) returned: Service down (reported as an error)")
        }
    }

    @Test("thinking blocks and citations decode into their own cases")
    func thinkingAndCitations() async throws {
        try await withAnthropic { _, service in
            let document = try MessageParameter.Message.Content.DocumentSource.pdf(
                base64Data: Data("%PDF-1.4 sandbox".utf8).base64EncodedString(), citations: .init(enabled: true), title: "Paper")
            let message = try await service.createMessage(
                .init(model: .claudeOpus41, messages: [.init(role: .user, content: .list([.document(document), .text("Summarize")]))],
                      maxTokens: 500, thinking: .enabled(budgetTokens: 1024)))
            guard case .thinking(let thinking, let signature) = message.content.first else {
                Issue.record("expected thinking first")
                return
            }
            #expect(!thinking.isEmpty)
            #expect(signature.hasPrefix("sig_"))
            let cited = message.content.compactMap { block -> [MessageResponse.Citation]? in
                if case .textWithCitations(_, let citations) = block { return citations }
                return nil
            }.flatMap { $0 }
            guard case .pageLocation(_, let index, let title, let start, let end) = cited.first else {
                Issue.record("expected a page citation")
                return
            }
            #expect(index == 0 && title == "Paper" && start == 1 && end == 2)
            #expect(message.text == "According to the document, the sandbox answers questions.")
            #expect(throws: APIError.self) { _ = try MessageParameter.Message.Content.DocumentSource.pdf(base64Data: "not base64!") }
        }
    }

    @Test("unknown content blocks and citations keep their raw JSON; responses round-trip")
    func forwardCompatibility() throws {
        let json = #"""
        {"id":"msg_1","type":"message","role":"assistant","model":"m","stop_reason":"pause_turn","stop_sequence":null,
         "usage":{"input_tokens":3,"output_tokens":4,"server_tool_use":{"web_search_requests":1}},
         "content":[{"type":"server_tool_use","id":"srvtoolu_1","name":"web_search","input":{"query":"swift"}},
                    {"type":"web_search_tool_result","tool_use_id":"srvtoolu_1","content":[{"type":"web_search_result","url":"https://swift.org","title":"Swift"}]},
                    {"type":"text","text":"Swift","citations":[{"type":"web_search_result_location","cited_text":"Swift","url":"https://swift.org","title":"Swift","encrypted_index":"abc"},{"type":"future_location","cited_text":"x"}]},
                    {"type":"redacted_thinking","data":"opaque"},
                    {"type":"future_block","file_id":"f1"}]}
        """#
        let message = try JSONDecoder().decode(MessageResponse.self, from: Data(json.utf8))
        #expect(message.stopReason == "pause_turn")
        #expect(message.usage.serverToolUse?["web_search_requests"] == 1)
        guard case .serverToolUse(_, let name, let input) = message.content[0] else { Issue.record("server_tool_use"); return }
        #expect(name == "web_search" && input["query"] == .string("swift"))
        guard case .serverToolResult(let type, let toolUseID, let content) = message.content[1] else { Issue.record("result"); return }
        #expect(type == "web_search_tool_result" && toolUseID == "srvtoolu_1" && content[0]?["url"]?.stringValue == "https://swift.org")
        guard case .textWithCitations(_, let citations) = message.content[2] else { Issue.record("citations"); return }
        guard case .webSearchResultLocation = citations[0], case .unknown(let citationType, _) = citations[1] else {
            Issue.record("citation kinds")
            return
        }
        #expect(citationType == "future_location")
        guard case .redactedThinking("opaque") = message.content[3], case .unknown(let unknownType, let raw) = message.content[4] else {
            Issue.record("redacted/unknown")
            return
        }
        #expect(unknownType == "future_block" && raw["file_id"]?.stringValue == "f1")
        let again = try JSONDecoder().decode(MessageResponse.self, from: JSONEncoder().encode(message))
        #expect(again.content.count == 5)
        #expect(again.text == "Swift")
    }

    @Test("count tokens and legacy text completions")
    func countTokensAndCompletions() async throws {
        try await withAnthropic { sandbox, service in
            let count = try await service.countTokens(
                parameter: .init(model: .claude3Sonnet, messages: [.init(role: .user, content: .text("Hello, Claude"))]))
            #expect(count.inputTokens == 5)
            #expect(sandbox.lastRequest?.path == "/v1/messages/count_tokens")
            let prompt = "\n\nHuman: Hello, Claude\n\nAssistant:"
            let completion = try await service.createTextCompletion(.init(model: .claude21, prompt: prompt, maxTokensToSample: 10))
            #expect(completion.completion == " Hello from AISandbox (Claude)! You said: Hello, Claude")
            #expect(completion.stopReason == "stop_sequence")
            #expect(sandbox.lastRequest?.json?["max_tokens_to_sample"] as? Int == 10)
            var streamed = ""
            for try await event in try await service.createStreamTextCompletion(.init(model: .claude21, prompt: prompt, maxTokensToSample: 10)) {
                streamed += event.completion
            }
            #expect(streamed == completion.completion)
        }
    }

    @Test("Anthropic errors: 529 overloaded, request-id, retries, missing headers")
    func errors() async throws {
        try await withAnthropic(maxRetries: 1) { sandbox, service in
            let parameters = MessageParameter(model: .claude35Haiku, messages: [.init(role: .user, content: "hi")], maxTokens: 10)
            sandbox.enqueue(.status(529), path: "/v1/messages")
            sandbox.enqueue(.status(529, message: "Overloaded"), path: "/v1/messages")
            let overloaded = await #expect(throws: APIError.self) { _ = try await service.createMessage(parameters) }
            #expect(overloaded?.kind == .overloaded)
            #expect(overloaded?.type == "overloaded_error")
            #expect(overloaded?.message == "Overloaded")
            #expect(overloaded?.requestID?.hasPrefix("req_sandbox_") == true)
            #expect(overloaded?.headers["anthropic-ratelimit-requests-remaining"] == "3999")
            #expect(sandbox.requests.count == 2)

            let keyless = AnthropicServiceFactory.service(apiKey: "", basePath: sandbox.baseURL.absoluteString)
            let unauthenticated = await #expect(throws: APIError.self) { _ = try await keyless.createMessage(parameters) }
            #expect(unauthenticated?.kind == .authentication)
            #expect(unauthenticated?.type == "authentication_error")
        }
    }

    @Test("base path and environment")
    func basePath() {
        #expect(AnthropicServiceFactory.baseURL(basePath: "http://127.0.0.1:9", environment: [:])?.absoluteString == "http://127.0.0.1:9/v1")
        #expect(AnthropicServiceFactory.baseURL(basePath: "https://x/v1/", environment: [:])?.absoluteString == "https://x/v1")
        #expect(AnthropicServiceFactory.baseURL(basePath: nil, environment: [:])?.absoluteString == "https://api.anthropic.com/v1")
        #expect(AnthropicServiceFactory.baseURL(basePath: nil, environment: ["ANTHROPIC_BASE_URL": "http://proxy"])?.absoluteString == "http://proxy/v1")
    }
}

@Suite("AIProxy")
struct AnthropicAIProxyTests {
    @Test("AIProxy requests carry the partial key, client id and bypass token, never x-api-key")
    func headers() async throws {
        let sandbox = try await startSandbox()
        let service = AnthropicServiceFactory.service(
            aiproxyPartialKey: "partial-123", aiproxyServiceURL: sandbox.baseURL.absoluteString + "/",
            aiproxyClientID: "user-7", aiproxyDeviceCheckBypass: "bypass-token")
        let message = try await service.createMessage(
            .init(model: .claudeHaiku45, messages: [.init(role: .user, content: "hi")], maxTokens: 20))
        #expect(message.text.contains("hi"))
        let request = try #require(sandbox.lastRequest)
        #expect(request.path == "/v1/messages")
        #expect(request.header("aiproxy-partial-key") == "partial-123")
        #expect(request.header("aiproxy-client-id") == "user-7")
        #expect(request.header("aiproxy-devicecheck-bypass") == "bypass-token")
        #expect(request.header("anthropic-version") == "2023-06-01")
        #expect(request.header("x-api-key") == nil)
        try await sandbox.shutdown()
    }
}
