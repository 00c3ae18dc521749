import AISandbox
import Foundation
import HTTPTypes
import SwiftAITestSupport
import Testing

@testable import AICore

@Suite("HTTP transports against the sandbox")
struct TransportTests {
    @Test("a request round-trips: method, path, headers, body, status", arguments: TransportKind.allCases)
    func roundTrip(kind: TransportKind) async throws {
        let transport = kind.make()
        try await withSandbox { sandbox in
            let url = sandbox.baseURL.appendingPathComponent("v1/embeddings")
            let request = TransportRequest(
                method: .post, url: url,
                headers: HTTPFields(["Authorization": "Bearer k", "Content-Type": "application/json", "X-Custom": "1"]),
                body: Data(#"{"input":"hi","model":"m"}"#.utf8))
            let response = try await transport.send(request, headTimeout: 60)
            let body = try await response.body.collect()
            #expect(response.status == 200)
            #expect(response.headers["x-request-id"]?.hasPrefix("req_sandbox_") == true)
            #expect(response.headers["CONTENT-TYPE"] == "application/json")
            let json = try JSONSerialization.jsonObject(with: body) as? [String: Any]
            #expect(json?["object"] as? String == "list")
            let recorded = try #require(sandbox.lastRequest)
            #expect(recorded.method == "POST")
            #expect(recorded.path == "/v1/embeddings")
            #expect(recorded.header("x-custom") == "1")
            #expect(recorded.json?["input"] as? String == "hi")
        }
        try await transport.shutdown()
    }

    @Test("stream bytes arrive incrementally, before the body ends", arguments: TransportKind.allCases)
    func incremental(kind: TransportKind) async throws {
        let transport = kind.make()
        try await withSandbox { sandbox in
            // Two events, then the server stalls for good: the first event can only arrive if the body is
            // delivered as it comes (no clock involved, so a loaded machine can't fail this).
            sandbox.enqueue(.stall(afterEvents: 2))
            let response = try await transport.send(streamedChat(sandbox, saying: "one two three"), headTimeout: 60)
            let received = try await withDeadline(60, loser: .awaited) {
                let iterator = response.body.makeAsyncIterator()
                var text = ""
                while !text.contains("\n\n"), let chunk = try await iterator.next() {
                    text += String(decoding: chunk, as: UTF8.self)
                }
                return text
            }
            #expect(received.hasPrefix("data: ") && received.contains("\n\n"))
        }
        try await transport.shutdown()
    }

    @Test("cancelling the reading task closes the connection", arguments: TransportKind.allCases)
    func cancellationClosesConnection(kind: TransportKind) async throws {
        let transport = kind.make()
        try await withSandbox { sandbox in
            sandbox.enqueue(.stall(afterEvents: 1))
            let response = try await transport.send(streamedChat(sandbox, saying: "hi"), headTimeout: 60)
            let reader = Task {
                var count = 0
                for try await _ in response.body { count += 1 }
                return count
            }
            try await Task.sleep(nanoseconds: 200_000_000)
            #expect(sandbox.closedConnections == 0)
            reader.cancel()
            _ = try? await reader.value
            #expect(await sandbox.waitForClosedConnections(1, timeout: 60))
        }
        try await transport.shutdown()
    }

    @Test("dropping an unfinished body closes the connection, read from or not", arguments: TransportKind.allCases, [true, false])
    func droppingClosesConnection(kind: TransportKind, readFirst: Bool) async throws {
        let transport = kind.make()
        try await withSandbox { sandbox in
            sandbox.enqueue(.stall(afterEvents: 1))
            do {
                let response = try await transport.send(streamedChat(sandbox, saying: "hi"), headTimeout: 60)
                if readFirst {
                    let iterator = response.body.makeAsyncIterator()
                    _ = try await iterator.next()
                }
            }
            #expect(await sandbox.waitForClosedConnections(1, timeout: 60))
        }
        try await transport.shutdown()
    }

    /// URLSession raised an Objective-C exception (uncatchable, a crash) for a task on its invalidated session; both
    /// transports now throw `.shutDown` instead, at once, for every later request.
    @Test("a transport that was shut down fails at once with .shutDown; a second shutdown does nothing", arguments: TransportKind.allCases)
    func shutDown(kind: TransportKind) async throws {
        let transport = kind.make()
        try await transport.shutdown()
        try await transport.shutdown()
        let started = Date()
        for _ in 0..<2 {
            await #expect(throws: TransportError.shutDown) {
                _ = try await transport.send(
                    TransportRequest(method: .get, url: URL(string: "http://127.0.0.1:9/v1/models")!), headTimeout: 60)
            }
        }
        #expect(Date().timeIntervalSince(started) < 30, "not after the 60 s head timeout")
    }

    @Test("a stream being read when its transport shuts down ends with .shutDown", arguments: TransportKind.allCases)
    func shutDownInFlight(kind: TransportKind) async throws {
        let transport = kind.make()
        try await withSandbox { sandbox in
            sandbox.enqueue(.stall(afterEvents: 1))
            let response = try await transport.send(streamedChat(sandbox, saying: "hi"), headTimeout: 60)
            let iterator = response.body.makeAsyncIterator()
            #expect(try await iterator.next() != nil)
            try await transport.shutdown()
            await #expect(throws: TransportError.shutDown) {
                while try await iterator.next() != nil {}
            }
        }
    }

