import Foundation

/// Reads one streamed body on behalf of its single consumer: frames it, hands each event to the handler, and
/// re-opens the stream (from the request's retry budget) when it breaks before its first byte.
///
/// It also ends the call's telemetry: when the stream ends, fails, or is let go of before its end (the reader's
/// `deinit`).
///
/// `@unchecked Sendable`: its mutable state is touched only from `nextBatch()`, which the stream's single consumer
/// calls one at a time.
final class EventStreamReader<Handler: StreamHandler>: @unchecked Sendable {
    private let client: APIClient
    private let call: APIClient.Call
    private var request: TransportRequest { call.request }
    private let options: RequestOptions
    private let initialHandler: Handler
    private let idleTimeout: TimeInterval
    private let framing: StreamFraming

    private var budget: RetryBudget
    private var context: StreamContext
    private var handler: Handler
    private var parser = ServerSentEventParser()
    private var lines = LineSplitter()
    private var body: TransportBody.AsyncIterator
    /// Ends a read that waits longer than the idle timeout, when the body can be interrupted (else each read races
    /// a deadline).
    private var watchdog: IdleWatchdog?
    /// What the current read completed, handed to the consumer as one batch.
    private var ready: [Handler.Output] = []
    private var pendingError: (any Error)?
    private var receivedBytes = false
    /// Whether a failed re-open already told the interceptors (its retries end like any call's).
    private var interceptorsTold = false
    private var finished = false

    init(
        client: APIClient, call: APIClient.Call, options: RequestOptions, framing: StreamFraming,
        response: TransportResponse, handler: Handler, budget: RetryBudget
    ) {
        self.client = client
        self.framing = framing
        self.call = call
        self.options = options
        self.initialHandler = handler
        self.handler = handler
        self.budget = budget
        idleTimeout = options.streamIdleTimeout ?? client.configuration.streamIdleTimeout
        context = StreamContext(status: response.status.code, headers: response.headers)
        body = response.body.makeAsyncIterator()
        watchdog = Self.watchdog(for: response.body, idleTimeout: idleTimeout)
    }

    deinit {
        watchdog?.stop()
        call.telemetry?.cancelled()
    }

    /// The watchdog of `body`'s reads; nil without an idle timeout or a way to interrupt the body.
    private static func watchdog(for body: TransportBody, idleTimeout: TimeInterval) -> IdleWatchdog? {
        guard idleTimeout < 86_400 * 365, let control = body.idleControl else { return nil }
        // The same error a lost deadline race gives, so the reader reports it the same way (`.timeout`).
        return IdleWatchdog(limit: idleTimeout, arrivals: control.arrivals) { control.interrupt(DeadlineExceeded()) }
    }

    /// The values completed by the next network reads (never empty), nil at the end of the stream. Values that
    /// arrived before an error are returned first; the error is thrown by the next call.
    func nextBatch() async throws -> [Handler.Output]? {
        while true {
            if let error = pendingError {
                pendingError = nil
                finished = true
                let thrown = (error as? APIError)?.maskingCredentials(sentIn: request.headers) ?? error
                await ended(by: thrown)
                throw thrown
            }
            if finished {
                watchdog?.stop()
                call.telemetry?.streamEnded()
                return nil
            }
            do {
                try await readChunk()
            } catch {
                do {
                    try await recover(from: error)
                } catch {
                    await ended(by: error)
                    throw error
                }
            }
            // Nothing more is waited for: the timer goes now, not when the consumer lets go of the stream.
            if finished || pendingError != nil { watchdog?.stop() }
            if !ready.isEmpty {
                if let telemetry = call.telemetry {
                    for value in ready { telemetry.streamed(value) }
                    // The stream's end arrived with this batch: its span ends now, complete, even if the consumer
                    // stops asking once it has the final event.
                    if finished && pendingError == nil { telemetry.streamEnded() }
                }
                // The batch goes to the consumer; the next one starts with room for as many values (one allocation
                // per read instead of one per doubling).
                let batch = ready
                ready = []
                if !finished { ready.reserveCapacity(batch.count) }
                return batch
            }
        }
    }

