import Foundation

extension APIClient {
    /// Sends `request` and returns its streamed body as `handler` turns it into values.
    ///
    /// Failures before the response head (HTTP errors included) are thrown from this call, after the
    /// retries the policy allows. The stream is pull-based: each network chunk is read, parsed and decoded
    /// (off the consumer's actor, in one go) when the consumer asks for more, so a slow consumer holds the server back
    /// instead of buffering without bound. Everything received is yielded before any error is thrown. A
    /// stream that fails before its first body byte is sent again from the same retry budget. The stream
    /// fails with `.timeout` when no byte arrives for the idle timeout. Cancelling the consuming task, or
    /// dropping the stream, closes the connection.
    ///
    /// - Parameter framing: server-sent events (the default), JSON Lines whose lines reach the handler
    ///   as events with only `data`, or raw bytes (each chunk as one event).
    package func eventStream<Handler: StreamHandler>(
        _ request: APIRequest, options: RequestOptions = .default, framing: StreamFraming = .serverSentEvents,
        handler: Handler
    ) async throws -> AIStream<Handler.Output> {
        let call = try prepareCall(request, options: options)
        var budget = retryBudget(options)
        let first: TransportResponse
        do {
            first = try await openStream(call, options: options, budget: &budget)
        } catch {
            call.telemetry?.failed(error)
            throw error
        }
        let reader = EventStreamReader(
            client: self, call: call, options: options, framing: framing, response: first, handler: handler,
            budget: budget)
        return AIStream(batches: { try await reader.nextBatch() })
    }
}
