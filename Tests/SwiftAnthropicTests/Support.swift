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
