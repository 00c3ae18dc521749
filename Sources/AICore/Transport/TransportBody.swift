import Foundation

/// The body of a response an ``HTTPTransport`` returns, delivered as chunks in the order they arrive from the network.
///
/// (Not `HTTPBody`: swift-openapi-runtime and others have a type of that name, and a file importing both would see two.)
///
/// It can be iterated once. Iteration keeps the transport's own back-pressure: the next chunk is read
/// from the connection only when asked for.
public struct TransportBody: AsyncSequence, Sendable {
    public typealias Element = Data

    private let makeNext: @Sendable () -> (@Sendable () async throws -> Data?)

    /// What a stream's idle timeout needs to watch the body without a task and a timer per read: when its bytes last
    /// arrived, and a way to fail its waiting read (and every later one) and close the connection. Nil for bodies
    /// that can't (a custom transport's); their reads race a deadline instead.
    package let idleControl: (arrivals: ArrivalClock, interrupt: @Sendable (any Error) -> Void)?

    /// Creates a body from a factory that returns the `next` function of a fresh iterator.
    public init(_ makeNext: @escaping @Sendable () -> (@Sendable () async throws -> Data?)) {
        self.makeNext = makeNext
        idleControl = nil
    }

    package init(
        arrivals: ArrivalClock, interrupt: @escaping @Sendable (any Error) -> Void,
        _ makeNext: @escaping @Sendable () -> (@Sendable () async throws -> Data?)
    ) {
        self.makeNext = makeNext
        idleControl = (arrivals, interrupt)
    }

    /// A body that yields the given data once.
    public static func bytes(_ data: Data) -> TransportBody {
        TransportBody {
            let remaining = LockedValue<Data?>(data.isEmpty ? nil : data)
            return { remaining.withLock { value in defer { value = nil }; return value } }
        }
    }

    public struct AsyncIterator: AsyncIteratorProtocol {
        let next: @Sendable () async throws -> Data?
        public mutating func next() async throws -> Data? { try await next() }
    }

    public func makeAsyncIterator() -> AsyncIterator { AsyncIterator(next: makeNext()) }

    /// Reads the whole body, failing with ``APIError`` kind `.invalidResponse` past `limit` bytes.
    public func collect(upTo limit: Int = 256 * 1024 * 1024) async throws -> Data {
        var result = Data()
        for try await chunk in self {
            if result.count + chunk.count > limit {
                throw APIError(kind: .invalidResponse, message: "Response body exceeds \(limit) bytes.")
            }
            result.append(chunk)
        }
        return result
    }
}
