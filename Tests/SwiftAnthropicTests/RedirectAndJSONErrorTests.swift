import AISandbox
import Foundation
import SwiftAITestSupport
import SwiftAnthropic
import Testing

@Suite("Anthropic: redirects keep x-api-key home; a JSON error on 200 to a stream is thrown typed")
struct RedirectAndJSONErrorTests {
    static let parameters = MessageParameter(
        model: .claude35Haiku, messages: [.init(role: .user, content: "hi")], maxTokens: 10)

    @Test("a 307 to another origin is followed without x-api-key")
    func redirectDropsAPIKey() async throws {
        try await withSandbox { home in
            try await withSandbox(requireAuthorization: false) { elsewhere in
                let service = AnthropicServiceFactory.service(
                    apiKey: "sk-ant-redirect-secret", basePath: home.baseURL.absoluteString, retryPolicy: .none)
                home.enqueue(
                    SandboxBehavior(status: 307, headers: ["Location": elsewhere.baseURL.absoluteString + "/v1/messages"]),
                    path: "/v1/messages")
                let message = try await service.createMessage(Self.parameters)
                #expect(!message.content.isEmpty)
                let away = try #require(elsewhere.lastRequest)
                #expect(away.header("x-api-key") == nil)
                #expect(away.header("anthropic-version") == "2023-06-01", "non-secret headers still go")
                #expect(home.lastRequest?.header("x-api-key") == "sk-ant-redirect-secret")
            }
        }
    }

    @Test("an overloaded error answered with 200 and a JSON body to a stream request throws .overloaded")
    func jsonErrorOnSuccessStatus() async throws {
        try await withAnthropic(maxRetries: 0) { sandbox, service in
            let body = #"{"type":"error","error":{"type":"overloaded_error","message":"Overloaded"}}"#
            sandbox.enqueue(
                SandboxBehavior(status: 200, rawBody: Data(body.utf8), rawContentType: "application/json; charset=utf-8"),
                path: "/v1/messages")
            let error = await #expect(throws: APIError.self) {
                _ = try await service.streamMessage(Self.parameters)
            }
            #expect(error?.kind == .overloaded)
            #expect(error?.message == "Overloaded")
        }
    }

    @Test("a malformed base path is a typed error on first use, not a fallback to api.anthropic.com")
    func malformedBasePath() async {
        let service = AnthropicServiceFactory.service(apiKey: "sk-ant-secret", basePath: "not a url", retryPolicy: .none)
        let error = await #expect(throws: APIError.self) { _ = try await service.createMessage(Self.parameters) }
        #expect(error?.kind == .invalidRequest)
        #expect(error?.message.contains("not a url") == true)
    }
}
