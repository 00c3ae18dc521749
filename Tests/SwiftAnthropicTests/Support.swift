import AICore
import AISandbox
import Foundation
import SwiftAITestSupport
import SwiftAnthropic

/// Runs `body` with a fresh sandbox and an Anthropic service pointed at it, every decode checked against `JSONDecoder`.
func withAnthropic<T>(
    betaHeaders: [String]? = nil, maxRetries: Int = 2,
    _ body: (Sandbox, any AnthropicService) async throws -> T
) async throws -> T {
    try await withSandbox { sandbox in
        let service = AnthropicServiceFactory.service(
            apiKey: "sk-ant-test", basePath: sandbox.baseURL.absoluteString, betaHeaders: betaHeaders,
            retryPolicy: RetryPolicy(maxRetries: maxRetries, initialDelay: 0.01, maxDelay: 0.05))
        return try await body(sandbox, service)
    }
}

/// Runs `body` with a fresh sandbox and an Anthropic service on a new transport of `kind` (no retries), shut down
/// afterwards: a test with `arguments: TransportKind.allCases` covers both transports with it.
func withAnthropic<T>(
    transport kind: TransportKind, betaHeaders: [String]? = nil, _ body: (Sandbox, any AnthropicService) async throws -> T
) async throws -> T {
    let transport = kind.make()
    do {
        let result = try await withSandbox { sandbox in
            try await body(
                sandbox,
                AnthropicServiceFactory.service(
                    apiKey: "sk-ant-test", basePath: sandbox.baseURL.absoluteString, betaHeaders: betaHeaders,
                    transport: transport, retryPolicy: .none))
        }
        try await transport.shutdown()
        return result
    } catch {
        try? await transport.shutdown()
        throw error
    }
}
