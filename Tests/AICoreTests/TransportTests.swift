import AISandbox
import Foundation
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
                headers: ["Authorization": "Bearer k", "Content-Type": "application/json", "X-Custom": "1"],
                body: Data(#"{"input":"hi","model":"m"}"#.utf8))
            let response = try await transport.send(request, headTimeout: 10)
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
            sandbox.enqueue(.stall(afterEvents: 2, seconds: 4))
            let requested = Date()
            let response = try await transport.send(streamedChat(sandbox, saying: "one two three"), headTimeout: 10)
            let started = Date()
            var iterator = response.body.makeAsyncIterator()
            let first = try #require(try await iterator.next())
            #expect(Date().timeIntervalSince(started) < 3, "the first chunk must not wait for the 4 s stall")
            #expect(String(decoding: first, as: UTF8.self).hasPrefix("data: "))
            var rest = Data()
            while let chunk = try await iterator.next() { rest.append(chunk) }
            // The rest waited for the stall (measured from the request, so a busy machine can't shorten it).
            #expect(Date().timeIntervalSince(requested) >= 3.9)
            #expect(String(decoding: rest, as: UTF8.self).hasSuffix("data: [DONE]\n\n"))
        }
        try await transport.shutdown()
    }

    @Test("cancelling the reading task closes the connection", arguments: TransportKind.allCases)
    func cancellationClosesConnection(kind: TransportKind) async throws {
        let transport = kind.make()
        try await withSandbox { sandbox in
            sandbox.enqueue(.stall(afterEvents: 1))
            let response = try await transport.send(streamedChat(sandbox, saying: "hi"), headTimeout: 10)
            let reader = Task {
                var count = 0
                for try await _ in response.body { count += 1 }
                return count
            }
            try await Task.sleep(nanoseconds: 200_000_000)
            #expect(sandbox.closedConnections == 0)
            reader.cancel()
            _ = try? await reader.value
            #expect(await sandbox.waitForClosedConnections(1, timeout: 15))
        }
        try await transport.shutdown()
    }

    @Test("dropping an unfinished body closes the connection", arguments: TransportKind.allCases)
    func droppingClosesConnection(kind: TransportKind) async throws {
        let transport = kind.make()
        try await withSandbox { sandbox in
            sandbox.enqueue(.stall(afterEvents: 1))
            do {
                let response = try await transport.send(streamedChat(sandbox, saying: "hi"), headTimeout: 10)
                var iterator = response.body.makeAsyncIterator()
                _ = try await iterator.next()
            }
            #expect(await sandbox.waitForClosedConnections(1, timeout: 15))
        }
        try await transport.shutdown()
    }

    @Test("no response head in time is a timeout", arguments: TransportKind.allCases)
    func headTimeout(kind: TransportKind) async throws {
        let transport = kind.make()
        try await withSandbox { sandbox in
            sandbox.enqueue(.delay(2))
            let url = sandbox.baseURL.appendingPathComponent("v1/models")
            await #expect(throws: TransportError.timedOut) {
                _ = try await transport.send(
                    TransportRequest(method: .get, url: url, headers: ["Authorization": "Bearer k"]), headTimeout: 0.3)
            }
        }
        try await transport.shutdown()
    }

    @Test("a connection closed mid-body is a connection error", arguments: TransportKind.allCases)
    func closedMidBody(kind: TransportKind) async throws {
        let transport = kind.make()
        try await withSandbox { sandbox in
            sandbox.enqueue(.close(afterEvents: 2))
            let response = try await transport.send(streamedChat(sandbox, saying: "a b c d"), headTimeout: 10)
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
    /// A close that follows the last bytes at once: the body always fails. URLSession delivers every byte
    /// before the error; AsyncHTTPClient 1.37 may drop the bytes that arrive together with the close
    /// (they sit in its un-demanded read buffer), so only a prefix is promised there.
    @Test("an abrupt close always fails the body; what arrives is a prefix", arguments: TransportKind.allCases)
    func abruptClose(kind: TransportKind) async throws {
        let transport = kind.make()
        try await withSandbox { sandbox in
            sandbox.enqueue(SandboxBehavior(closeAfterEvents: 3, closeDelay: 0))
            let response = try await transport.send(streamedChat(sandbox, saying: "a b c d e"), headTimeout: 10)
            var received = Data()
            await #expect(throws: TransportError.self) {
                for try await chunk in response.body { received.append(chunk) }
            }
            let events = String(decoding: received, as: UTF8.self).components(separatedBy: "\n\n").count - 1
            #expect(events >= 1 && events <= 3)
            if kind == .urlSession { #expect(events == 3) }
        }
        try await transport.shutdown()
    }
}

/// A streamed chat request to the sandbox whose user message is `text`.
func streamedChat(_ sandbox: Sandbox, saying text: String) -> TransportRequest {
    TransportRequest(
        method: .post, url: sandbox.baseURL.appendingPathComponent("v1/chat/completions"),
        headers: ["Authorization": "Bearer k"],
        body: Data(#"{"model":"m","stream":true,"messages":[{"role":"user","content":"\#(text)"}]}"#.utf8))
}