    /// Reads one network chunk and turns its complete events into ready values.
    private func readChunk() async throws {
        guard let chunk = try await nextChunk() else {
            var dropped = false
            switch framing {
            case .serverSentEvents: dropped = parser.finish()
            case .jsonLines:
                if let line = lines.finish() { try deliver(ServerSentEvent(data: line)) }
            case .bytes: break
            }
            finished = true
            try handler.endOfStream(droppedPartialEvent: dropped, context: context)
            return
        }
        receivedBytes = true
        do {
            switch framing {
            case .serverSentEvents: try parser.parse(chunk) { try deliver($0) }
            case .jsonLines: try lines.parse(chunk) { try deliver(ServerSentEvent(data: $0)) }
            case .bytes: try deliver(ServerSentEvent(data: chunk))
            }
        } catch {
            // Deliver what this chunk completed before the error.
            pendingError = error
        }
        if finished { drainInBackground() }
    }

    /// Hands one event to the handler and queues what it yields.
    private func deliver(_ event: ServerSentEvent) throws {
        guard !finished else { return }
        if try handler.handle(event, context: context, into: &ready) == .finish { finished = true }
    }

    /// The next body chunk, or a timeout when none arrives within the idle timeout.
    private func nextChunk() async throws -> Data? {
        let next = body.next
        if let watchdog {
            watchdog.waitBegan()
            defer { watchdog.waitEnded() }
            return try await next()
        }
        guard idleTimeout < 86_400 * 365 else { return try await next() }
        return try await withDeadline(idleTimeout, loser: .awaited) { try await next() }
    }

    /// Opens the stream again when nothing was received yet and the budget allows; otherwise throws the mapped
    /// error.
    private func recover(from error: any Error) async throws {
        var failure = APIError(transportFailure: error, url: request.url, readingBodyWithIdleTimeout: idleTimeout)
        guard !receivedBytes, let delay = budget.nextDelay(after: failure, response: nil) else {
            finished = true
            if !receivedBytes { failure.attempts = budget.attempts }
            throw failure
        }
        client.logger.debug("Stream failed before its first byte; sending it again: \(failure.kind.rawValue)")
        call.telemetry?.retrying(after: failure, attempt: budget.retriesUsed, delay: delay)
        do {
            try await Task.sleep(seconds: delay)
        } catch {
            finished = true
            throw APIError(kind: .cancelled, message: "The stream was cancelled while waiting to send it again.")
        }
        do {
            var budget = self.budget
            let response = try await client.openStream(call, options: options, budget: &budget)
            self.budget = budget
            context = StreamContext(status: response.status.code, headers: response.headers)
            body = response.body.makeAsyncIterator()
            watchdog?.stop()
            watchdog = Self.watchdog(for: response.body, idleTimeout: idleTimeout)
            handler = initialHandler
            parser = ServerSentEventParser()
            lines = LineSplitter()
            finished = false
        } catch {
            finished = true
            interceptorsTold = true
            throw APIError(transportFailure: error, url: request.url, readingBodyWithIdleTimeout: idleTimeout)
        }
    }

    /// Ends the call's telemetry with `error` and tells the interceptors (a stream's failure after its head is the
    /// call's failure too).
    private func ended(by error: any Error) async {
        call.telemetry?.failed(error)
        if !interceptorsTold, let error = error as? APIError {
            _ = await client.failing(error, call: call, intercepted: nil)
        }
    }

    /// Reads what follows the end marker so the connection can be reused, without making the consumer wait.
    private func drainInBackground() {
        let next = body.next
        Task {
            _ = try? await withDeadline(2, loser: .awaited) {
                var drained = 0
                while let chunk = try await next(), drained < 1 << 20 { drained += chunk.count }
            }
        }
    }
}
