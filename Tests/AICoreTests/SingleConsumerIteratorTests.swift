import Foundation
import Testing

@testable import AICore

@Suite("SingleConsumerIterator")
struct SingleConsumerIteratorTests {
    @Test("hands out the base's values and error in order, from a @Sendable closure")
    func passesThrough() async throws {
        struct Broken: Error {}
        let (stream, continuation) = AsyncThrowingStream.makeStream(of: Int.self)
        for value in 1...3 { continuation.yield(value) }
        continuation.finish(throwing: Broken())
        let box = SingleConsumerIterator(stream.makeAsyncIterator())
        let next: @Sendable () async throws -> Int? = { try await box.next() }
        #expect(try await next() == 1)
        #expect(try await next() == 2)
        #expect(try await next() == 3)
        await #expect(throws: Broken.self) { try await next() }
        #expect(try await next() == nil)
    }

    @Test("tells its owner when the reader drops it")
    func releases() async throws {
        let released = LockedValue(0)
        let (stream, continuation) = AsyncStream.makeStream(of: Int.self)
        continuation.yield(7)
        var box: SingleConsumerIterator? = SingleConsumerIterator(stream.makeAsyncIterator()) { released.withLock { $0 += 1 } }
        #expect(try await box?.next() == 7)
        #expect(released.current == 0)
        box = nil
        #expect(released.current == 1)
        continuation.finish()
    }
}
