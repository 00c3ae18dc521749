import Foundation

/// An async iterator behind a reference, for a `@Sendable` closure that advances it on behalf of one reader: the
/// source of an ``AIStream`` over another sequence, the `AsyncThrowingStream` bridge, a streamed ``TransportBody``, a
/// Realtime session's messages. Those closures must be `@Sendable`, and an iterator is a mutable value, so the
/// compiler can't accept it without a box.
///
/// `@unchecked Sendable`: the compiler can't see the single-consumer contract its users keep — one reader, calling
/// ``next()`` one call at a time (a second concurrent call would be an exclusivity violation, a crash, not a race).
package final class SingleConsumerIterator<Base: AsyncIteratorProtocol>: @unchecked Sendable {
    private var base: Base
    private let onRelease: (@Sendable () -> Void)?

    /// - Parameter onRelease: runs when the box goes away (the reader dropped it), e.g. to close a connection
    ///   that nobody will read to the end.
    package init(_ base: Base, onRelease: (@Sendable () -> Void)? = nil) {
        self.base = base
        self.onRelease = onRelease
    }

    deinit { onRelease?() }

    package func next() async throws -> Base.Element? { try await base.next() }
}
