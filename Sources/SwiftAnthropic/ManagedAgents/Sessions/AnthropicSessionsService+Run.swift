import AICore
import Foundation

extension AnthropicSessionsService {
    /// Sends `message` to a session and streams what the agent does until its turn ends.
    ///
    /// The stream is opened before the message is sent, so no event of the turn is missed; it ends after the event
    /// that ends the turn (``AgentSessionEvent/endsTurn``: the session went idle — finished, or waiting for a tool
    /// confirmation or result — ended, or was deleted), and the connection is closed then.
    ///
    /// ```swift
    /// for try await event in try await service.runSession(id: session.id, sending: "What's in this repository?") {
    ///     if case .agentMessage(let message) = event { print(message.text) }
    /// }
    /// ```
    public func runSession(
        id: String, sending message: String, options: RequestOptions = .default
    ) async throws -> AIStream<AgentSessionEvent> {
        try await runSession(id: id, sending: [.userMessage(message)], options: options)
    }

    /// Sends `events` to a session and streams what the agent does until its turn ends, as
    /// ``runSession(id:sending:options:)-(_,String,_)`` does for a message.
    public func runSession(
        id: String, sending events: [AgentSessionEventInput], options: RequestOptions = .default
    ) async throws -> AIStream<AgentSessionEvent> {
        let stream = try await streamSessionEvents(sessionID: id, eventDeltas: [], options: options)
        _ = try await sendSessionEvents(sessionID: id, events: events, options: options)
        let source = LockedValue<AIStream<AgentSessionEvent>.AsyncIterator?>(stream.makeAsyncIterator())
        return AIStream(TurnEvents(source: source))
    }
}

/// The events of a stream up to and including the one that ends the turn; the stream is dropped (its connection
/// closed) at that event.
private struct TurnEvents: AsyncSequence, Sendable {
    typealias Element = AgentSessionEvent

    let source: LockedValue<AIStream<AgentSessionEvent>.AsyncIterator?>

    struct AsyncIterator: AsyncIteratorProtocol {
        let source: LockedValue<AIStream<AgentSessionEvent>.AsyncIterator?>

        mutating func next() async throws -> AgentSessionEvent? {
            guard var iterator = source.withLock({ $0.take() }) else { return nil }
            guard let event = try await iterator.next() else { return nil }
            if !event.endsTurn { source.withLock { $0 = iterator } }
            return event
        }
    }

    func makeAsyncIterator() -> AsyncIterator { AsyncIterator(source: source) }
}
