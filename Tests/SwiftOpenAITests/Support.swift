import AICore
import AISandbox
import Foundation
import SwiftAITestSupport
import SwiftOpenAI

/// Runs `body` with a fresh sandbox and a service pointed at it, every decode checked against `JSONDecoder`.
func withService<T>(
    organizationID: String? = nil, maxRetries: Int = 2, idle: TimeInterval = 120,
    _ body: (Sandbox, any OpenAIService) async throws -> T
) async throws -> T {
    try await withSandbox { sandbox in
        let service = OpenAIServiceFactory.service(
            apiKey: "sk-test-key", organizationID: organizationID, overrideBaseURL: sandbox.baseURL.absoluteString,
            retryPolicy: RetryPolicy(maxRetries: maxRetries, initialDelay: 0.01, maxDelay: 0.05), streamIdleTimeout: idle)
        return try await body(sandbox, service)
    }
}

/// Runs `body` with a fresh sandbox and a service on a new transport of `kind` (no retries), shut down afterwards;
/// a test with `arguments: TransportKind.allCases` covers both transports with it.
func withService<T>(
    transport kind: TransportKind, _ body: (Sandbox, any OpenAIService) async throws -> T
) async throws -> T {
    let transport = kind.make()
    do {
        let result = try await withSandbox { sandbox in
            try await body(
                sandbox,
                OpenAIServiceFactory.service(
                    apiKey: "sk-test", overrideBaseURL: sandbox.baseURL.absoluteString, transport: transport, retryPolicy: .none))
        }
        try await transport.shutdown()
        return result
    } catch {
        try? await transport.shutdown()
        throw error
    }
}

func userMessage(_ text: String) -> ChatCompletionParameters.Message {
    .init(role: .user, content: .text(text))
}
