import AICore
import AISandbox
import Foundation
import Logging
import SwiftAITestSupport
import SwiftAnthropic
import SwiftAzureOpenAI
import SwiftOpenAI
import Testing

/// Every credential the SDK takes, checked against everything a developer might print: trace-level logs, error
/// descriptions, `dump()` and `String(reflecting:)` of services and configurations, and the CLI's output.
@Suite("Keys never appear in logs, errors, dumps or CLI output")
struct SecretLeakTests {
    /// Each secret carries `LeakCheck`, so one search finds any of them, whole or in part.
    static let openAIKey = "sk-proj-LeakCheckOpenAI0123456789abcdef"
    static let azureKey = "azureLeakCheckApiKey0123456789abcdef"
    static let entraToken = "eyJ0eXAiLeakCheckEntraToken.0123456789"
    static let anthropicKey = "sk-ant-api03-LeakCheckAnthropic0123456789"
    static let aiproxyKey = "v2|LeakCheckPartialKey|0123456789"
    static let secrets = [openAIKey, azureKey, entraToken, anthropicKey, aiproxyKey]

    private func expectClean(_ text: String, _ what: String, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(!text.contains("LeakCheck"), "\(what) holds a key: \(text.prefix(600))", sourceLocation: sourceLocation)
    }

    private func dumped(_ value: Any) -> String {
        var text = ""
        dump(value, to: &text)
        return text
    }

    /// A 401 whose message echoes `secret` (as real servers and proxies do), then a successful call.
    private func exercise(_ sandbox: Sandbox, secret: String, path: String, call: () async throws -> Void) async -> [String] {
        sandbox.enqueue(.status(401, message: "Incorrect API key provided: \(secret)."), path: path)
        var texts: [String] = []
        do {
            try await call()
            texts.append("the 401 was not thrown")
        } catch {
            texts += [String(describing: error), String(reflecting: error), dumped(error), error.localizedDescription]
        }
        do { try await call() } catch { texts.append("LeakCheck: the second call failed: \(error)") }
        return texts
    }

    @Test("OpenAI, Azure (api-key and Entra token), AIProxy, Anthropic and SwiftAzureOpenAI")
    func services() async throws {
        let logs = CapturingLogHandler()
        let logger = Logger(label: "leak-check") { _ in logs }
        let chat = ChatCompletionParameters(messages: [.init(role: .user, content: .text("Hi"))], model: .gpt4oMini)
        try await withSandbox { sandbox in
            let base = sandbox.baseURL.absoluteString
            let openAI = OpenAIServiceFactory.service(
                apiKey: Self.openAIKey, overrideBaseURL: base, retryPolicy: .none, logger: logger)
            var texts = await exercise(sandbox, secret: Self.openAIKey, path: "/v1/chat/completions") {
                _ = try await openAI.startChat(parameters: chat)
            }
            texts += [dumped(openAI), String(reflecting: openAI), String(describing: openAI)]

            for authentication in [AzureOpenAIConfiguration.Authentication.apiKey(Self.azureKey), .bearerToken(Self.entraToken)] {
                let configuration = AzureOpenAIConfiguration(
                    endpoint: sandbox.baseURL, openAIAPIKey: authentication, apiVersion: "2024-10-21")
                let azure = OpenAIServiceFactory.service(azureConfiguration: configuration, retryPolicy: .none, logger: logger)
                let secret = if case .apiKey = authentication { Self.azureKey } else { Self.entraToken }
                texts += await exercise(sandbox, secret: secret, path: "/chat/completions") {
                    _ = try await azure.startChat(parameters: chat)
                }
                texts += [dumped(configuration), String(reflecting: configuration), String(describing: authentication),
                          dumped(azure), String(reflecting: azure)]
            }

            let aiproxy = OpenAIServiceFactory.service(
                aiproxyPartialKey: Self.aiproxyKey, aiproxyServiceURL: base, retryPolicy: .none, logger: logger)
            texts += [dumped(aiproxy), String(reflecting: aiproxy)]

            let anthropic = AnthropicServiceFactory.service(
                apiKey: Self.anthropicKey, basePath: base, retryPolicy: .none, logger: logger)
            texts += await exercise(sandbox, secret: Self.anthropicKey, path: "/v1/messages") {
                _ = try await anthropic.createMessage(
                    SwiftAnthropic.MessageParameter(model: .claude35Haiku, messages: [.init(role: .user, content: "Hi")], maxTokens: 10))
            }
            texts += [dumped(anthropic), String(reflecting: anthropic)]

            let saoaiAzure = SAOAIAzureConfiguration(endpoint: base, apiKey: Self.azureKey, deploymentName: "gpt-4o-mini")
            let saoaiEntra = SAOAIAzureConfiguration(endpoint: base, entraIDToken: Self.entraToken, deploymentName: "gpt-4o-mini")
            let saoaiOpenAI = SAOAIOpenAIConfiguration(apiKey: Self.openAIKey, baseURL: base + "/v1")
            for configuration in [saoaiAzure, saoaiEntra] as [any SAOAIConfiguration] + [saoaiOpenAI] {
                let client = SAOAIClient(configuration: configuration)
                texts += [dumped(configuration), String(reflecting: configuration), String(describing: configuration),
                          dumped(client), String(reflecting: client)]
            }

            for (index, text) in texts.enumerated() { expectClean(text, "output \(index)") }
            #expect(logs.text.contains("/chat/completions"), "the trace log recorded nothing")
            expectClean(logs.text, "the trace-level log")
        }
    }

    @Test("the CLI prints no key when the server echoes it in an error")
    func commandLine() async throws {
        try await withSandbox { sandbox in
            sandbox.enqueue(.status(401, message: "Incorrect API key provided: \(Self.openAIKey)."))
            let result = try await ProcessRunner.run(
                "swiftai", arguments: ["chat", "--base-url", sandbox.baseURL.absoluteString, "Hello"],
                removing: ["OPENAI_API_KEY", "ANTHROPIC_API_KEY", "AZURE_OPENAI_API_KEY"],
                environment: ["OPENAI_API_KEY": Self.openAIKey])
            #expect(result.status != 0)
            #expect(result.output.contains("401") || result.output.lowercased().contains("api key"), "\(result.output)")
            expectClean(result.output, "swiftai chat's output")
        }
    }
}
