import AICore
import AISandbox
import Foundation
import HTTPTypes
import Logging
import SwiftAITestSupport
import Testing

@testable import AICore

@Suite("APIClient: retries, errors, timeouts, streams")
struct APIClientTests {
    private let models = APIRequest(method: .get, path: "/models")

    @Test("429 with retry-after-ms is retried after the requested delay", arguments: TransportKind.allCases)
    func retriesHonourRetryAfter(kind: TransportKind) async throws {
        let transport = kind.make()
        try await withSandbox { sandbox in
            sandbox.enqueue(.status(429, retryAfter: 0.2))
            sandbox.enqueue(.status(503, retryAfter: 0.1))
            let client = makeClient(sandbox, transport: transport)
            let started = Date()
            let response = try await client.send(models)
            #expect(response.status == 200)
            #expect(sandbox.requests.count == 3)
            #expect(Date().timeIntervalSince(started) >= 0.3)
        }
        try await transport.shutdown()
    }

    @Test("retries give up after the policy's count with the last error's details")
    func retriesExhausted() async throws {
        try await withSandbox { sandbox in
            for _ in 0..<3 {
                sandbox.enqueue(.status(429, type: "requests", code: "rate_limit_exceeded", message: "Slow down", retryAfter: 0.01))
            }
            let client = makeClient(sandbox, transport: DefaultTransport.shared)
            do {
                _ = try await client.send(models)
                Issue.record("expected an error")
            } catch let error as APIError {
                #expect(error.kind == .rateLimited)
                #expect(error.statusCode == 429)
                #expect(error.code == "rate_limit_exceeded")
                #expect(error.type == "requests")
                #expect(error.message == "Slow down")
                #expect(error.requestID == "req_sandbox_3")
                #expect(error.retryAfter == 0.01)
                #expect(error.attempts == 3)
                #expect(error.rawBodyString?.contains("Slow down") == true)
            }
            #expect(sandbox.requests.count == 3)
        }
    }

    @Test("4xx other than 408/409/429 is not retried; x-should-retry overrides", arguments: [
        (400, false, APIError.Kind.badRequest), (401, false, .authentication), (403, false, .permissionDenied),
        (404, false, .notFound), (422, false, .unprocessableEntity), (409, true, .conflict), (408, true, .timeout),
        (500, true, .server), (529, true, .overloaded),
    ])
    func statusKinds(status: Int, retried: Bool, kind: APIError.Kind) async throws {
        try await withSandbox { sandbox in
            for _ in 0..<3 { sandbox.enqueue(.status(status)) }
            let client = makeClient(sandbox, transport: DefaultTransport.shared)
            let error = await #expect(throws: APIError.self) { _ = try await client.send(models) }
            #expect(error?.kind == kind)
            #expect(sandbox.requests.count == (retried ? 3 : 1))
        }
    }

    @Test("x-should-retry: false stops a retry, true forces one")
    func shouldRetryHeader() async throws {
        try await withSandbox { sandbox in
            sandbox.enqueue(.status(500, headers: ["x-should-retry": "false"]))
            let client = makeClient(sandbox, transport: DefaultTransport.shared)
            await #expect(throws: APIError.self) { _ = try await client.send(models) }
            #expect(sandbox.requests.count == 1)
            sandbox.enqueue(.status(400, headers: ["x-should-retry": "true"]))
            _ = try await client.send(models)
            #expect(sandbox.requests.count == 3)
        }
    }

    @Test("an HTML error page becomes a readable error with status and request id")
    func htmlErrorPage() async throws {
        try await withSandbox { sandbox in
            for _ in 0..<3 {
                sandbox.enqueue(.raw(502, body: "<html><body><h1>502 Bad Gateway</h1></body></html>"))
            }
            let client = makeClient(sandbox, transport: DefaultTransport.shared)
            let error = await #expect(throws: APIError.self) { _ = try await client.send(models) }
            #expect(error?.kind == .server)
            #expect(error?.statusCode == 502)
            #expect(error?.message.contains("502 Bad Gateway") == true)
            #expect(error?.message.contains("text/html") == true)
            #expect(error?.requestID != nil)
        }
    }

