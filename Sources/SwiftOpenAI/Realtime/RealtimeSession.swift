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
    private let connection: any WebSocketConnection
    private let options: RealtimeConnectionOptions
    private let state = LockedValue(State())

    /// The one iterator over the connection's messages: an AsyncThrowingStream iterator that is dropped cancels its
    /// stream, so successive reads of ``events`` share this one; only the single reader of ``events`` advances it.
    private let reader: SingleConsumerIterator<AsyncThrowingStream<[WebSocketMessage], any Error>.AsyncIterator>

    private struct State {
        var closedByUser = false
        /// Why this side ended the session (a stalled response), reported instead of the normal end.
        var failure: APIError?
        /// A response was asked for or is streaming; the idle limit applies.
        var responseInProgress = false
        /// When the current response was asked for.
        var responseRequested = MonotonicClock.now
        /// Messages taken from the connection but not yet read.
        var pending: [WebSocketMessage] = []
        var pendingIndex = 0
        /// Messages handed to the reader so far.
        var consumed = 0
        /// The connection's end, once seen (nil: still open).
        var ended: Result<Void, any Error>?
        var watchdog: Task<Void, Never>?
    }

    init(connection: any WebSocketConnection, options: RealtimeConnectionOptions) {
        self.connection = connection
        self.options = options
        reader = SingleConsumerIterator(connection.messages.makeAsyncIterator())
        if options.responseIdleTimeout > 0 { startWatchdog() }
    }

    deinit {
        state.withLock { $0.watchdog?.cancel() }
        // A session dropped without close() still closes its socket.
        let connection = connection
        Task { await connection.close(code: 1001, reason: "") }
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
        if case .responseCreate = event {
            state.withLock {
                $0.responseInProgress = true
                $0.responseRequested = MonotonicClock.now
            }
        }
        try await connection.send(text: String(decoding: data, as: UTF8.self))
    }

    /// Ends the session: a normal close (1000); ``events`` then finishes without an error. Idempotent.
    public func close() async {
        state.withLock { $0.closedByUser = true }
        await connection.close(code: 1000, reason: "")
    }

    // MARK: - Reading

    /// The next event, decoded in the caller's task; nil at the end of a session closed by ``close()``.
    func nextEvent() async throws -> RealtimeServerEvent? {
        while true {
            let next = state.withLock { state -> WebSocketMessage? in
                guard state.pendingIndex < state.pending.count else { return nil }
                defer {
                    state.pendingIndex += 1
                    state.consumed += 1
                    if state.pendingIndex == state.pending.count {
                        state.pending.removeAll(keepingCapacity: true)
                        state.pendingIndex = 0
                    }
                }
                return state.pending[state.pendingIndex]
            }
            if let next { return decode(next) }
            if let ended = state.withLock({ $0.ended }) { return try end(ended) }
            do {
                if let batch = try await reader.next() {
                    state.withLock { $0.pending.append(contentsOf: batch) }
                } else {
                    state.withLock { $0.ended = .success(()) }
                }
            } catch {
                state.withLock { $0.ended = .failure(error) }
            }
        }
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
        case .responseCreated: state.withLock { $0.responseInProgress = true }
        case .responseDone: state.withLock { $0.responseInProgress = false }
        default: break
        }
        return event
    }

    /// What the end of the connection means to the reader: this side's own failure (a stall), the normal end after
    /// ``close()``, or the connection's error.
    private func end(_ ended: Result<Void, any Error>) throws -> RealtimeServerEvent? {
        let (closedByUser, failure) = state.withLock { ($0.closedByUser, $0.failure) }
        if let failure { throw failure }
        if closedByUser { return nil }
        if case .failure(let error) = ended {
            if error is CancellationError { throw APIError(kind: .cancelled, message: "Reading the Realtime session was cancelled.") }
            throw error
        }
        if Task.isCancelled { throw APIError(kind: .cancelled, message: "Reading the Realtime session was cancelled.") }
        return nil
    }

    /// Ends the session with `.timeout` when a response in progress gets nothing from the server for longer than the
    /// idle limit. A reader that is behind (messages received but not read) is not a silent server.
    private func startWatchdog() {
        let limit = options.responseIdleTimeout
        let tick = min(max(limit / 4, 0.01), 1)
        let connection = connection
        let watchdog = Task { [weak self] in
            while !Task.isCancelled {
                try? await Task.sleep(nanoseconds: UInt64(tick * 1e9))
                guard let self else { return }
                let activity = connection.activity
                let stalled = state.withLock { state -> Bool in
                    let since = max(activity.lastReceived, state.responseRequested)
                    guard state.responseInProgress, !state.closedByUser, state.failure == nil, state.ended == nil,
                        activity.received == state.consumed,
                        MonotonicClock.now - since > limit
                    else { return false }
                    state.failure = APIError(
                        kind: .timeout, message: "The Realtime server sent nothing for \(limit) s while a response was in progress.")
                    return true
                }
                if stalled {
                    await connection.close(code: 1001, reason: "response stalled")
                    return
                }
            }
        }
        state.withLock { $0.watchdog = watchdog }
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
