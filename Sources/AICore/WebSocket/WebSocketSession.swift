import Foundation

/// What every WebSocket API session shares (Realtime, Responses over WebSocket): one reader of the server's
/// messages, sends, a normal close, and a watchdog that ends the session when the server goes quiet while work is
/// in progress.
///
/// The owner decodes messages and says when work starts and ends (``beginWork()``, ``setWorking(_:)``): what
/// "work" is — a Realtime response, a Responses request on some lane — is the API's business.
///
/// The end of the messages, as ``nextMessage()`` reports it: nil after ``close()``; this side's own failure (a stall)
/// if there was one; `.cancelled` when the reading task was cancelled; otherwise the connection's error (`.closed`
/// with the close code, `.connection`, `.timeout` for an unanswered ping). Messages received before the end are
/// always read first.
///
/// Messages are handed out in the reader's task as it asks for them, from the batches of each network read: no task
/// in between, so a reader wakes once per read, not twice per message.
package final class WebSocketSession: Sendable {
    private let connection: any WebSocketConnection
    /// The API's name in errors ("Realtime", "Responses WebSocket").
    private let name: String
    private let state = LockedValue(State())

    /// The one iterator over the connection's messages: an AsyncThrowingStream iterator that is dropped cancels its
    /// stream, so successive readers share this one; only the single reader advances it.
    private let reader: SingleConsumerIterator<AsyncThrowingStream<[WebSocketMessage], any Error>.AsyncIterator>

    private struct State {
        var closedByUser = false
        /// Why this side ended the session (a stall), reported instead of the normal end.
        var failure: APIError?
        /// Work is in progress: the idle limit applies.
        var working = false
        /// When work was last asked for.
        var requested = MonotonicClock.now
        /// Messages taken from the connection but not yet read.
        var pending: [WebSocketMessage] = []
        var pendingIndex = 0
        /// Messages handed to the reader so far.
        var consumed = 0
        /// The connection's end, once seen (nil: still open).
        var ended: Result<Void, any Error>?
        var watchdog: Task<Void, Never>?
    }

    /// - Parameter idleTimeout: while work is in progress, the longest the server may send nothing before the session
    ///   ends with `.timeout` (0: no limit).
    /// What the connection holds for this reader (tests: a slow reader's backlog stays bounded).
    package var bufferedBytes: Int { connection.activity.bufferedBytes }

    package init(connection: any WebSocketConnection, name: String, idleTimeout: TimeInterval) {
        self.connection = connection
        self.name = name
        reader = SingleConsumerIterator(connection.messages.makeAsyncIterator())
        if idleTimeout > 0 { startWatchdog(limit: idleTimeout) }
    }

    deinit {
        state.withLock { $0.watchdog?.cancel() }
        // A session dropped without close() still closes its socket.
        let connection = connection
        Task { await connection.close(code: 1001, reason: "") }
    }

    /// Sends one text message; throws `.connection` once the session is closed.
    package func send(text: String) async throws {
        try await connection.send(text: text)
    }

    /// Work was just asked for: the idle limit applies from now.
    package func beginWork() {
        state.withLock {
            $0.working = true
            $0.requested = MonotonicClock.now
        }
    }

    /// Whether work is in progress (the server's events say so).
    package func setWorking(_ working: Bool) {
        state.withLock { $0.working = working }
    }

    /// Ends the session: a normal close (1000); ``nextMessage()`` then returns nil. Idempotent.
    package func close() async {
        state.withLock { $0.closedByUser = true }
        await connection.close(code: 1000, reason: "")
    }

    /// The next message; nil at the end of a session closed by ``close()``.
    package func nextMessage() async throws -> WebSocketMessage? {
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
            if let next {
                connection.handedOut(bytes: next.byteCount)
                return next
            }
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

    /// Every message received and not yet read (the rest of the current network read's batch, or the next batch);
    /// nil at the end of a session closed by ``close()``. For readers that decode a batch at once and hand it out
    /// on their caller's executor.
    package func nextMessages() async throws -> [WebSocketMessage]? {
        while true {
            let taken = state.withLock { state -> [WebSocketMessage]? in
                guard state.pendingIndex < state.pending.count else { return nil }
                let rest = Array(state.pending[state.pendingIndex...])
                state.consumed += rest.count
                state.pending.removeAll(keepingCapacity: true)
                state.pendingIndex = 0
                return rest
            }
            if let taken {
                connection.handedOut(bytes: taken.reduce(0) { $0 + $1.byteCount })
                return taken
            }
            if let ended = state.withLock({ $0.ended }) { return try end(ended).map { [$0] } }
            do {
                if let batch = try await reader.next() {
                    state.withLock { $0.consumed += batch.count }
                    connection.handedOut(bytes: batch.reduce(0) { $0 + $1.byteCount })
                    return batch
                } else {
                    state.withLock { $0.ended = .success(()) }
                }
            } catch {
                state.withLock { $0.ended = .failure(error) }
            }
        }
    }

    /// What the end of the connection means to the reader: this side's own failure (a stall), the normal end after
    /// ``close()``, or the connection's error.
    private func end(_ ended: Result<Void, any Error>) throws -> WebSocketMessage? {
        let (closedByUser, failure) = state.withLock { ($0.closedByUser, $0.failure) }
        if let failure { throw failure }
        if closedByUser { return nil }
        if case .failure(let error) = ended {
            if error is CancellationError { throw APIError(kind: .cancelled, message: "Reading the \(name) session was cancelled.") }
            throw error
        }
        if Task.isCancelled { throw APIError(kind: .cancelled, message: "Reading the \(name) session was cancelled.") }
        return nil
    }

    /// Ends the session with `.timeout` when work in progress gets nothing from the server for longer than `limit`.
    /// A reader that is behind (messages received but not read) is not a silent server.
    private func startWatchdog(limit: TimeInterval) {
        let tick = min(max(limit / 4, 0.01), 1)
        let connection = connection
        let name = name
        let watchdog = Task { [weak self] in
            while !Task.isCancelled {
                try? await Task.sleep(nanoseconds: UInt64(tick * 1e9))
                guard let self else { return }
                let activity = connection.activity
                let stalled = state.withLock { state -> Bool in
                    let since = max(activity.lastReceived, state.requested)
                    guard state.working, !state.closedByUser, state.failure == nil, state.ended == nil,
                        activity.received == state.consumed,
                        MonotonicClock.now - since > limit
                    else { return false }
                    state.failure = APIError(
                        kind: .timeout, message: "The \(name) server sent nothing for \(limit) s while a response was in progress.")
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
