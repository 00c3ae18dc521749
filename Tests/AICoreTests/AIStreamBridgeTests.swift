import AISandbox
import Foundation
import HTTPTypes
import SwiftAITestSupport
import Testing

@testable import AICore

/// Code written against the seeds' `AsyncThrowingStream` types: `AIStream(stream)` one way, `.asyncThrowingStream`
/// the other, with values, errors and cancellation intact.
@Suite("AIStream ⇄ AsyncThrowingStream")
struct AIStreamBridgeTests {
    private struct Failure: Error {}

    @Test("AIStream(asyncThrowingStream): values in order, then the error")
    func fromAsyncThrowingStream() async throws {
        let (base, continuation) = AsyncThrowingStream<Int, any Error>.makeStream()
        continuation.yield(1)
        continuation.yield(2)
        continuation.finish(throwing: Failure())
        let stream: AIStream<Int> = AIStream(base)
        var values: [Int] = []
        await #expect(throws: Failure.self) {
            for try await value in stream { values.append(value) }
        }
        #expect(values == [1, 2])
    }

    @Test("cancelling the consumer of AIStream(asyncThrowingStream) cancels the AsyncThrowingStream")
    func cancellationReachesAsyncThrowingStream() async throws {
        let (base, continuation) = AsyncThrowingStream<Int, any Error>.makeStream()
        let cancelled = LockedValue(false)
        continuation.onTermination = { termination in
            if case .cancelled = termination { cancelled.withLock { $0 = true } }
        }
        continuation.yield(1)
        let (received, receivedContinuation) = AsyncStream<Int>.makeStream()
        let consumer = Task {
            for try await value in AIStream(base) { receivedContinuation.yield(value) }
        }
        var receivedValues = received.makeAsyncIterator()
        #expect(await receivedValues.next() == 1)
        #expect(!cancelled.current)
        consumer.cancel()
        _ = try? await consumer.value
        #expect(cancelled.current)
    }

    @Test("aiStream.asyncThrowingStream: every value in order, then the error, read on demand")
    func toAsyncThrowingStream() async throws {
        let batches = LockedValue<[Result<[Int], Failure>]>([.success([1, 2]), .success([3]), .failure(Failure())])
        let reads = LockedValue(0)
        let stream = AIStream<Int>(batches: {
            reads.withLock { $0 += 1 }
            return try batches.withLock { $0.isEmpty ? nil : $0.removeFirst() }?.get()
        })
        let bridged: AsyncThrowingStream<Int, any Error> = stream.asyncThrowingStream
        var iterator = bridged.makeAsyncIterator()
        #expect(try await iterator.next() == 1)
        #expect(reads.current == 1, "one read for the first batch, nothing read ahead")
        #expect(try await iterator.next() == 2)
        #expect(try await iterator.next() == 3)
        #expect(reads.current == 2)
        await #expect(throws: Failure.self) { _ = try await iterator.next() }
        #expect(try await iterator.next() == nil)
    }

    @Test("cancelling the consumer of .asyncThrowingStream closes the connection", arguments: TransportKind.allCases)
    func cancellationClosesConnection(kind: TransportKind) async throws {
        let transport = kind.make()
        try await withSandbox { sandbox in
            sandbox.enqueue(.stall(afterEvents: 1))
            let client = makeClient(sandbox, transport: transport)
            let stream = try await client.eventStream(chatStream, handler: DataHandler()).asyncThrowingStream
            let (received, receivedContinuation) = AsyncStream<String>.makeStream()
            let consumer = Task {
                for try await value in stream { receivedContinuation.yield(value) }
            }
            var receivedValues = received.makeAsyncIterator()
            #expect(await receivedValues.next() != nil)
            #expect(sandbox.closedConnections == 0)
            consumer.cancel()
            _ = try? await consumer.value
            #expect(await sandbox.waitForClosedConnections(1, timeout: 60))
        }
        try await transport.shutdown()
    }

    @Test("breaking out of a loop over .asyncThrowingStream closes the connection", arguments: TransportKind.allCases)
    func breakClosesConnection(kind: TransportKind) async throws {
        let transport = kind.make()
        try await withSandbox { sandbox in
            sandbox.enqueue(.stall(afterEvents: 1))
            let client = makeClient(sandbox, transport: transport)
            do {
                let stream = try await client.eventStream(chatStream, handler: DataHandler()).asyncThrowingStream
                for try await _ in stream { break }
            }
            #expect(await sandbox.waitForClosedConnections(1, timeout: 60))
        }
        try await transport.shutdown()
    }

    @Test("a server error mid-stream reaches the AsyncThrowingStream's consumer after the values before it")
    func errorThroughBridge() async throws {
        try await withSandbox { sandbox in
            sandbox.enqueue(.close(afterEvents: 2))
            let client = makeClient(sandbox, transport: DefaultTransport.shared, maxRetries: 0)
            let stream = try await client.eventStream(chatStream, handler: DataHandler()).asyncThrowingStream
            var received: [String] = []
            do {
                for try await value in stream { received.append(value) }
                Issue.record("the stream should fail")
            } catch let error as APIError {
                #expect(error.kind == .connection, "\(error)")
            }
            #expect(received.count == 2)
        }
    }

    private var chatStream: APIRequest {
        APIRequest(
            method: .post, path: "/chat/completions", headers: HTTPFields(["Content-Type": "application/json"]),
            body: Data(#"{"model":"m","stream":true,"messages":[{"role":"user","content":"one two three four"}]}"#.utf8))
    }
}
