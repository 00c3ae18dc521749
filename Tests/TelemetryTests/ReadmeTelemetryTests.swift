#if SwiftAITelemetry
import AISandbox
import Foundation
import SwiftAITestSupport
import SwiftOpenAI
import Testing
import Tracing

/// README's observability snippet, line for line, against the sandbox (the `// README:` line stands for the one
/// that differs: the sandbox's address).
@Suite struct ReadmeTelemetryTests {
    @Test("README: a chat call inside the app's own span, with a tenant header from an interceptor")
    func snippet() async throws {
        try await withSandbox { sandbox in
            try await observed { tracer, metrics in
                let apiKey = "sk-readme"
                let tenant = HTTPField.Name("X-Tenant")!
                let service = OpenAIServiceFactory.service(
                    apiKey: apiKey, overrideBaseURL: sandbox.baseURL.absoluteString,  // README: apiKey: apiKey,
                    interceptors: [AIRequestHooks(prepare: { request in request.headers[tenant] = "nursery" })],
                    telemetry: TelemetryOptions(recordsContent: false))
                let story = try await withSpan("write bedtime story") { _ in
                    try await service.startChat(parameters: ChatCompletionParameters(
                        messages: [.init(role: .user, content: .text("A story about a sleepy fox"))], model: .gpt4oMini, maxTokens: 400))
                }

                #expect(story.choices.first?.message.content?.isEmpty == false)
                #expect(sandbox.requests.last?.headers[tenant] == "nursery")
                let spans = tracer.finishedSpans
                let call = try #require(spans.first { $0.operationName == "chat gpt-4o-mini" })
                let parent = try #require(spans.first { $0.operationName == "write bedtime story" })
                #expect(call.parentSpanID == parent.spanID)
                #expect(call.attributes.int("gen_ai.request.max_tokens") == 400)
                #expect(!metrics.recorded("gen_ai.client.token.usage").isEmpty)
            }
        }
    }
}
#endif
