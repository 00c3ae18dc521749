import Foundation

/// A ``TransportBody`` over the chunks a transport pushes into a stream as they arrive.
///
/// `cancel` closes the request's connection. It is called when the body is dropped without being iterated,
/// and when its iterator is dropped (a finished request ignores it). A reader whose task is cancelled gets
/// `CancellationError` rather than a quiet end.
enum StreamedBody {
    /// - Parameters:
    ///   - arrivals: told by the transport whenever bytes arrive.
    ///   - interrupt: fails the exchange with an error: the waiting read throws it (``TransportBody/idleControl``).
    ///   - consumed: told the size of each chunk the reader takes (for read-ahead accounting).
    static func make(
        _ stream: AsyncThrowingStream<Data, any Error>, cancel: @escaping @Sendable () -> Void,
        arrivals: ArrivalClock, interrupt: @escaping @Sendable (any Error) -> Void, consumed: (@Sendable (Int) -> Void)? = nil
    ) -> TransportBody {
        let owner = Owner(cancel)
        return TransportBody(arrivals: arrivals, interrupt: interrupt) {
            // The body's one iterator; dropping it before the end cancels (a finished request ignores that).
            let iterator = SingleConsumerIterator(stream.makeAsyncIterator(), onRelease: { owner.cancel() })
            return {
                guard let chunk = try await iterator.next() else {
                    if Task.isCancelled { throw CancellationError() }
                    return nil
                }
                consumed?(chunk.count)
                return chunk
            }
        }
    }

    /// A body whose chunks wait in `backlog` and are taken joined (see ``ChunkBacklog``); `wakeUps` gets an element
    /// whenever the backlog stops being empty, and ends (or fails) after the last chunk was added.
    static func make(
        _ backlog: ChunkBacklog, wakeUps: AsyncThrowingStream<Void, any Error>, cancel: @escaping @Sendable () -> Void,
        arrivals: ArrivalClock, interrupt: @escaping @Sendable (any Error) -> Void, consumed: @escaping @Sendable (Int) -> Void
    ) -> TransportBody {
        let owner = Owner(cancel)
        return TransportBody(arrivals: arrivals, interrupt: interrupt) {
            let iterator = SingleConsumerIterator(wakeUps.makeAsyncIterator(), onRelease: { owner.cancel() })
            return {
                while true {
                    if let chunk = backlog.take() {
                        consumed(chunk.count)
                        return chunk
                    }
                    // Empty: wait for the next chunk (a wake-up may be left from chunks already taken).
                    guard try await iterator.next() != nil else {
                        if let chunk = backlog.take() {
                            consumed(chunk.count)
                            return chunk
                        }
                        if Task.isCancelled { throw CancellationError() }
                        return nil
                    }
                }
            }
        }
    }

    /// Lives as long as the body or an iterator of it; the last one gone cancels.
    private final class Owner: Sendable {
        let cancel: @Sendable () -> Void

        init(_ cancel: @escaping @Sendable () -> Void) { self.cancel = cancel }

        deinit { cancel() }
    }
}
