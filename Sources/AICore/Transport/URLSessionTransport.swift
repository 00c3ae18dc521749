import Foundation
import HTTPTypes
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// An ``HTTPTransport`` on `URLSession`, the default on Apple platforms.
///
/// Bytes are delivered through a data delegate as they arrive, so streams are incremental on every
/// platform (on Linux through FoundationNetworking). Cancelling the reading task cancels the data task.
///
/// After ``shutdown()`` every request throws ``TransportError/shutDown``: the session is invalidated then, and
/// creating a task on an invalidated session raises an Objective-C exception on Apple platforms that Swift can't
/// catch, so no task is created once the shutdown flag is set (both happen under one lock).
public final class URLSessionTransport: HTTPTransport {
    private let session: URLSession
    private let delegate: SessionDelegate
    /// Whether ``shutdown()`` ran; tasks are created only under this lock, while it is false.
    private let isShutDown = LockedValue(false)

    /// Creates a transport with its own session.
    public init(configuration: URLSessionConfiguration = .default) {
        delegate = SessionDelegate()
        let queue = OperationQueue()
        queue.maxConcurrentOperationCount = 1
        queue.name = "SwiftAI.URLSessionTransport"
        session = URLSession(configuration: configuration, delegate: delegate, delegateQueue: queue)
    }

    deinit {
        session.invalidateAndCancel()
    }

    public func send(_ request: TransportRequest, headTimeout: TimeInterval) async throws -> TransportResponse {
        var urlRequest = URLRequest(url: request.url)
        urlRequest.httpMethod = request.method.rawValue
        for field in request.headers {
            urlRequest.addValue(field.value, forHTTPHeaderField: field.name.rawName)
        }
        urlRequest.httpBody = request.body
        #if canImport(FoundationNetworking)
        // swift-corelibs-foundation waits forever when a server closes a reused connection before answering a
        // request with a body (libcurl re-sends a GET on a fresh connection, but not a body it can't rewind): a
        // common race with servers' keep-alive timeouts. Requests with a body therefore get a connection of their
        // own there; GETs keep the pool. (Found by the fault matrix: "connection closed before the head".)
        if request.body != nil { urlRequest.setValue("close", forHTTPHeaderField: "Connection") }
        #endif
        // The SDK enforces its own head and idle timeouts; keep URLSession's from firing first.
        urlRequest.timeoutInterval = 86_400

        let (task, exchange) = try isShutDown.withLock { isShutDown in
            if isShutDown { throw TransportError.shutDown }
            let task = session.dataTask(with: urlRequest)
            // Registered before the lock is released, so a shutdown that cancels the task reaches its exchange.
            let exchange = Exchange(task: task, transportShutDown: self.isShutDown)
            delegate.register(exchange, for: task.taskIdentifier)
            return (task, exchange)
        }

        let head: TransportResponseHead = try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                exchange.awaitHead(continuation, timeout: headTimeout)
                task.resume()
            }
        } onCancel: {
            exchange.cancel(with: CancellationError())
        }
        return TransportResponse(head: head, body: exchange.body)
    }

    public func shutdown() async throws {
        // Tasks are created only while the flag is false, under its lock: once it is set, every task that will
        // ever exist already does, so the session is invalidated outside the lock (where delegate callbacks that
        // read the flag can't wait on it).
        let wasShutDown = isShutDown.withLock { isShutDown in
            defer { isShutDown = true }
            return isShutDown
        }
        if !wasShutDown { session.invalidateAndCancel() }
    }
}

/// The state of one data task: the pending head, then the body chunks.
/// `@unchecked Sendable`: `State` is touched only under its lock; the callbacks come from the session's queue.
private final class Exchange: @unchecked Sendable {
    private struct State {
        var headContinuation: CheckedContinuation<TransportResponseHead, any Error>?
        var headDelivered = false
        var failure: (any Error)?
        var timer: DeadlineScheduler.Token?
    }

    let task: URLSessionDataTask
    private let state = LockedValue(State())
    private let stream: AsyncThrowingStream<Data, any Error>
    private let continuation: AsyncThrowingStream<Data, any Error>.Continuation
    /// When the last body bytes arrived (for the reader's idle timeout).
    private let arrivals = ArrivalClock()
    /// The transport's shutdown flag: a task cancelled by the shutdown fails with `.shutDown`, not as cancelled.
    private let transportShutDown: LockedValue<Bool>

    init(task: URLSessionDataTask, transportShutDown: LockedValue<Bool>) {
        self.task = task
        self.transportShutDown = transportShutDown
        (stream, continuation) = AsyncThrowingStream<Data, any Error>.makeStream()
        continuation.onTermination = { [task] termination in
            if case .cancelled = termination { task.cancel() }
        }
    }

    var body: TransportBody {
        StreamedBody.make(stream, cancel: { [task] in task.cancel() }, arrivals: arrivals, interrupt: { self.cancel(with: $0) })
    }

