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
/// The messages of each network read are decoded together, off the reader's actor, and handed out on the reader's
/// own executor: a reader wakes once per read, not twice per event, also on the main actor.
public final class RealtimeSession: Sendable {
    private let session: WebSocketSession

    init(connection: any WebSocketConnection, options: RealtimeConnectionOptions) {
        session = WebSocketSession(connection: connection, name: "Realtime", idleTimeout: options.responseIdleTimeout)
    }

    /// What the connection holds for a reader that is behind, in bytes: bounded (the connection stops reading from
    /// the network past ``WebSocketActivity/pauseAboveBytes``).
    package var bufferedBytes: Int { session.bufferedBytes }

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

    /// Events decoded from a network read and not yet handed out: the iterator takes them on its caller's
    /// executor, and a new iteration goes on with them.
    private let unread = LockedValue<(events: [RealtimeServerEvent], index: Int)>(([], 0))

    /// The next decoded event not yet handed out, without leaving the caller's executor.
    fileprivate func takeUnread() -> RealtimeServerEvent? {
        unread.withLock { unread in
            guard unread.index < unread.events.count else { return nil }
            defer {
                unread.index += 1
                if unread.index == unread.events.count { unread = ([], 0) }
            }
            return unread.events[unread.index]
        }
    }

    /// Reads and decodes the messages of the next network read (off the caller's executor); returns whether there
    /// were any (false at the end of a session closed by ``close()``).
    fileprivate func readEvents() async throws -> Bool {
        guard let messages = try await session.nextMessages() else { return false }
        var events: [RealtimeServerEvent] = []
        events.reserveCapacity(messages.count)
        for message in messages { events.append(decode(message)) }
        unread.withLock { unread in
            if unread.index < unread.events.count {
                unread.events.append(contentsOf: events)
            } else {
                unread = (events, 0)
            }
        }
        return true
    }

    private func decode(_ message: WebSocketMessage) -> RealtimeServerEvent {
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

    /// The next event; nil at the end of a session closed by ``close()``.
    fileprivate func nextEvent(isolatedTo actor: isolated (any Actor)?) async throws -> RealtimeServerEvent? {
        while true {
            if let event = takeUnread() { return event }
            guard try await readEvents() else { return nil }
        }
    }
}

/// The server events of a ``RealtimeSession``, in order.
///
/// The messages of each network read are decoded together off the caller's actor and then handed out on the
/// caller's own executor (`next(isolation:)`): a loop on the main actor wakes once per read, not twice per event.
public struct RealtimeEvents: AsyncSequence, Sendable {
    public typealias Element = RealtimeServerEvent
    let session: RealtimeSession

    public struct AsyncIterator: AsyncIteratorProtocol {
        let session: RealtimeSession

        public mutating func next() async throws -> RealtimeServerEvent? {
            try await session.nextEvent(isolatedTo: nil)
        }

        @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
        public mutating func next(isolation actor: isolated (any Actor)?) async throws(any Error) -> RealtimeServerEvent? {
            try await session.nextEvent(isolatedTo: actor)
        }
    }

    public func makeAsyncIterator() -> AsyncIterator { AsyncIterator(session: session) }
}
