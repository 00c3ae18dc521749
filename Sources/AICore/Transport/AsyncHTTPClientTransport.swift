#if SWIFTAI_NIO
import AsyncHTTPClient
import Foundation
import HTTPTypes
import NIOCore
import NIOHTTP1

/// An ``HTTPTransport`` on AsyncHTTPClient: pooled connections and true incremental streaming.
///
/// The default transport on Linux. Cancelling the task that reads a body, or dropping the body's
/// iterator, closes the connection.
///
/// Bodies are read through AsyncHTTPClient's delegate interface, which takes every chunk as soon as the
/// connection yields it, up to ``highWatermark`` unread bytes. Its `async` interface instead stops asking
/// for data after one unread chunk, and bytes that reach AsyncHTTPClient while nobody is asking are
/// dropped when the server then closes the connection — a reader that is a little slow would lose the
/// last events of a stream cut short.
public final class AsyncHTTPClientTransport: HTTPTransport {
    /// Unread bytes of one body above which the connection stops being read.
    package static let highWatermark = 4 * 1024 * 1024
    /// Unread bytes of one body below which reading resumes.
    package static let lowWatermark = 1024 * 1024

    private let client: HTTPClient
    private let ownsClient: Bool
    /// Whether ``shutdown()`` ran: later requests throw ``TransportError/shutDown`` (also with a client the caller
    /// owns, so both transports answer alike), and requests it cut short end with it.
    private let isShutDown = LockedValue(false)

    /// Creates a transport with its own `HTTPClient` on the shared event loop group.
    ///
    /// - Parameter connectTimeout: how long to wait for a TCP/TLS connection.
    public init(connectTimeout: TimeInterval = 10) {
        var configuration = HTTPClient.Configuration()
        configuration.timeout.connect = .nanoseconds(Int64(connectTimeout * 1e9))
        configuration.decompression = .enabled(limit: .none)
        configuration.httpVersion = .automatic
        // APIClient follows redirects itself, dropping credentials when the host changes; AsyncHTTPClient
        // would strip only `Authorization` and send `api-key` / `x-api-key` on.
        configuration.redirectConfiguration = .disallow
        // A refused or failed connection fails the attempt at once, and the SDK's RetryPolicy decides about
        // retrying (with its backoff, like the official SDKs). AsyncHTTPClient's own re-dialling would hold each
        // attempt for the whole connect timeout: 3 × 10 s before "connection refused" reached the caller.
        configuration.connectionPool.retryConnectionEstablishment = false
        // The SDK makes each call's client span itself (see CallTelemetry) and sends its trace context.
        // AsyncHTTPClient would add a second span per request, not parented to the caller's (its streaming API
        // doesn't see the task's context), with whatever tracer was current when this transport was made.
        configuration.tracing.tracer = nil
        client = HTTPClient(eventLoopGroupProvider: .singleton, configuration: configuration)
        ownsClient = true
    }

    /// Wraps an existing client; the caller keeps ownership and shuts it down. This transport's ``shutdown()`` only
    /// stops it taking requests (they throw ``TransportError/shutDown``) and leaves the client and its running
    /// requests alone.
    ///
    /// Give it a client whose `redirectConfiguration` is `.disallow`: the SDK follows redirects itself and
    /// keeps credentials from reaching another host, which AsyncHTTPClient's own redirects don't.
    public init(client: HTTPClient) {
        self.client = client
        ownsClient = false
    }

    deinit {
        // Non-blocking: the deinit may run on an event loop thread, where a synchronous shutdown would trap.
        if ownsClient { _ = client.shutdown() }
    }

