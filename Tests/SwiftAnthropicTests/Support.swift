import AISandbox
import Foundation
import SwiftAnthropic

/// Runs `body` with a fresh sandbox and an Anthropic service pointed at it.
func withAnthropic<T>(
    betaHeaders: [String]? = nil, maxRetries: Int = 2,
    _ body: (Sandbox, any AnthropicService) async throws -> T
) async throws -> T {
    let sandbox = try await Sandbox.start()
    let service = AnthropicServiceFactory.service(
        apiKey: "sk-ant-test", basePath: sandbox.baseURL.absoluteString, betaHeaders: betaHeaders,
        retryPolicy: RetryPolicy(maxRetries: maxRetries, initialDelay: 0.01, maxDelay: 0.05))
    do {
        let result = try await body(sandbox, service)
        try await sandbox.shutdown()
        return result
    } catch {
        try? await sandbox.shutdown()
        throw error
    }
}
