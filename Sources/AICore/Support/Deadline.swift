import Foundation

/// The operation given to ``withDeadline(_:loser:_:)`` did not finish within its time.
package struct DeadlineExceeded: Error, Sendable, Equatable {
    package init() {}
}

/// What ``withDeadline(_:loser:_:)`` does with an operation that lost: to its deadline, or to the caller's
/// cancellation. The operation is cancelled either way; the choice is whether to wait for it to end.
package enum DeadlineLoser: Sendable {
    /// Wait until the cancelled operation has ended, so nothing it holds (a connection, a body being read) outlives
    /// the call. For operations that honour cancellation: the HTTP exchange and a stream's next read.
    case awaited
    /// Return at once and leave the cancelled operation behind. For operations that may ignore cancellation and
    /// must not hold the caller hostage: a user's tool, an MCP request waiting in the MCP SDK's own unstructured
    /// task (its caller makes sure an abandoned request still ends).
    case abandoned
}

/// Runs `operation` against a deadline of `seconds` (nil: none): the one deadline race of the package.
///
/// - The operation's own result wins when it ends first: its value, or the error it threw.
/// - When the deadline passes first, the operation is cancelled and this throws ``DeadlineExceeded``. With
///   ``DeadlineLoser/awaited`` it first waits for the operation to end; should the operation still return a value
///   (it ignored the cancellation), that value is returned — the work is done, throwing it away helps nobody.
/// - When the calling task is cancelled first, the operation is cancelled too. ``DeadlineLoser/abandoned`` then
///   throws `CancellationError` at once; ``DeadlineLoser/awaited`` waits and returns whatever the operation ends
///   with (its own cancellation error, which callers map as they map any of its errors).
///
/// The timer is one entry in ``DeadlineScheduler`` and is removed as soon as the race is decided, so a call that
/// ends early leaves no timer behind (a `Task.sleep` would stay until its deadline).
package func withDeadline<T: Sendable>(
    _ seconds: TimeInterval?, loser: DeadlineLoser, _ operation: @escaping @Sendable () async throws -> T
) async throws -> T {
    let race = DeadlineRace<T>(loser: loser)
    return try await withTaskCancellationHandler {
        try await withCheckedThrowingContinuation { continuation in
            race.start(continuation, seconds: seconds, operation: operation)
        }
    } onCancel: {
        race.callerCancelled()
    }
}

/// The state of one ``withDeadline(_:loser:_:)`` call: whichever of the operation's end, the deadline and the
/// caller's cancellation decides the race resumes the caller, exactly once.
private final class DeadlineRace<T: Sendable>: Sendable {
    private struct State {
        /// The waiting caller, until it is resumed.
        var caller: CheckedContinuation<T, any Error>?
        var operation: Task<Void, Never>?
        var timer: DeadlineScheduler.Token?
        var deadlinePassed = false
        var callerCancelled = false
    }

    private let loser: DeadlineLoser
    private let state = LockedValue(State())

    init(loser: DeadlineLoser) { self.loser = loser }

    func start(
        _ caller: CheckedContinuation<T, any Error>, seconds: TimeInterval?, operation: @escaping @Sendable () async throws -> T
    ) {
        // The cancellation handler may already have run (a caller cancelled before the call).
        let cancelledAlready = state.withLock { state -> Bool in
            state.caller = caller
            return state.callerCancelled
        }
        if cancelledAlready, loser == .abandoned {
            resume(with: .failure(CancellationError()))
            return
        }
        let task = Task {
            let result: Result<T, any Error>
            do { result = .success(try await operation()) } catch { result = .failure(error) }
            self.operationEnded(result)
        }
        let timer = seconds.map { seconds in DeadlineScheduler.shared.schedule(after: seconds) { self.deadlinePassed() } }
        // The deadline or the cancellation may have come while the task was being made, and the operation may
        // already have ended (then nobody else removes the timer).
        let (cancelTask, timerIsStale) = state.withLock { state -> (Bool, Bool) in
            state.operation = task
            if state.caller == nil { return (false, true) }
            state.timer = timer
            return (state.callerCancelled || state.deadlinePassed, false)
        }
        if timerIsStale, let timer { DeadlineScheduler.shared.cancel(timer) }
        if cancelTask { task.cancel() }
    }

    func callerCancelled() {
        let task = state.withLock { state -> Task<Void, Never>? in
            state.callerCancelled = true
            return state.operation
        }
        task?.cancel()
        if loser == .abandoned { resume(with: .failure(CancellationError())) }
    }

    private func deadlinePassed() {
        let task = state.withLock { state -> Task<Void, Never>? in
            guard state.caller != nil else { return nil }
            state.deadlinePassed = true
            return state.operation
        }
        task?.cancel()
        if loser == .abandoned { resume(with: .failure(DeadlineExceeded())) }
    }

    private func operationEnded(_ result: Result<T, any Error>) {
        let lost = state.withLock { $0.deadlinePassed }
        if lost, case .failure = result {
            resume(with: .failure(DeadlineExceeded()))
        } else {
            resume(with: result)
        }
    }

    /// Resumes the caller unless it was resumed already, and removes the timer.
    private func resume(with result: Result<T, any Error>) {
        let (caller, timer) = state.withLock { state in
            defer {
                state.caller = nil
                state.timer = nil
            }
            return (state.caller, state.timer)
        }
        if let timer { DeadlineScheduler.shared.cancel(timer) }
        caller?.resume(with: result)
    }
}
