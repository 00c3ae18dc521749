import Foundation

extension APIClient {
    /// Sends `request` and returns its server-sent events as `handler` turns them into values.
    ///
    /// Failures before the response head (HTTP errors included) are thrown from this call, after the
    /// retries the policy allows. After that, everything received is yielded before any error is thrown
    /// from the stream. A stream that fails before its first body byte is sent again as the policy allows.
    /// The stream fails with `.timeout` when no byte arrives for the idle timeout. Cancelling the consuming
    /// task, or dropping the stream, closes the connection.
    public func eventStream<Handler: ServerSentEventHandler>(
        _ request: APIRequest, options: RequestOptions = .default, handler: Handler
    ) async throws -> AsyncThrowingStream<Handler.Output, any Error> {
        let outgoing = try transportRequest(for: request, options: options)
        let first = try await openStream(outgoing, options: options)
        let idleTimeout = options.streamIdleTimeout ?? configuration.streamIdleTimeout
        let maxRetries = options.maxRetries ?? configuration.retryPolicy.maxRetries
        let (stream, continuation) = AsyncThrowingStream<Handler.Output, any Error>.makeStream()
        let task = Task {
            var response = first
            var retry = 0
            while true {
                let progress = LockedValue(StreamProgress())
                do {
                    try await Self.pump(
                        response, handler: handler, idleTimeout: idleTimeout, progress: progress,
                        continuation: continuation)
                    continuation.finish()
                    return
                } catch {
                    let failure = Self.mapStreamError(error, url: outgoing.url, idleTimeout: idleTimeout)
                    let canRetry = !progress.current.receivedBytes && retry < maxRetries
                        && (failure.kind == .connection || failure.kind == .timeout) && !Task.isCancelled
                    guard canRetry else {
                        continuation.finish(throwing: failure)
                        return
                    }
                    logger.debug("Stream failed before its first byte; sending it again: \(failure.kind.rawValue)")
                    do {
                        try await Task.sleep(seconds: configuration.retryPolicy.delay(forRetry: retry))
                        var retryOptions = options
                        retryOptions.maxRetries = maxRetries - retry - 1
                        response = try await openStream(outgoing, options: retryOptions)
                        retry += 1
                    } catch {
                        continuation.finish(throwing: Self.mapStreamError(error, url: outgoing.url, idleTimeout: idleTimeout))
                        return
                    }
                }
            }
        }
        continuation.onTermination = { termination in
            if case .cancelled = termination { task.cancel() }
        }
        return stream
    }

    /// Reads one response body into the continuation, racing an idle watchdog.
    private static func pump<Handler: ServerSentEventHandler>(
        _ response: TransportResponse, handler: Handler, idleTimeout: TimeInterval,
        progress: LockedValue<StreamProgress>, continuation: AsyncThrowingStream<Handler.Output, any Error>.Continuation
    ) async throws {
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask {
                try await read(response, handler: handler, progress: progress, continuation: continuation)
            }
            group.addTask {
                try await watch(progress, idleTimeout: idleTimeout)
            }
            defer { group.cancelAll() }
            _ = try await group.next()
        }
    }

    private static func read<Handler: ServerSentEventHandler>(
        _ response: TransportResponse, handler: Handler, progress: LockedValue<StreamProgress>,
        continuation: AsyncThrowingStream<Handler.Output, any Error>.Continuation
    ) async throws {
        var handler = handler
        var parser = ServerSentEventParser()
        var finished = false
        let context = StreamContext(status: response.status, headers: response.headers)
        for try await chunk in response.body {
            let now = MonotonicClock.now
            progress.withLock {
                $0.lastActivity = now
                $0.receivedBytes = true
            }
            if finished { continue }
            try parser.parse(chunk) { event in
                guard !finished else { return }
                switch try handler.handle(event, context: context) {
                case .yield(let output): continuation.yield(output)
                case .skip: break
                case .finish: finished = true
                }
            }
            if finished {
                // The consumer has everything; keep reading briefly so the connection can be reused.
                continuation.finish()
                progress.withLock { $0.draining = true }
            }
        }
        try Task.checkCancellation()
        if !finished {
            let dropped = parser.finish()
            try handler.endOfStream(droppedPartialEvent: dropped, context: context)
        }
    }

    private static func watch(_ progress: LockedValue<StreamProgress>, idleTimeout: TimeInterval) async throws {
        while true {
            let state = progress.current
            let limit = state.draining ? min(idleTimeout, StreamProgress.drainTimeout) : idleTimeout
            let remaining = state.lastActivity + limit - MonotonicClock.now
            if remaining <= 0 {
                if state.draining { throw StreamProgress.DrainTimeout() }
                throw TransportError.timedOut
            }
            try await Task.sleep(seconds: min(remaining + 0.001, 3600))
        }
    }

    private static func mapStreamError(_ error: any Error, url: URL, idleTimeout: TimeInterval) -> APIError {
        switch error {
        case TransportError.timedOut:
            return APIError(kind: .timeout, message: "The stream from \(url.host ?? "the server") sent nothing for \(idleTimeout) s.")
        case TransportError.connectionFailed(let reason):
            return APIError(kind: .connection, message: "The connection to \(url.host ?? "the server") broke before the stream ended: \(reason)")
        default:
            return map(error, url: url)
        }
    }
}

/// Shared between a stream's reader and its idle watchdog.
struct StreamProgress: Sendable {
    static let drainTimeout: TimeInterval = 2
    struct DrainTimeout: Error {}

    var lastActivity = MonotonicClock.now
    var receivedBytes = false
    var draining = false
}
