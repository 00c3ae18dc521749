import AISandbox
import Foundation
import RelayCore
import SwiftAnthropic
import SwiftOpenAI
import Testing

/// The seeds' AIProxy factories and plain API-key clients, unchanged, through the relay to the sandbox.
@Suite("Relay with the SDKs")
struct ProxySDKTests {
    @Test("SwiftOpenAI's AIProxy factory: chat and a streamed chat reach OpenAI with the relay's key", arguments: RelayHarness.Database.available)
    func openAIProxyFactory(database: RelayHarness.Database) async throws {
        try await RelayHarness.with(database: database) { relay in
            let service = OpenAIServiceFactory.service(
                aiproxyPartialKey: relay.project.partialKey, aiproxyServiceURL: relay.serviceURL(.openai),
                aiproxyClientID: "device-7", aiproxyDeviceCheckBypass: RelayHarness.bypassToken)
            let parameters = ChatCompletionParameters(
                messages: [.init(role: .user, content: .text("Hello relay"))], model: .gpt4oMini, maxTokens: 40)
            let chat = try await service.startChat(parameters: parameters)
            #expect(chat.choices.first?.message.content?.isEmpty == false)
            var streamed = ""
            for try await chunk in try await service.startStreamedChat(parameters: parameters) {
                streamed += chunk.choices.first?.delta.content ?? ""
                #expect(chunk.usage == nil, "the usage chunk the relay asked for is not passed to a client that didn't")
            }
            #expect(!streamed.isEmpty)
            for request in relay.sandbox.requests {
                #expect(request.header("authorization") == "Bearer \(RelayHarness.openAIKey)")
                #expect(request.header("aiproxy-partial-key") == nil)
                #expect(request.header("aiproxy-devicecheck-bypass") == nil)
            }
            let streamRequest = try #require(relay.sandbox.requests.last?.json)
            #expect((streamRequest["stream_options"] as? [String: Any])?["include_usage"] as? Bool == true)
            await relay.server.flushUsage()
            let usage = try await relay.store.usage(projectID: relay.project.id, since: .distantPast)
            #expect(usage.reduce(0) { $0 + $1.requests } == 2)
            #expect(usage.allSatisfy { $0.inputTokens > 0 && $0.outputTokens > 0 }, "usage read from the JSON body and the stream")
            #expect(usage.first?.clientKey == "client-id:device-7")
        }
    }

    @Test("SwiftAnthropic's AIProxy factory: a message and a streamed message")
    func anthropicProxyFactory() async throws {
        try await RelayHarness.with { relay in
            let service = AnthropicServiceFactory.service(
                aiproxyPartialKey: relay.project.partialKey, aiproxyServiceURL: relay.serviceURL(.anthropic),
                aiproxyClientID: "device-8", aiproxyDeviceCheckBypass: RelayHarness.bypassToken)
            let parameters = MessageParameter(model: .claudeHaiku45, messages: [.init(role: .user, content: "Hi relay")], maxTokens: 30)
            let message = try await service.createMessage(parameters)
            #expect(!message.text.isEmpty)
            var events = 0
            for try await _ in try await service.streamMessage(parameters) { events += 1 }
            #expect(events > 2)
            for request in relay.sandbox.requests {
                #expect(request.header("x-api-key") == RelayHarness.anthropicKey)
                #expect(request.header("anthropic-version") == "2023-06-01")
            }
            await relay.server.flushUsage()
            let usage = try await relay.store.usage(projectID: relay.project.id, since: .distantPast)
            #expect(usage.reduce(0) { $0 + $1.outputTokens } > 0)
        }
    }

    @Test("A client token as the API key: SwiftOpenAI with a base URL, and SwiftAnthropic")
    func clientTokenAsAPIKey() async throws {
        try await RelayHarness.with { relay in
            let token = try await relay.token(subject: "user-42")
            let openAI = OpenAIServiceFactory.service(apiKey: token, overrideBaseURL: relay.serviceURL(.openai))
            _ = try await openAI.startChat(
                parameters: ChatCompletionParameters(messages: [.init(role: .user, content: .text("hi"))], model: .gpt4oMini, maxTokens: 10))
            let anthropic = AnthropicServiceFactory.service(apiKey: token, basePath: relay.serviceURL(.anthropic))
            _ = try await anthropic.createMessage(MessageParameter(model: .claudeHaiku45, messages: [.init(role: .user, content: "hi")], maxTokens: 10))
            #expect(relay.sandbox.requests.count == 2)
            #expect(relay.sandbox.requests.allSatisfy { !String(describing: $0.headers).contains(token) })
            await relay.server.flushUsage()
            let usage = try await relay.store.usage(projectID: relay.project.id, since: .distantPast)
            #expect(Set(usage.map(\.clientKey)) == ["user:user-42"])
        }
    }

    @Test("Azure deployments through the relay carry the relay's api-key")
    func azureDeployment() async throws {
        try await RelayHarness.with { relay in
            let answer = try await relay.send(
                .POST, "/\(relay.project.id)/azure/openai/deployments/gpt-4o-mini/chat/completions?api-version=2024-10-21",
                headers: relay.aiproxyHeaders, json: #"{"messages":[{"role":"user","content":"hi"}],"max_tokens":10}"#)
            #expect(answer.status == 200, "\(answer.body)")
            let request = try #require(relay.sandbox.lastRequest)
            #expect(request.header("api-key") == RelayHarness.azureKey)
            #expect(request.path == "/openai/deployments/gpt-4o-mini/chat/completions")
            #expect(request.queryValue("api-version") == "2024-10-21")
        }
    }
}
