import Foundation

/// An ``HTTPBody`` over the chunks a transport pushes into a stream as they arrive.
///
/// `cancel` closes the request's connection. It is called when the body is dropped without being iterated,
/// and when its iterator is dropped (a finished request ignores it). A reader whose task is cancelled gets
/// `CancellationError` rather than a quiet end.
enum StreamedBody {
    /// - Parameter consumed: told the size of each chunk the reader takes (for read-ahead accounting).
    static func make(
        _ stream: AsyncThrowingStream<Data, any Error>, cancel: @escaping @Sendable () -> Void,
        consumed: (@Sendable (Int) -> Void)? = nil
    ) -> HTTPBody {
        let owner = Owner(cancel)
        return HTTPBody {
            let iterator = Iterator(stream.makeAsyncIterator(), owner: owner)
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

    /// Lives as long as the body or an iterator of it; the last one gone cancels.
    private final class Owner: Sendable {
        let cancel: @Sendable () -> Void

        init(_ cancel: @escaping @Sendable () -> Void) { self.cancel = cancel }

        deinit { cancel() }
    }

    /// The body's one iterator; dropping it before the end cancels.
    /// `@unchecked Sendable`: the iterator is advanced by the body's single reader, one `next()` at a time.
    private final class Iterator: @unchecked Sendable {
        private var iterator: AsyncThrowingStream<Data, any Error>.AsyncIterator
        private let owner: Owner

        init(_ iterator: AsyncThrowingStream<Data, any Error>.AsyncIterator, owner: Owner) {
            self.iterator = iterator
            self.owner = owner
        }

        deinit { owner.cancel() }

        func next() async throws -> Data? { try await iterator.next() }
    }
}
