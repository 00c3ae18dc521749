import Foundation

/// Ends a wait for the next chunk of a stream when the server has sent nothing for longer than a limit, with one
/// timer for the whole stream.
///
/// A race per read (``withDeadline(_:loser:_:)``) starts a task and a timer for every chunk and costs a second thread
/// hop when the chunk comes — on a stream whose chunks arrive one per network read, as a model writes them, that was a
/// third of the client's CPU per chunk. Here a read costs two clock readings: the timer fires at most once per limit,
/// looks at how long the current wait has lasted and when bytes last arrived, and either ends the wait (`onIdle`) or
/// sleeps again until it could.
///
/// Only silence while waiting counts: a consumer that takes an hour between reads is not an idle server, and neither
/// is one whose bytes arrived but whose reader hasn't been given a thread yet (a busy machine).
package final class IdleWatchdog: Sendable {
    private struct State {
        /// When the current wait began (nil: not waiting).
        var waitingSince: UInt64?
        /// A timer is scheduled (or firing); a wait then needs none of its own.
        var armed = false
        var token: DeadlineScheduler.Token?
        var stopped = false
    }

    private let limit: UInt64
    private let arrivals: ArrivalClock
    private let onIdle: @Sendable () -> Void
    private let state = LockedValue(State())

    /// - Parameters:
    ///   - limit: the longest the server may stay silent while a read waits, in seconds.
    ///   - arrivals: when the body's bytes last arrived.
    ///   - onIdle: ends the wait (it must make the waiting read throw); called at most once.
    package init(limit: TimeInterval, arrivals: ArrivalClock, onIdle: @escaping @Sendable () -> Void) {
        self.limit = UInt64(max(0, min(limit, 1e9)) * 1e9)
        self.arrivals = arrivals
        self.onIdle = onIdle
    }

    deinit {
        if let token = state.withLock({ $0.token }) { DeadlineScheduler.shared.cancel(token) }
    }

    /// A read begins to wait for its chunk.
    package func waitBegan() {
        let now = DispatchTime.now().uptimeNanoseconds
        let arm = state.withLock { state -> Bool in
            guard !state.stopped else { return false }
            state.waitingSince = now
            guard !state.armed else { return false }
            state.armed = true
            return true
        }
        if arm { schedule(after: limit) }
    }

    /// The read got its chunk (or ended).
    package func waitEnded() {
        state.withLock { $0.waitingSince = nil }
    }

    /// No more waits: the timer goes. Idempotent.
    package func stop() {
        let token = state.withLock { state -> DeadlineScheduler.Token? in
            state.stopped = true
            defer { state.token = nil }
            return state.token
        }
        if let token { DeadlineScheduler.shared.cancel(token) }
    }

    private func schedule(after nanoseconds: UInt64) {
        let token = DeadlineScheduler.shared.schedule(after: TimeInterval(nanoseconds) / 1e9) { [weak self] in self?.fired() }
        let stale = state.withLock { state -> Bool in
            guard !state.stopped else { return true }
            // Tokens only grow: a wait whose thread stalled past the limit mustn't replace a newer timer's token.
            if state.token.map({ $0 < token }) ?? true { state.token = token }
            return false
        }
        if stale { DeadlineScheduler.shared.cancel(token) }
    }

    private func fired() {
        let lastArrival = arrivals.last
        enum Next { case idle, wait(UInt64), disarmed }
        let next = state.withLock { state -> Next in
            state.token = nil
            guard !state.stopped, let since = state.waitingSince else {
                // Not waiting: the next wait arms a timer again.
                state.armed = false
                return .disarmed
            }
            // Bytes (or a new wait) may come between the readings: a reference after `now` is no silence at all.
            let now = DispatchTime.now().uptimeNanoseconds
            let reference = max(since, lastArrival)
            let silent = now > reference ? now - reference : 0
            guard silent >= limit else { return .wait(limit - silent) }
            state.stopped = true
            return .idle
        }
        switch next {
        case .idle: onIdle()
        case .wait(let rest): schedule(after: rest)
        case .disarmed: break
        }
    }
}

/// When a response body's bytes last arrived from the network, as its transport saw them (monotonic nanoseconds).
package final class ArrivalClock: Sendable {
    private let time = LockedValue<UInt64>(0)

    package init() {}

    /// Bytes arrived now.
    package func arrived() {
        let now = DispatchTime.now().uptimeNanoseconds
        time.withLock { $0 = now }
    }

    package var last: UInt64 { time.withLock { $0 } }
}
