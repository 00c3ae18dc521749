import AISandbox
import AsyncHTTPClient
import Foundation
import NIOCore
import RelayCore
import Testing

/// Streams through the relay: passed through unchanged, cancelled upstream when the client goes away, finished
/// during a graceful shutdown.
@Suite("Relay streams", .serialized)
struct ProxyStreamingTests {
    static let streamJSON =
        #"{"model":"gpt-4o-mini","stream":true,"stream_options":{"include_usage":true},"messages":[{"role":"user","content":"Tell me a story"}],"max_tokens":200}"#

    @Test("A stream the client asked usage for arrives byte for byte as the upstream sent it")
    func byteForByte() async throws {
        try await RelayHarness.with { relay in
            let viaRelay = try await relay.send(
                .POST, "/\(relay.project.id)/openai/v1/chat/completions", headers: relay.aiproxyHeaders, json: Self.streamJSON)
            #expect(viaRelay.status == 200)
            #expect(viaRelay.headers.first(name: "content-type")?.hasPrefix("text/event-stream") == true)
            var direct = HTTPClientRequest(url: relay.sandbox.baseURL.absoluteString + "/v1/chat/completions")
            direct.method = .POST
            direct.headers.add(name: "authorization", value: "Bearer \(RelayHarness.openAIKey)")
            direct.headers.add(name: "content-type", value: "application/json")
            direct.body = .bytes(ByteBuffer(string: Self.streamJSON))
            let directResponse = try await HTTPClient.shared.execute(direct, timeout: .seconds(30))
            let directBody = String(buffer: try await directResponse.body.collect(upTo: 1 << 20))
            #expect(Self.withoutIDsAndTimes(viaRelay.body) == Self.withoutIDsAndTimes(directBody))
            #expect(viaRelay.body.contains("\"usage\""))
        }
    }

    /// The sandbox stamps ids and creation times; everything else must match.
    static func withoutIDsAndTimes(_ body: String) -> String {
        body.replacing(#/"id":"[^"]*"/#, with: #""id":"-""#).replacing(#/"created":\d+/#, with: #""created":0"#)
    }

    @Test("A client that goes away mid-stream closes the upstream connection within 100 ms; the budget is kept")
    func clientDisconnect() async throws {
        try await RelayHarness.with { relay in
            relay.sandbox.enqueue(SandboxBehavior(stallAfterEvents: 2, stallDuration: 30), path: "/v1/chat/completions")
            var request = HTTPClientRequest(url: relay.baseURL + "/\(relay.project.id)/openai/v1/chat/completions")
            request.method = .POST
            for (name, value) in relay.aiproxyHeaders { request.headers.add(name: name, value: value) }
            request.headers.add(name: "content-type", value: "application/json")
            request.body = .bytes(ByteBuffer(string: Self.streamJSON))
            let client = HTTPClient(eventLoopGroupProvider: .singleton)
            let closedBefore = relay.sandbox.closedConnections
            let reading = Task {
                let response = try await client.execute(request, timeout: .seconds(30))
                for try await _ in response.body { break }
            }
            _ = try await reading.value
            // The first bytes arrived and the reader stopped; shutting the client down closes its connection. The
            // clock starts once the client is gone (its own shutdown, slowed by the suites running alongside, once
            // took 131 ms on its own and is not the relay's reaction).
            try await client.shutdown()
            let closedAt = ContinuousClock.now
            #expect(await relay.sandbox.waitForClosedConnections(closedBefore + 1, timeout: 5))
            let elapsed = ContinuousClock.now - closedAt
            #expect(elapsed < .milliseconds(100), "upstream closed \(elapsed) after the client went away")
        }
    }

    @Test("A graceful shutdown lets a stream in flight finish")
    func gracefulShutdown() async throws {
        try await RelayHarness.with { relay in
            relay.sandbox.enqueue(SandboxBehavior(writeInterval: 0.02), path: "/v1/chat/completions")
            let streaming = Task {
                try await relay.send(.POST, "/\(relay.project.id)/openai/v1/chat/completions", headers: relay.aiproxyHeaders, json: Self.streamJSON)
            }
            // Shut down only once the stream is under way (the sandbox has its request).
            for _ in 0..<500 where relay.sandbox.requests.isEmpty { try await Task.sleep(for: .milliseconds(10)) }
            try await Task.sleep(for: .milliseconds(50))
            await relay.serviceGroup.triggerGracefulShutdown()
            let answer = try await streaming.value
            #expect(answer.status == 200)
            #expect(answer.body.contains("data: [DONE]"), "the stream ran to its end")
        }
    }
}