    /// Every service without a transport of its own shares `DefaultTransport.shared`: one service's cleanup must not
    /// fail every later request in the process.
    @Test("shutting down the shared default transport is ignored: later requests still work")
    func sharedTransportIgnoresShutdown() async throws {
        try await DefaultTransport.shared.shutdown()
        try await withSandbox { sandbox in
            let request = TransportRequest(
                method: .get, url: sandbox.baseURL.appendingPathComponent("v1/models"), headers: HTTPFields(["Authorization": "Bearer k"]))
            let response = try await DefaultTransport.shared.send(request, headTimeout: 60)
            _ = try await response.body.collect()
            #expect(response.status == 200)
        }
    }

    @Test("no response head in time is a timeout", arguments: TransportKind.allCases)
    func headTimeout(kind: TransportKind) async throws {
        let transport = kind.make()
        try await withSandbox { sandbox in
            sandbox.enqueue(.delay(2))
            let url = sandbox.baseURL.appendingPathComponent("v1/models")
            await #expect(throws: TransportError.timedOut) {
                _ = try await transport.send(
                    TransportRequest(method: .get, url: url, headers: HTTPFields(["Authorization": "Bearer k"])), headTimeout: 0.3)
            }
        }
        try await transport.shutdown()
    }

    @Test("a connection closed mid-body is a connection error", arguments: TransportKind.allCases)
    func closedMidBody(kind: TransportKind) async throws {
        let transport = kind.make()
        try await withSandbox { sandbox in
            sandbox.enqueue(.close(afterEvents: 2))
            let response = try await transport.send(streamedChat(sandbox, saying: "a b c d"), headTimeout: 60)
            var received = Data()
            do {
                for try await chunk in response.body { received.append(chunk) }
                Issue.record("the body should fail")
            } catch let error as TransportError {
                guard case .connectionFailed = error else {
                    Issue.record("unexpected \(error)")
                    return
                }
            }
            #expect(String(decoding: received, as: UTF8.self).components(separatedBy: "\n\n").count == 3)
        }
        try await transport.shutdown()
    }
}

@Suite("Abrupt closes")
struct AbruptCloseTests {
    /// A close that follows the last bytes at once: the body fails after every byte sent before it.
    @Test("an abrupt close fails the body after every byte sent before it", arguments: TransportKind.allCases)
    func abruptClose(kind: TransportKind) async throws {
        let transport = kind.make()
        try await withSandbox { sandbox in
            sandbox.enqueue(SandboxBehavior(closeAfterEvents: 3, closeDelay: 0))
            let response = try await transport.send(streamedChat(sandbox, saying: "a b c d e"), headTimeout: 60)
            var received = Data()
            await #expect(throws: TransportError.self) {
                for try await chunk in response.body { received.append(chunk) }
            }
            #expect(String(decoding: received, as: UTF8.self).components(separatedBy: "\n\n").count - 1 == 3)
        }
        try await transport.shutdown()
    }

    /// AsyncHTTPClient's `async` body stops reading after one unread chunk, and drops what reaches it
    /// then if the server closes: a reader slower than the network lost the last events of a cut
    /// stream in about one round of twelve. The transport reads through the delegate interface instead.
    @Test("a slow reader still gets every byte sent before a close", arguments: TransportKind.allCases)
    func slowReader(kind: TransportKind) async throws {
        let transport = kind.make()
        try await withSandbox { sandbox in
            for round in 0..<20 {
                sandbox.enqueue(.close(afterEvents: 2, delay: 0))
                let response = try await transport.send(streamedChat(sandbox, saying: "a b c d"), headTimeout: 60)
                var received = Data()
                await #expect(throws: TransportError.self) {
                    for try await chunk in response.body {
                        try await Task.sleep(nanoseconds: 40_000_000)
                        received.append(chunk)
                    }
                }
                let events = String(decoding: received, as: UTF8.self).components(separatedBy: "\n\n").count - 1
                #expect(events == 2, "round \(round)")
            }
        }
        try await transport.shutdown()
    }

    @Test("a body larger than the read-ahead window arrives whole to a slow reader", arguments: TransportKind.allCases)
    func backPressure(kind: TransportKind) async throws {
        let transport = kind.make()
        try await withSandbox { sandbox in
            // 6 MB: more than AsyncHTTPClientTransport.highWatermark, so reading pauses and resumes.
            let payload = Data((0..<(6 * 1024 * 1024)).map { UInt8(truncatingIfNeeded: $0 &* 31) })
            sandbox.enqueue(SandboxBehavior(status: 200, rawBody: payload, rawContentType: "application/octet-stream"))
            let response = try await transport.send(
                TransportRequest(
                    method: .get, url: sandbox.baseURL.appendingPathComponent("v1/models"),
                    headers: HTTPFields(["Authorization": "Bearer k"])),
                headTimeout: 30)
            #expect(response.status == 200)
            var received = Data()
            var reads = 0
            for try await chunk in response.body {
                reads += 1
                // Slow at first, so the whole body reaches the client while few bytes are read.
                if reads <= 10 { try await Task.sleep(nanoseconds: 20_000_000) }
                received.append(chunk)
            }
            #expect(received == payload)
        }
        try await transport.shutdown()
    }
}

/// A streamed chat request to the sandbox whose user message is `text`.
func streamedChat(_ sandbox: Sandbox, saying text: String) -> TransportRequest {
    TransportRequest(
        method: .post, url: sandbox.baseURL.appendingPathComponent("v1/chat/completions"),
        headers: HTTPFields(["Authorization": "Bearer k"]),
        body: Data(#"{"model":"m","stream":true,"messages":[{"role":"user","content":"\#(text)"}]}"#.utf8))
}
