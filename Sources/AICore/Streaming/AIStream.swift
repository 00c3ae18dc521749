import Foundation

/// The values of a streamed response (chat chunks, Responses events, Anthropic events, batch results, audio
/// bytes), in the order the server sent them.
///
/// Iterate it once with `for try await`. Why not `AsyncThrowingStream`: its iterator runs every `next()` on the
/// global executor, so a loop on the main actor (a SwiftUI view model, a command-line program's top-level code)
/// paid two thread hops per element — five times the CPU of the same loop elsewhere. This stream reads a network
/// chunk, parses and decodes all the events it completes off the caller's actor in one go, and then hands them
/// out on the caller's own executor (`next(isolation:)`, SE-0421): one hop per network read, none per element.
/// The next chunk is read only when the consumer asks for more, so a slow consumer holds the server back.
///
/// That saving needs macOS 15, iOS 18, tvOS 18, watchOS 11 or visionOS 2 (or Linux): `next(isolation:)` is part of
/// the runtime from those releases. On earlier Apple OSes a `for try await` loop calls `next()`, which leaves the
/// caller's actor for every element — a hop per element, as with `AsyncThrowingStream`; the values and their order
/// are the same.
///
/// Code written against `AsyncThrowingStream` (as earlier SwiftOpenAI and SwiftAnthropic releases returned) bridges in one line: `AIStream(stream)` takes an
/// `AsyncThrowingStream` (or any async sequence), and ``asyncThrowingStream`` gives one back.
///
/// Errors are thrown after every value that arrived before them; after an error or the end, `next()` returns
/// nil. Breaking out of the loop, dropping the stream or cancelling the consuming task closes the connection.
public struct AIStream<Element: Sendable>: AsyncSequence, Sendable {
    public typealias Failure = any Error

    /// Produces the values completed by the next network read; never an empty array, nil at the end.
    @usableFromInline let nextBatch: @Sendable () async throws -> [Element]?

    /// A stream whose values come in batches from `nextBatch`, called off the consumer's actor.
    package init(batches nextBatch: @escaping @Sendable () async throws -> [Element]?) {
        self.nextBatch = nextBatch
    }

    /// A stream of the values of `base`: canned values in a test double of a service, or the `AsyncThrowingStream`
    /// of code written against `AsyncThrowingStream`-based APIs (`AIStream(stream)`).
    ///
    /// Values and errors pass through in order. Cancelling the consuming task cancels the iteration of `base` (an
    /// `AsyncThrowingStream`'s `onTermination` sees `.cancelled`); dropping this stream drops `base`'s iterator.
    public init<Base: AsyncSequence & Sendable>(_ base: Base) where Base.Element == Element {
        let iterator = SingleConsumerIterator(base.makeAsyncIterator())
        nextBatch = { try await iterator.next().map { [$0] } }
    }

    /// A stream of the given values.
    public init(_ values: some Sequence<Element>) {
        let remaining = LockedValue<[Element]?>(Array(values))
        nextBatch = {
            remaining.withLock { values in
                defer { values = nil }
                return values?.isEmpty == false ? values : nil
            }
        }
    }

    /// The batch source, for adapters that map a stream batch by batch (one hop per batch, as here).
    package var batches: @Sendable () async throws -> [Element]? { nextBatch }

    @inlinable
    public func makeAsyncIterator() -> AsyncIterator { AsyncIterator(nextBatch: nextBatch) }

    /// Inlinable, so that the loop consuming a stream is specialized for its element type in the caller's module:
    /// handing out a value of a batch is then a plain copy, not a generic one through runtime type metadata.
    public struct AsyncIterator: AsyncIteratorProtocol {
        public typealias Failure = any Error

        @usableFromInline let nextBatch: @Sendable () async throws -> [Element]?
        @usableFromInline var batch: [Element] = []
        @usableFromInline var index = 0
        @usableFromInline var done = false

        @usableFromInline
        init(nextBatch: @escaping @Sendable () async throws -> [Element]?) {
            self.nextBatch = nextBatch
        }

        @inlinable
        public mutating func next() async throws -> Element? {
            try await next(isolatedTo: nil)
        }

        /// The next value, handed out on the caller's executor: only the call to the batch source (a network read,
        /// parsed and decoded) leaves it.
        @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
        @inlinable
        public mutating func next(isolation actor: isolated (any Actor)?) async throws(any Error) -> Element? {
            try await next(isolatedTo: actor)
        }

        /// The body of both `next`s. It takes the caller's isolation as a parameter, so called from
        /// `next(isolation:)` it runs on the caller's actor (no hop) and from `next()` it runs on no actor, as
        /// `next()` always did; only `next(isolation:)` itself is limited to the newer runtimes.
        @inlinable
        mutating func next(isolatedTo actor: isolated (any Actor)?) async throws -> Element? {
            if index < batch.count { return take() }
            if done { return nil }
            do {
                let next = try await nextBatch()
                return received(next)
            } catch {
                throw failed(error)
            }
        }

        @inlinable
        mutating func take() -> Element {
            defer { index += 1 }
            return batch[index]
        }

        @usableFromInline
        mutating func received(_ next: [Element]?) -> Element? {
            guard let next, !next.isEmpty else {
                done = true
                batch = []
                return nil
            }
            batch = next
            index = 1
            return next[0]
        }

        @usableFromInline
        mutating func failed(_ error: any Error) -> any Error {
            done = true
            batch = []
            return error
        }
    }
}
