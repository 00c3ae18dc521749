import AICore
import Foundation
import Testing

@Suite("AIStream: batches handed out in order, errors after the values before them, nothing after the end")
struct AIStreamTests {
    private struct Failure: Error, Equatable {}

    /// A source that returns the given batches, then `end` (nil or an error), counting its calls.
    private struct Source: Sendable {
        private let state: LockedValue<(batches: [[Int]], calls: Int)>
        private let error: Failure?

        init(_ batches: [[Int]], error: Failure? = nil) {
            self.state = LockedValue((batches, 0))
            self.error = error
        }

        var calls: Int { state.current.calls }

        func next() throws -> [Int]? {
            try state.withLock { state in
                state.calls += 1
                if !state.batches.isEmpty { return state.batches.removeFirst() }
                if let error { throw error }
                return nil
            }
        }
    }

    @Test("every value of every batch, in order; the source is asked once per batch and once for the end")
    func batches() async throws {
        let source = Source([[1, 2, 3], [4], [5, 6]])
        var values: [Int] = []
        for try await value in AIStream(batches: { try source.next() }) { values.append(value) }
        #expect(values == [1, 2, 3, 4, 5, 6])
        #expect(source.calls == 4)
    }

    @Test("an error arrives after the values before it, and the iterator then ends without asking again")
    func errorAfterValues() async throws {
        let source = Source([[1, 2]], error: Failure())
        var iterator = AIStream(batches: { try source.next() }).makeAsyncIterator()
        #expect(try await iterator.next() == 1)
        #expect(try await iterator.next() == 2)
        await #expect(throws: Failure.self) { try await iterator.next() }
        #expect(try await iterator.next() == nil)
        #expect(source.calls == 2)
    }

    @Test("consumed on the main actor, values arrive the same")
    @MainActor
    func mainActor() async throws {
        let source = Source([[1, 2], [3]])
        var values: [Int] = []
        for try await value in AIStream(batches: { try source.next() }) { values.append(value) }
        #expect(values == [1, 2, 3])
    }

    @Test("public initializers: a sequence of values, or any async sequence (for test doubles)")
    func publicInitializers() async throws {
        var fromValues: [String] = []
        for try await value in AIStream(["a", "b"]) { fromValues.append(value) }
        #expect(fromValues == ["a", "b"])
        var empty = 0
        for try await _ in AIStream([String]()) { empty += 1 }
        #expect(empty == 0)

        let (base, continuation) = AsyncThrowingStream<Int, any Error>.makeStream()
        continuation.yield(7)
        continuation.yield(8)
        continuation.finish(throwing: Failure())
        var fromBase: [Int] = []
        await #expect(throws: Failure.self) {
            for try await value in AIStream(base) { fromBase.append(value) }
        }
        #expect(fromBase == [7, 8])
    }
}