    func awaitHead(_ continuation: CheckedContinuation<TransportResponseHead, any Error>, timeout: TimeInterval) {
        let failure: (any Error)? = state.withLock { state in
            if let failure = state.failure { return failure }
            state.headContinuation = continuation
            return nil
        }
        if let failure {
            continuation.resume(throwing: failure)
            return
        }
        let timer = DeadlineScheduler.shared.schedule(after: timeout) { [weak self] in
            // Unless the head arrived meanwhile: then the body is already the reader's.
            guard let self, self.state.withLock({ $0.headContinuation != nil }) else { return }
            self.cancel(with: TransportError.timedOut)
        }
        let alreadyAnswered = state.withLock { state -> Bool in
            state.timer = timer
            return state.headContinuation == nil
        }
        if alreadyAnswered { DeadlineScheduler.shared.cancel(timer) }
    }

    /// Fails the exchange with `error` and cancels the data task.
    func cancel(with error: any Error) {
        fail(error)
        task.cancel()
    }

    func receive(response: URLResponse) {
        let http = response as? HTTPURLResponse
        var headers = HTTPFields()
        for (name, value) in http?.allHeaderFields ?? [:] {
            // Names arrive as URLSession parsed them; one HTTPTypes refuses (not a token) is skipped.
            if let name = HTTPField.Name("\(name)") { headers.append(HTTPField(name: name, value: "\(value)")) }
        }
        // 0 when the response isn't HTTP; a code outside 0...999 (no HTTP status line has one) too, rather than the
        // trap `HTTPResponse.Status(code:)` has for it.
        let code = http?.statusCode ?? 0
        let head = TransportResponseHead(status: HTTPResponse.Status(code: (0...999).contains(code) ? code : 0), headers: headers)
        let continuation = state.withLock { state -> CheckedContinuation<TransportResponseHead, any Error>? in
            state.timer.map(DeadlineScheduler.shared.cancel)
            state.headDelivered = true
            defer { state.headContinuation = nil }
            return state.headContinuation
        }
        continuation?.resume(returning: head)
    }

    /// Buffers a chunk for the reader. URLSession has no per-read demand (and suspending a running data
    /// task traps in FoundationNetworking), so a reader slower than the network buffers what arrives.
    func receive(data: Data) {
        arrivals.arrived()
        continuation.yield(data)
    }

    func complete(error: (any Error)?) {
        if let error {
            fail(transportShutDown.current ? TransportError.shutDown : Self.map(error))
        } else if state.withLock({ $0.headDelivered }) {
            continuation.finish()
        } else {
            fail(TransportError.connectionFailed("The response ended before its head arrived."))
        }
    }

    private func fail(_ error: any Error) {
        let (headContinuation, wasDelivered) = state.withLock { state in
            state.timer.map(DeadlineScheduler.shared.cancel)
            if state.failure == nil { state.failure = error }
            defer { state.headContinuation = nil }
            return (state.headContinuation, state.headDelivered)
        }
        if let headContinuation {
            headContinuation.resume(throwing: state.current.failure ?? error)
        } else if wasDelivered {
            continuation.finish(throwing: state.current.failure ?? error)
        }
    }

    private static func map(_ error: any Error) -> any Error {
        guard let urlError = error as? URLError else {
            return TransportError.connectionFailed(String(describing: error))
        }
        switch urlError.code {
        case .cancelled: return CancellationError()
        case .timedOut: return TransportError.timedOut
        default: return TransportError.connectionFailed(urlError.localizedDescription)
        }
    }
}

/// Routes session callbacks to the exchange of each task.
/// `@unchecked Sendable`: an `NSObject` subclass can't be checked; its one stored property is a lock-guarded map.
private final class SessionDelegate: NSObject, URLSessionDataDelegate, @unchecked Sendable {
    private let exchanges = LockedValue<[Int: Exchange]>([:])

    func register(_ exchange: Exchange, for identifier: Int) {
        exchanges.withLock { $0[identifier] = exchange }
    }

    private func exchange(for task: URLSessionTask) -> Exchange? {
        exchanges.withLock { $0[task.taskIdentifier] }
    }

    func urlSession(
        _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
        completionHandler: @escaping (URLSession.ResponseDisposition) -> Void
    ) {
        exchange(for: dataTask)?.receive(response: response)
        completionHandler(.allow)
    }

    /// Redirects are handed back as responses: APIClient follows them, dropping credentials when the host changes.
    func urlSession(
        _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
        newRequest request: URLRequest, completionHandler: @escaping (URLRequest?) -> Void
    ) {
        completionHandler(nil)
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        exchange(for: dataTask)?.receive(data: data)
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        let exchange = exchanges.withLock { $0.removeValue(forKey: task.taskIdentifier) }
        exchange?.complete(error: error)
    }
}

/// `dump()` stops here: the session's tasks keep their requests, credential headers included.
extension URLSessionTransport: CustomReflectable {
    public var customMirror: Mirror { Mirror(self, unlabeledChildren: [Any](), displayStyle: .class) }
}