    public func send(_ request: TransportRequest, headTimeout: TimeInterval) async throws -> TransportResponse {
        var headers = HTTPHeaders()
        headers.reserveCapacity(request.headers.count)
        for field in request.headers {
            headers.add(name: field.name.rawName, value: field.value)
        }
        let outgoing: HTTPClient.Request
        do {
            outgoing = try HTTPClient.Request(
                url: request.url.absoluteString, method: NIOHTTP1.HTTPMethod(rawValue: request.method.rawValue),
                headers: headers, body: request.body.map { .bytes($0) })
        } catch {
            throw Self.map(error)
        }
        try Task.checkCancellation()
        if isShutDown.current { throw TransportError.shutDown }
        // Only a client this transport owns is shut down with it; a borrowed client's failures stay its own.
        let exchange = BodyExchange(transportShutDown: ownsClient ? isShutDown : LockedValue(false))
        exchange.attach(client.execute(request: outgoing, delegate: exchange, eventLoop: .indifferent, logger: nil))
        let head = try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                exchange.awaitHead(continuation, timeout: headTimeout)
            }
        } onCancel: {
            exchange.cancel(with: CancellationError())
        }
        return TransportResponse(head: head, body: exchange.body)
    }

    public func shutdown() async throws {
        let first = isShutDown.withLock { isShutDown in
            defer { isShutDown = true }
            return !isShutDown
        }
        if first, ownsClient { try await client.shutdown() }
    }

    static func map(_ error: any Error) -> any Error {
        if error is CancellationError || error is TransportError { return error }
        if let clientError = error as? HTTPClientError {
            switch clientError {
            case .cancelled:
                return CancellationError()
            case .deadlineExceeded, .readTimeout, .connectTimeout, .writeTimeout:
                return TransportError.timedOut
            case .alreadyShutdown:
                return TransportError.shutDown
            default:
                return TransportError.connectionFailed(String(describing: clientError))
            }
        }
        if Task.isCancelled { return CancellationError() }
        return TransportError.connectionFailed(String(describing: error))
    }
}

/// One request: the pending head, then the body chunks buffered for the reader.
/// `@unchecked Sendable`: `State` is touched only under its lock; AsyncHTTPClient calls the delegate on an event loop.
private final class BodyExchange: HTTPClientResponseDelegate, @unchecked Sendable {
    typealias Response = Void

    private struct State {
        var task: HTTPClient.Task<Void>?
        var headContinuation: CheckedContinuation<TransportResponseHead, any Error>?
        var head: TransportResponseHead?
        var headDelivered = false
        var ended = false
        var failure: (any Error)?
        var timer: DeadlineScheduler.Token?
        var unreadBytes = 0
        var demand: EventLoopPromise<Void>?
    }

    private let state = LockedValue(State())
    /// The chunks received and not yet read, taken joined by a reader that fell behind.
    private let backlog = ChunkBacklog()
    /// When the last body bytes arrived (for the reader's idle timeout).
    private let arrivals = ArrivalClock()
    /// Wakes the reader when the backlog stops being empty; ends the body (after its chunks) or fails it.
    private let stream: AsyncThrowingStream<Void, any Error>
    private let continuation: AsyncThrowingStream<Void, any Error>.Continuation
    /// The transport's shutdown flag: a request the shutdown cut short fails with `.shutDown`.
    private let transportShutDown: LockedValue<Bool>

    init(transportShutDown: LockedValue<Bool>) {
        self.transportShutDown = transportShutDown
        (stream, continuation) = AsyncThrowingStream<Void, any Error>.makeStream()
        continuation.onTermination = { [weak self] termination in
            if case .cancelled = termination { self?.cancel(with: CancellationError()) }
        }
    }

    func attach(_ task: HTTPClient.Task<Void>) {
        let failure = state.withLock { state -> (any Error)? in
            state.task = task
            return state.failure
        }
        if let failure { task.fail(reason: failure) }
        // Some failures (a client already shut down, a redirect loop) fail the task without telling the delegate.
        task.futureResult.whenFailure { [weak self] error in self?.fail(self?.map(error) ?? error) }
    }

    var body: TransportBody {
        StreamedBody.make(
            backlog, wakeUps: stream, cancel: { self.cancel(with: CancellationError()) }, arrivals: arrivals, interrupt: { self.cancel(with: $0) },
            consumed: { self.consumed($0) })
    }

    func awaitHead(_ continuation: CheckedContinuation<TransportResponseHead, any Error>, timeout: TimeInterval) {
        // A head that arrived wins over a later failure: the failure ends the body, after what it received.
        let answer = state.withLock { state -> Result<TransportResponseHead, any Error>? in
            if let head = state.head {
                state.headDelivered = true
                return .success(head)
            }
            if let failure = state.failure { return .failure(failure) }
            state.headContinuation = continuation
            return nil
        }
        if let answer {
            continuation.resume(with: answer)
            return
        }
        let timer = DeadlineScheduler.shared.schedule(after: timeout) { [weak self] in
            self?.headTimedOut()
        }
        let alreadyAnswered = state.withLock { state -> Bool in
            state.timer = timer
            return state.headContinuation == nil
        }
        if alreadyAnswered { DeadlineScheduler.shared.cancel(timer) }
    }