    @Test("malformed JSON is a decoding error that keeps the raw payload")
    func malformedJSON() async throws {
        struct List: Decodable { let data: [String] }
        try await withSandbox { sandbox in
            sandbox.enqueue(.malformed)
            let client = makeClient(sandbox, transport: DefaultTransport.shared)
            let error = await #expect(throws: APIError.self) { _ = try await client.decode(List.self, for: models) }
            #expect(error?.kind == .decoding)
            #expect(error?.statusCode == 200)
            #expect(error?.rawBody?.isEmpty == false)
            #expect(error?.requestID != nil)
        }
    }

    @Test("a connection reset is retried, then surfaces as .connection")
    func connectionReset() async throws {
        try await withSandbox { sandbox in
            var reset = SandboxBehavior()
            reset.closeAfterBytes = 10
            sandbox.enqueue(reset)
            let client = makeClient(sandbox, transport: DefaultTransport.shared)
            let status = try await client.send(models).status
            #expect(status == 200)
            #expect(sandbox.requests.count == 2)
            for _ in 0..<3 { sandbox.enqueue(reset) }
            let error = await #expect(throws: APIError.self) { _ = try await client.send(models) }
            #expect(error?.kind == .connection)
        }
    }

    @Test("the total timeout fails a slow call with .timeout")
    func totalTimeout() async throws {
        try await withSandbox { sandbox in
            sandbox.enqueue(.delay(40))
            let client = makeClient(sandbox, transport: DefaultTransport.shared, maxRetries: 0)
            let started = Date()
            let error = await #expect(throws: APIError.self) {
                _ = try await client.send(models, options: RequestOptions(timeout: 0.3))
            }
            #expect(error?.kind == .timeout)
            // Far below the server's 40 s delay: the call did not wait for the server. The room is for a 2-core
            // machine starting every other suite at once, where a resumed task can wait seconds for a thread.
            #expect(Date().timeIntervalSince(started) < 25)
        }
    }

    @Test("the stream idle timeout fires when the server stalls", arguments: TransportKind.allCases)
    func streamIdleTimeout(kind: TransportKind) async throws {
        let transport = kind.make()
        try await withSandbox { sandbox in
            sandbox.enqueue(.stall(afterEvents: 2))
            let client = makeClient(sandbox, transport: transport, idle: 2)
            let stream = try await client.eventStream(chatStream, handler: DataHandler())
            var received: [String] = []
            let started = Date()
            do {
                for try await data in stream { received.append(data) }
                Issue.record("expected a timeout")
            } catch let error as APIError {
                #expect(error.kind == .timeout)
            }
            #expect(received.count == 2)
            #expect(Date().timeIntervalSince(started) < 30)
            #expect(await sandbox.waitForClosedConnections(1, timeout: 60))
        }
        try await transport.shutdown()
    }

    @Test("cancelling the consumer of a stream closes the connection", arguments: TransportKind.allCases)
    func streamCancellation(kind: TransportKind) async throws {
        let transport = kind.make()
        try await withSandbox { sandbox in
            sandbox.enqueue(.stall(afterEvents: 1))
            let client = makeClient(sandbox, transport: transport)
            let stream = try await client.eventStream(chatStream, handler: DataHandler())
            let consumer = Task {
                var count = 0
                for try await _ in stream { count += 1 }
                return count
            }
            try await Task.sleep(nanoseconds: 200_000_000)
            consumer.cancel()
            _ = try? await consumer.value
            #expect(await sandbox.waitForClosedConnections(1, timeout: 60))
        }
        try await transport.shutdown()
    }

    @Test("a stream that fails before its first byte is sent again")
    func streamRetriedBeforeFirstByte() async throws {
        try await withSandbox { sandbox in
            var reset = SandboxBehavior()
            reset.closeAfterEvents = 0
            sandbox.enqueue(reset)
            let client = makeClient(sandbox, transport: DefaultTransport.shared)
            let stream = try await client.eventStream(chatStream, handler: DataHandler())
            var received: [String] = []
            for try await data in stream { received.append(data) }
            #expect(received.count > 2)
            #expect(sandbox.requests.count == 2)
        }
    }

    @Test("retries of a stream share one budget: at most maxRetries + 1 requests")
    func streamRetryBudget() async throws {
        try await withSandbox { sandbox in
            sandbox.enqueue(.status(429, retryAfter: 0.01))
            for _ in 0..<4 { sandbox.enqueue(.close(afterEvents: 0, delay: 0)) }
            let client = makeClient(sandbox, transport: DefaultTransport.shared)
            await #expect(throws: APIError.self) {
                for try await _ in try await client.eventStream(chatStream, handler: DataHandler()) {}
            }
            #expect(sandbox.requests.count == 3)
        }
    }

    @Test("a stream that breaks after data keeps what arrived and is not resent")
    func streamBrokenAfterData() async throws {
        try await withSandbox { sandbox in
            sandbox.enqueue(.close(afterEvents: 3))
            let client = makeClient(sandbox, transport: DefaultTransport.shared)
            let stream = try await client.eventStream(chatStream, handler: DataHandler())
            var received: [String] = []
            let error = await #expect(throws: APIError.self) {
                for try await data in stream { received.append(data) }
            }
            #expect(error?.kind == .connection)
            #expect(received.count == 3)
            #expect(sandbox.requests.count == 1)
        }
    }

    @Test("HTTP errors of a stream are thrown before the stream, with retries")
    func streamHTTPError() async throws {
        try await withSandbox { sandbox in
            sandbox.enqueue(.status(500))
            sandbox.enqueue(.status(401, code: "invalid_api_key", message: "Incorrect API key provided"))
            let client = makeClient(sandbox, transport: DefaultTransport.shared)
            let error = await #expect(throws: APIError.self) {
                _ = try await client.eventStream(chatStream, handler: DataHandler())
            }
            #expect(error?.kind == .authentication)
            #expect(error?.code == "invalid_api_key")
            #expect(sandbox.requests.count == 2)
        }
    }

    @Test("logs show method, URL and status but never the key")
    func logsRedactSecrets() async throws {
        let handler = CapturingLogHandler()
        let logger = Logger(label: "capture") { _ in handler }
        try await withSandbox { sandbox in
            sandbox.enqueue(.status(500))
            let client = APIClient(
                configuration: ClientConfiguration(
                    baseURL: sandbox.baseURL.appendingPathComponent("v1"),
                    headers: HTTPFields(["Authorization": "Bearer sk-live-SECRET", "api-key": "azure-SECRET", "x-api-key": "anthropic-SECRET"]),
                    retryPolicy: RetryPolicy(maxRetries: 1, initialDelay: 0.01), logger: logger),
                transport: DefaultTransport.shared)
            _ = try await client.send(models)
            #expect(client.configuration.description.contains("SECRET") == false)
        }
        let text = handler.text
        #expect(text.contains("GET"))
        #expect(text.contains("/v1/models"))
        #expect(text.contains("200"))
        #expect(text.contains("<redacted>"))
        #expect(!text.contains("SECRET"))
    }

    private var chatStream: APIRequest {
        APIRequest(
            method: .post, path: "/chat/completions", headers: HTTPFields(["Content-Type": "application/json"]),
            body: Data(#"{"model":"m","stream":true,"messages":[{"role":"user","content":"one two three four"}]}"#.utf8))
    }
}

@Suite("Response metadata")
struct ResponseMetadataTests {
    @Test("every call can expose status, request id, processing time and rate limits")
    func metadata() async throws {
        try await withSandbox { sandbox in
            let client = makeClient(sandbox, transport: DefaultTransport.shared)
            let seen = LockedValue<[HTTPResponseMetadata]>([])
            let options = RequestOptions(onResponse: { metadata in seen.withLock { $0.append(metadata) } })
            sandbox.enqueue(.status(429, retryAfter: 0.01))
            _ = try await client.send(APIRequest(method: .get, path: "/models"), options: options)
            let metadata = try #require(seen.current.first)
            #expect(seen.current.count == 1, "only the successful response is reported")
            #expect(metadata.status == 200)
            #expect(metadata.requestID == "req_sandbox_2")
            #expect(metadata.processingTime == 0.001)
            #expect(metadata.rateLimit.limitRequests == 10000)
            #expect(metadata.rateLimit.remainingRequests == 9999)
            #expect(metadata.rateLimit.resetRequests == "6ms")
            let anthropic = HTTPResponseMetadata(
                status: 200, headers: HTTPFields(["anthropic-ratelimit-tokens-remaining": "42", "request-id": "req_a", "retry-after": "3"]))
            #expect(anthropic.rateLimit.remainingTokens == 42)
            #expect(anthropic.rateLimit.retryAfter == 3)
            #expect(anthropic.requestID == "req_a")
        }
    }
}
