import AICore
import Foundation

/// An open Realtime conversation over WebSocket.
///
/// Send client events with ``send(_:eventID:)`` (or the conveniences: ``sendText(_:)``, ``appendAudio(_:chunkBytes:)``,
/// ``createResponse(_:)``, ``sendFunctionCallOutput(callID:output:)``), read server events from ``events``, or let
/// ``collectResponse(onEvent:)`` gather one response's text, transcript, audio and function calls.
///
/// ``events`` ends normally after ``close()``; otherwise with an ``APIError``: `.closed` (with
/// ``APIError/closeCode``) when the server closed the session, `.connection` when the connection broke,
/// `.timeout` when a ping went unanswered or a response stalled (``RealtimeConnectionOptions/responseIdleTimeout``).
/// Everything the server sent before that is delivered first. Server `error` events are events: the session
/// goes on. Cancelling the task that reads ``events`` closes the socket.
///
/// Events are decoded in the reader's task as it asks for them, from the messages of each network read taken
/// together: no task in between, so a reader wakes once per read, not twice per event.
public final class RealtimeSession: Sendable {
    private let session: WebSocketSession

    init(connection: any WebSocketConnection, options: RealtimeConnectionOptions) {
        session = WebSocketSession(connection: connection, name: "Realtime", idleTimeout: options.responseIdleTimeout)
    }

    /// The server's events, in order. One reader at a time; a new iteration goes on where the last one stopped.
    public var events: RealtimeEvents { RealtimeEvents(session: self) }

    /// Sends one client event. `eventID` is echoed in an `error` event about it.
    ///
    /// - Throws: `.connection` once the session is closed; `.invalidRequest` if the event can't be encoded.
    public func send(_ event: RealtimeClientEvent, eventID: String? = nil) async throws {
        let data: Data
        do {
            data = try OrderedJSONEncoder().encode(RealtimeClientEventEnvelope(event: event, eventID: eventID))
        } catch {
            throw APIError(kind: .invalidRequest, message: "Could not encode the \(event.type) event: \(error)")
        }
        if case .responseCreate = event { session.beginWork() }
        try await session.send(text: String(decoding: data, as: UTF8.self))
    }

    /// Ends the session: a normal close (1000); ``events`` then finishes without an error. Idempotent.
    public func close() async {
        await session.close()
    }

    /// The next event, decoded in the caller's task; nil at the end of a session closed by ``close()``.
    func nextEvent() async throws -> RealtimeServerEvent? {
        guard let message = try await session.nextMessage() else { return nil }
        let event: RealtimeServerEvent
        switch message {
        case .text(let text):
            do {
                event = try RealtimeServerEvent.decode(Data(text.utf8))
            } catch {
                event = .unknown(type: "", raw: .string(text))
            }
        case .binary(let data):
            event = .unknown(type: "", raw: .string(data.base64EncodedString()))
        }
        switch event {
        case .responseCreated: session.setWorking(true)
        case .responseDone: session.setWorking(false)
        default: break
        }
        return event
    }
}

/// The server events of a ``RealtimeSession``, decoded as they are read.
public struct RealtimeEvents: AsyncSequence, Sendable {
    public typealias Element = RealtimeServerEvent
    let session: RealtimeSession

    public struct AsyncIterator: AsyncIteratorProtocol {
        let session: RealtimeSession

        public mutating func next() async throws -> RealtimeServerEvent? {
            try await session.nextEvent()
        }
    }

    public func makeAsyncIterator() -> AsyncIterator { AsyncIterator(session: session) }
}