    /// The head timeout passed: fails the exchange unless the head arrived meanwhile.
    private func headTimedOut() {
        guard state.withLock({ $0.headContinuation != nil }) else { return }
        cancel(with: TransportError.timedOut)
    }

    /// Fails the exchange with `error` and closes the connection.
    func cancel(with error: any Error) {
        let (task, ended) = state.withLock { ($0.task, $0.ended) }
        if ended { return }
        fail(error)
        task?.fail(reason: error)
    }

    /// The reader took `count` bytes; reading the connection resumes once few enough are left unread.
    private func consumed(_ count: Int) {
        let demand = state.withLock { state -> EventLoopPromise<Void>? in
            state.unreadBytes -= count
            guard state.unreadBytes <= AsyncHTTPClientTransport.lowWatermark else { return nil }
            defer { state.demand = nil }
            return state.demand
        }
        demand?.succeed(())
    }

    private func fail(_ error: any Error) {
        let (headContinuation, headArrived, demand, failure) = state.withLock { state in
            state.timer.map(DeadlineScheduler.shared.cancel)
            state.timer = nil
            if state.failure == nil { state.failure = error }
            state.ended = true
            defer {
                state.headContinuation = nil
                state.demand = nil
            }
            return (state.headContinuation, state.headDelivered || state.head != nil, state.demand, state.failure ?? error)
        }
        demand?.fail(failure)
        if let headContinuation {
            headContinuation.resume(throwing: failure)
        } else if headArrived {
            // The body's reader gets every chunk that arrived, then the error.
            continuation.finish(throwing: failure)
        }
    }

    // MARK: HTTPClientResponseDelegate

    func didReceiveHead(task: HTTPClient.Task<Void>, _ head: HTTPResponseHead) -> EventLoopFuture<Void> {
        let response = TransportResponseHead(
            status: HTTPResponse.Status(code: Int(head.status.code), reasonPhrase: head.status.reasonPhrase),
            headers: HTTPFields(nioHeaders: head.headers))
        let headContinuation = state.withLock { state -> CheckedContinuation<TransportResponseHead, any Error>? in
            state.timer.map(DeadlineScheduler.shared.cancel)
            state.timer = nil
            guard let continuation = state.headContinuation else {
                state.head = response
                return nil
            }
            state.headDelivered = true
            state.headContinuation = nil
            return continuation
        }
        headContinuation?.resume(returning: response)
        return task.eventLoop.makeSucceededVoidFuture()
    }

    func didReceiveBodyPart(task: HTTPClient.Task<Void>, _ buffer: ByteBuffer) -> EventLoopFuture<Void> {
        let chunk = Data(buffer.readableBytesView)
        arrivals.arrived()
        let demand = state.withLock { state -> EventLoopFuture<Void>? in
            state.unreadBytes += chunk.count
            guard state.unreadBytes > AsyncHTTPClientTransport.highWatermark, !state.ended else { return nil }
            let promise = state.demand ?? task.eventLoop.makePromise(of: Void.self)
            state.demand = promise
            return promise.futureResult
        }
        if backlog.append(chunk) { continuation.yield(()) }
        return demand ?? task.eventLoop.makeSucceededVoidFuture()
    }

    func didFinishRequest(task: HTTPClient.Task<Void>) throws {
        state.withLock { $0.ended = true }
        continuation.finish()
    }

    func didReceiveError(task: HTTPClient.Task<Void>, _ error: any Error) {
        fail(map(error))
    }

    /// What the reader sees of a failure: `.shutDown` once the transport was shut down (AsyncHTTPClient reports the
    /// requests its shutdown cancels as cancelled), else the transport's mapping.
    private func map(_ error: any Error) -> any Error {
        transportShutDown.current ? TransportError.shutDown : AsyncHTTPClientTransport.map(error)
    }
}

extension HTTPFields {
    /// The fields of a head NIO parsed. NIO's parser accepts only token names, so none is dropped in practice; a name
    /// HTTPTypes would refuse is skipped rather than failing the response.
    init(nioHeaders headers: HTTPHeaders) {
        self.init()
        reserveCapacity(headers.count)
        for (name, value) in headers {
            if let name = HTTPField.Name(name) { append(HTTPField(name: name, value: value)) }
        }
    }
}

/// `dump()` stops here: AsyncHTTPClient's pool keeps the last requests' heads, credential headers included.
extension AsyncHTTPClientTransport: CustomReflectable {
    public var customMirror: Mirror { Mirror(self, children: ["ownsClient": ownsClient], displayStyle: .class) }
}
#endif
