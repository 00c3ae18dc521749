import AISandbox
import Foundation
import SwiftAITestSupport
import SwiftOpenAI
import Testing

/// Defects found from outside with an independent server: a redirect carried the key to another host, a named
/// SSE event ended a chat stream, and a JSON error answered with 200 to a stream request lost its message.
@Suite("Redirects keep keys home; streams survive named events and surface JSON errors")
struct StreamAndRedirectDefectTests {
    enum Credential: String, CaseIterable, CustomTestStringConvertible, Sendable {
        case openAIBearer, azureAPIKey
        var testDescription: String { rawValue }
    }

    static let credentialHeaders = ["authorization", "api-key", "x-api-key"]

    private func service(
        _ credential: Credential, at sandbox: Sandbox, transport: any HTTPTransport
    ) -> (service: any OpenAIService, path: String) {
        switch credential {
        case .openAIBearer:
            return (
                OpenAIServiceFactory.service(
                    apiKey: "sk-redirect-secret", overrideBaseURL: sandbox.baseURL.absoluteString, transport: transport,
                    retryPolicy: .none),
                "/v1/chat/completions"
            )
        case .azureAPIKey:
            return (
                OpenAIServiceFactory.service(
                    azureConfiguration: AzureOpenAIConfiguration(
                        endpoint: sandbox.baseURL, openAIAPIKey: .apiKey("azure-redirect-secret"), apiVersion: "v1",
                        routing: .v1),
                    transport: transport, retryPolicy: .none),
                "/openai/v1/chat/completions"
            )
        }
    }

    @Test("a 307 to another origin is followed without the credential; to the same origin with it",
          arguments: TransportKind.allCases, Credential.allCases)
    func redirectDropsCredentials(transport kind: TransportKind, credential: Credential) async throws {
        let transport = kind.make()
        try await withSandbox { home in
            try await withSandbox(requireAuthorization: false) { elsewhere in
                let (service, path) = service(credential, at: home, transport: transport)
                let parameters = ChatCompletionParameters(messages: [userMessage("Hello")], model: .gpt4oMini)

                // The other host answers on its OpenAI route, which (unlike its Azure routes) needs no key here.
                home.enqueue(
                    SandboxBehavior(
                        status: 307, headers: ["Location": elsewhere.baseURL.absoluteString + "/v1/chat/completions"]),
                    path: path)
                let answer = try await service.startChat(parameters: parameters)
                #expect(answer.choices.first?.message.content?.isEmpty == false)
                let away = try #require(elsewhere.lastRequest)
                for name in Self.credentialHeaders { #expect(away.header(name) == nil, "\(name) reached another host") }
                #expect(away.method == "POST")
                #expect(away.json?["messages"] != nil, "a 307 resends the body")

                home.reset()
                home.enqueue(SandboxBehavior(status: 307, headers: ["Location": path]), path: path)
                _ = try await service.startChat(parameters: parameters)
                #expect(home.requests.count == 2)
                let followed = try #require(home.requests.last)
                #expect(Self.credentialHeaders.contains { followed.header($0) != nil }, "same origin keeps the key")
            }
        }
        try await transport.shutdown()
    }

    @Test("named events in a chat stream (ping, new event names) are skipped, not decoded as chunks",
          arguments: TransportKind.allCases)
    func namedEventsAreSkipped(transport kind: TransportKind) async throws {
        try await withService(transport: kind) { sandbox, service in
            func chunk(_ delta: String, finish: String? = nil) -> String {
                let reason = finish.map { "\"\($0)\"" } ?? "null"
                return #"data: {"id":"c1","object":"chat.completion.chunk","created":1,"model":"gpt-4o-mini","choices":[{"index":0,"delta":\#(delta),"finish_reason":\#(reason)}]}"#
                    + "\n\n"
            }
            let body =
                chunk(#"{"role":"assistant","content":"Hello"}"#) + "event: ping\ndata: {}\n\n"
                + chunk(#"{"content":", world"}"#) + "event: response.future_event\ndata: {\"type\":\"x\"}\n\n"
                + "event: message\n" + chunk(#"{"content":"!"}"#) + chunk("{}", finish: "stop") + "data: [DONE]\n\n"
            sandbox.enqueue(
                SandboxBehavior(status: 200, rawBody: Data(body.utf8), rawContentType: "text/event-stream"),
                path: "/v1/chat/completions")
            let result = try await service.startStreamedChat(
                parameters: .init(messages: [userMessage("Hi")], model: .gpt4oMini)
            ).accumulate()
            #expect(result.content == "Hello, world!")
        }
    }

    @Test("a JSON error answered with 200 to a stream request throws the server's error, typed",
          arguments: TransportKind.allCases)
    func jsonErrorOnSuccessStatus(transport kind: TransportKind) async throws {
        try await withService(transport: kind) { sandbox, service in
            let body = #"{"error":{"message":"Rate limit reached for gpt-4o-mini","type":"requests","code":"rate_limit_exceeded"}}"#
            let behavior = SandboxBehavior(status: 200, rawBody: Data(body.utf8), rawContentType: "application/json")

            sandbox.enqueue(behavior, path: "/v1/chat/completions")
            let chat = await #expect(throws: APIError.self) {
                _ = try await service.startStreamedChat(parameters: .init(messages: [userMessage("Hi")], model: .gpt4oMini))
            }
            #expect(chat?.kind == .rateLimited)
            #expect(chat?.message == "Rate limit reached for gpt-4o-mini")
            #expect(chat?.statusCode == 200)
            #expect(chat?.requestID != nil)

            sandbox.enqueue(behavior, path: "/v1/responses")
            let responses = await #expect(throws: APIError.self) {
                _ = try await service.responseCreateStream(.init(input: .string("Hi"), model: .gpt4oMini))
            }
            #expect(responses?.code == "rate_limit_exceeded")
        }
    }
}
