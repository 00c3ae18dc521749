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

func userMessage(_ text: String) -> ChatCompletionParameters.Message {
    .init(role: .user, content: .text(text))
}
