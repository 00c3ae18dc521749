import Foundation

extension APIClient {
    /// Sends `request` and returns its server-sent events as `handler` turns them into values.
    ///
    /// Failures before the response head (HTTP errors included) are thrown from this call, after the
    /// retries the policy allows. The stream is pull-based: each network chunk is read, parsed and decoded
    /// in the consuming task when the consumer asks for more, so a slow consumer holds the server back
    /// instead of buffering without bound. Everything received is yielded before any error is thrown. A
    /// stream that fails before its first body byte is sent again as the policy allows. The stream fails
    /// with `.timeout` when no byte arrives for the idle timeout. Cancelling the consuming task, or
    /// dropping the stream, closes the connection.
    ///
    /// - Parameter framing: server-sent events (the default), JSON Lines whose lines reach the handler
    ///   as events with only `data`, or raw bytes (each chunk as one event).
    public func eventStream<Handler: ServerSentEventHandler>(
        _ request: APIRequest, options: RequestOptions = .default, framing: StreamFraming = .serverSentEvents,
        handler: Handler
    ) async throws -> AsyncThrowingStream<Handler.Output, any Error> {
        let outgoing = try transportRequest(for: request, options: options)
        let (first, attempts) = try await openStream(outgoing, options: options)
        let reader = EventStreamReader(
            client: self, request: outgoing, options: options, framing: framing, response: first, handler: handler,
            retriesUsed: attempts - 1)
        return AsyncThrowingStream(unfolding: { try await reader.next() })
    }
}

/// Reads one event stream on behalf of its single consumer.
final class EventStreamReader<Handler: ServerSentEventHandler>: @unchecked Sendable {
    private let client: APIClient
    private let request: TransportRequest
    private let options: RequestOptions
    private let initialHandler: Handler
    private let idleTimeout: TimeInterval
    private let maxRetries: Int

    private var context: StreamContext
    private var handler: Handler
    private let framing: StreamFraming
    private var parser = ServerSentEventParser()
    private var lines = LineSplitter()
    private var body: HTTPBody.AsyncIterator
    private var ready: [Handler.Output] = []
    private var readyIndex = 0
    private var pendingError: (any Error)?
    private var receivedBytes = false
    private var finished = false
    private var retries = 0

    init(
        client: APIClient, request: TransportRequest, options: RequestOptions, framing: StreamFraming,
        response: TransportResponse, handler: Handler, retriesUsed: Int
    ) {
        self.client = client
        retries = max(0, retriesUsed)
        self.framing = framing
        self.request = request
        self.options = options
        self.initialHandler = handler
        self.handler = handler
        idleTimeout = options.streamIdleTimeout ?? client.configuration.streamIdleTimeout
        maxRetries = options.maxRetries ?? client.configuration.retryPolicy.maxRetries
        context = StreamContext(status: response.status, headers: response.headers)
        body = response.body.makeAsyncIterator()
    }

    /// The next value, nil at the end of the stream.
    func next() async throws -> Handler.Output? {
        while true {
            if readyIndex < ready.count {
                defer { readyIndex += 1 }
                return ready[readyIndex]
            }
            if let error = pendingError {
                pendingError = nil
                finished = true
                throw error
            }
            if finished { return nil }
            ready.removeAll(keepingCapacity: true)
            readyIndex = 0
            do {
                try await readChunk()
            } catch {
                try await recover(from: error)
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
        switch try handler.handle(event, context: context) {
        case .yield(let output): ready.append(output)
        case .skip: break
        case .finish: finished = true
        }
    }

    /// The next body chunk, or a timeout when none arrives within the idle timeout.
    private func nextChunk() async throws -> Data? {
        let next = body.next
        guard idleTimeout < 86_400 * 365 else { return try await next() }
        return try await withTimeout(idleTimeout) { try await next() }
    }

    /// Resends the request when nothing was received yet and the policy allows; otherwise throws the mapped error.
    private func recover(from error: any Error) async throws {
        let failure = Self.map(error, url: request.url, idleTimeout: idleTimeout)
        let retryable = failure.kind == .connection || failure.kind == .timeout
        guard !receivedBytes, retryable, retries < maxRetries, !Task.isCancelled else {
            finished = true
            throw failure
        }
        client.logger.debug("Stream failed before its first byte; sending it again: \(failure.kind.rawValue)")
        do {
            try await Task.sleep(seconds: client.configuration.retryPolicy.delay(forRetry: retries))
            var retryOptions = options
            retryOptions.maxRetries = maxRetries - retries - 1
            let (response, attempts) = try await client.openStream(request, options: retryOptions)
            retries += attempts
            context = StreamContext(status: response.status, headers: response.headers)
            body = response.body.makeAsyncIterator()
            handler = initialHandler
            parser = ServerSentEventParser()
            lines = LineSplitter()
            finished = false
        } catch {
            finished = true
            throw Self.map(error, url: request.url, idleTimeout: idleTimeout)
        }
    }

    /// Reads what follows the end marker so the connection can be reused, without making the consumer wait.
    private func drainInBackground() {
        let next = body.next
        Task {
            _ = try? await withTimeout(2) {
                var drained = 0
                while let chunk = try await next(), drained < 1 << 20 { drained += chunk.count }
            }
        }
    }

    private static func map(_ error: any Error, url: URL, idleTimeout: TimeInterval) -> APIError {
        switch error {
        case TransportError.timedOut:
            return APIError(kind: .timeout, message: "The stream from \(url.host ?? "the server") sent nothing for \(idleTimeout) s.")
        case TransportError.connectionFailed(let reason):
            return APIError(kind: .connection, message: "The connection to \(url.host ?? "the server") broke before the stream ended: \(reason)")
        default:
            return APIClient.map(error, url: url)
        }
    }
}
