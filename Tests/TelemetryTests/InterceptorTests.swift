import AICore
import AISandbox
import Foundation
import SwiftAITestSupport
import SwiftOpenAI
import Testing

/// Interceptors on real calls to the sandbox: order, amendments on the wire, retries, refusals and streams.
@Suite struct InterceptorTests {
    static func service(_ sandbox: Sandbox, _ interceptors: [any AIInterceptor], maxRetries: Int = 2) -> any OpenAIService {
        OpenAIServiceFactory.service(
            apiKey: "sk-test-hooks", overrideBaseURL: sandbox.baseURL.absoluteString,
            retryPolicy: RetryPolicy(maxRetries: maxRetries, initialDelay: 0.01, maxDelay: 0.02),
            interceptors: interceptors)
    }

    static let hello = ChatCompletionParameters(messages: [.init(role: .user, content: .text("Hi"))], model: .gpt4oMini)

    @Test("service interceptors prepare in order, then the call's; responses and failures go back in reverse")
    func order() async throws {
        try await withSandbox { sandbox in
            let log = CallLog()
            let service = Self.service(sandbox, [NamedInterceptor(name: "a", log: log), NamedInterceptor(name: "b", log: log)])
            let options = RequestOptions(interceptors: [NamedInterceptor(name: "call", log: log)])
            sandbox.enqueue(.status(429, message: "slow down"), path: "/v1/chat/completions")
            _ = try await service.startChat(parameters: Self.hello, options: options)

            #expect(log.lines == [
                "a.prepare#1", "b.prepare#1", "call.prepare#1",
                "call.received 429", "b.received 429", "a.received 429",
                "a.prepare#2", "b.prepare#2", "call.prepare#2",
                "call.received 200", "b.received 200", "a.received 200",
            ])
            // What they set went on the wire, on every attempt, after the service's own headers.
            let sent = sandbox.requests.suffix(2)
            #expect(sent.map { $0.headers[HTTPField.Name("x-interceptor-order")!] } == ["a,b,call", "a,b,call"])
            #expect(sent.allSatisfy { $0.headers[.authorization] == "Bearer sk-test-hooks" })
        }
    }

    @Test("an interceptor may replace the body and a service header")
    func amends() async throws {
        try await withSandbox { sandbox in
            let hooks = AIRequestHooks(prepare: { request in
                request.headers[.userAgent] = "StoryApp/2.0"
                let body = try #require(request.body)
                let text = String(decoding: body, as: UTF8.self).replacingOccurrences(of: "\"Hi\"", with: "\"Hello from a hook\"")
                request.body = Data(text.utf8)
            })
            let completion = try await Self.service(sandbox, [hooks]).startChat(parameters: Self.hello)
            let sent = try #require(sandbox.requests.last)
            #expect(sent.headers[.userAgent] == "StoryApp/2.0")
            #expect(String(decoding: sent.body, as: UTF8.self).contains("Hello from a hook"))
            #expect(completion.choices.first?.message.content?.contains("Hello from a hook") == true)
        }
    }

    @Test("a refusal ends the call at once with its error, unretried, and nothing is sent")
    func refusal() async throws {
        struct Quota: Error {}
        try await withSandbox { sandbox in
            let log = CallLog()
            let refusing = AIRequestHooks(prepare: { _ in throw Quota() })
            let service = Self.service(sandbox, [NamedInterceptor(name: "outer", log: log), refusing])
            let error = try await #require(throws: APIError.self) { try await service.startChat(parameters: Self.hello) }
            #expect(error.kind == .invalidRequest)
            #expect(error.message.contains("Quota"))
            #expect(log.lines == ["outer.prepare#1", "outer.failed invalidRequest"])
            #expect(sandbox.requests.isEmpty)
        }
    }

    @Test("a Realtime handshake is prepared like a request: its headers go on the wire, a refusal is an APIError")
    func realtimeHandshake() async throws {
        struct NotNow: Error {}
        try await withSandbox { sandbox in
            let log = CallLog()
            let session = try await Self.service(sandbox, [NamedInterceptor(name: "a", log: log)])
                .realtimeSession(model: "gpt-realtime", connection: RealtimeConnectionOptions())
            await session.close()
            #expect(log.lines == ["a.prepare#1", "a.received 101"])
            let handshake = try #require(sandbox.requests.last { $0.path.hasSuffix("/realtime") })
            #expect(handshake.headers[HTTPField.Name("x-interceptor-order")!] == "a")

            let refusing = AIRequestHooks(prepare: { _ in throw NotNow() })
            let error = try await #require(throws: APIError.self) {
                _ = try await Self.service(sandbox, [NamedInterceptor(name: "b", log: log), refusing])
                    .realtimeSession(model: "gpt-realtime", connection: RealtimeConnectionOptions())
            }
            #expect(error.kind == .invalidRequest && error.message.contains("NotNow"))
            #expect(log.lines.suffix(2) == ["b.prepare#1", "b.failed invalidRequest"])
        }
    }

    @Test("the final failure is heard once, after the failed attempts' heads")
    func failure() async throws {
        try await withSandbox { sandbox in
            let log = CallLog()
            for _ in 0..<2 { sandbox.enqueue(.status(500, message: "down"), path: "/v1/chat/completions") }
            let service = Self.service(sandbox, [NamedInterceptor(name: "a", log: log)], maxRetries: 1)
            _ = try await #require(throws: APIError.self) { try await service.startChat(parameters: Self.hello) }
            #expect(log.lines == ["a.prepare#1", "a.received 500", "a.prepare#2", "a.received 500", "a.failed server"])
        }
    }

    @Test("a stream is intercepted like a call; onResponse still sees the success head")
    func stream() async throws {
        try await withSandbox { sandbox in
            let log = CallLog()
            let heads = CallLog()
            let options = RequestOptions(onResponse: { heads.add("\($0.status.code)") })
            let stream = try await Self.service(sandbox, [NamedInterceptor(name: "a", log: log)])
                .startStreamedChat(parameters: Self.hello, options: options)
            var chunks = 0
            for try await _ in stream { chunks += 1 }
            #expect(chunks > 1)
            #expect(log.lines == ["a.prepare#1", "a.received 200"])
            #expect(heads.lines == ["200"])
            #expect(sandbox.requests.last?.headers[HTTPField.Name("x-interceptor-order")!] == "a")
        }
    }

    @Test("the request's description never shows the credentials")
    func redacted() async throws {
        try await withSandbox { sandbox in
            let seen = CallLog()
            let hooks = AIRequestHooks(prepare: { request in
                seen.add(request.description)
                var dumped = ""
                dump(request, to: &dumped)
                seen.add(dumped)
            })
            _ = try await Self.service(sandbox, [hooks]).startChat(parameters: Self.hello)
            #expect(seen.lines.count == 2)
            #expect(seen.lines.allSatisfy { !$0.contains("sk-test-hooks") })
            #expect(seen.lines[0].contains("POST") && seen.lines[0].contains("attempt 1"))
        }
    }
}
