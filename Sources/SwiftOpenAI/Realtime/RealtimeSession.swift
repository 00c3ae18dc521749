import AICore
import Foundation

/// An open Realtime conversation over WebSocket.
///
/// Send client events with ``send(_:eventID:)`` (or the conveniences: ``sendText(_:)``, ``appendAudio(_:)``,
/// ``createResponse(_:)``, ``sendFunctionCallOutput(callID:output:)``), read server events from ``events``, or let
/// ``collectResponse(onEvent:)`` gather one response's text, transcript, audio and function calls.
///
/// ``events`` ends normally after ``close()``; otherwise with an ``APIError``: `.closed` (with
/// ``APIError/closeCode``) when the server closed the session, `.connection` when the connection broke,
/// `.timeout` when a ping went unanswered or a response stalled (``RealtimeConnectionOptions/responseIdleTimeout``).
/// Everything the server sent before that is delivered first. Server `error` events are events: the session
/// goes on. Cancelling the task that reads ``events`` closes the socket.
public final class RealtimeSession: Sendable {
    /// The server's events, in order. One reader at a time.
    public let events: AsyncThrowingStream<RealtimeServerEvent, any Error>
    private let continuation: AsyncThrowingStream<RealtimeServerEvent, any Error>.Continuation
    private let connection: any WebSocketConnection
    private let options: RealtimeConnectionOptions
    private let state = LockedValue(State())

    private struct State {
        var closedByUser = false
        /// Why this side ended the session (a stalled response), reported instead of the normal end.
        var failure: APIError?
        /// A response was asked for or is streaming; the idle limit applies.
        var responseInProgress = false
        var lastEvent = MonotonicClock.now
        var pump: Task<Void, Never>?
        var watchdog: Task<Void, Never>?
    }

    init(connection: any WebSocketConnection, options: RealtimeConnectionOptions) {
        self.connection = connection
        self.options = options
        (events, continuation) = AsyncThrowingStream<RealtimeServerEvent, any Error>.makeStream()
        continuation.onTermination = { [connection] termination in
            if case .cancelled = termination {
                Task { await connection.close(code: 1001, reason: "cancelled") }
            }
        }
        let pump = Task { [weak self, connection] in
            do {
                for try await message in connection.messages {
                    guard let self else { return }
                    receive(message)
                }
                self?.finish(nil)
            } catch {
                self?.finish(error)
            }
        }
        state.withLock { $0.pump = pump }
        if options.responseIdleTimeout > 0 { startWatchdog() }
    }

    deinit {
        state.withLock { state in
            state.pump?.cancel()
            state.watchdog?.cancel()
        }
        // A session dropped without close() still closes its socket.
        let connection = connection
        Task { await connection.close(code: 1001, reason: "") }
    }

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
                $0.lastEvent = MonotonicClock.now
            }
        }
        try await connection.send(text: String(decoding: data, as: UTF8.self))
    }

    /// Ends the session: a normal close (1000); ``events`` then finishes without an error. Idempotent.
    public func close() async {
        state.withLock { $0.closedByUser = true }
        await connection.close(code: 1000, reason: "")
        finish(nil)
    }

    // MARK: - Reading

    private func receive(_ message: WebSocketMessage) {
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
        state.withLock { state in
            state.lastEvent = MonotonicClock.now
            switch event {
            case .responseCreated: state.responseInProgress = true
            case .responseDone: state.responseInProgress = false
            default: break
            }
        }
        continuation.yield(event)
    }

    private func finish(_ error: (any Error)?) {
        let (closedByUser, failure) = state.withLock { state -> (Bool, APIError?) in
            state.watchdog?.cancel()
            return (state.closedByUser, state.failure)
        }
        if let failure {
            continuation.finish(throwing: failure)
        } else if closedByUser {
            continuation.finish()
        } else {
            continuation.finish(throwing: error)
        }
    }

    /// Ends the session with `.timeout` when a response in progress goes silent for longer than the idle limit.
    private func startWatchdog() {
        let limit = options.responseIdleTimeout
        let tick = min(max(limit / 4, 0.01), 1)
        let watchdog = Task { [weak self] in
            while !Task.isCancelled {
                try? await Task.sleep(nanoseconds: UInt64(tick * 1e9))
                guard let self else { return }
                let stalled = state.withLock { state -> Bool in
                    guard state.responseInProgress, !state.closedByUser, state.failure == nil,
                        MonotonicClock.now - state.lastEvent > limit
                    else { return false }
                    state.failure = APIError(
                        kind: .timeout, message: "The Realtime server sent nothing for \(limit) s while a response was in progress.")
                    return true
                }
                if stalled {
                    await connection.close(code: 1001, reason: "response stalled")
                    finish(nil)
                    return
                }
            }
        }
        state.withLock { $0.watchdog = watchdog }
    }
}
