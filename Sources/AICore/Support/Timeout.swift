import Foundation

/// Runs `operation`, failing with ``TransportError/timedOut`` when it takes longer than `seconds`.
///
/// The operation runs in a child task that is cancelled when the deadline passes or the caller is
/// cancelled; no timer outlives the call.
func withTimeout<T: Sendable>(
    _ seconds: TimeInterval, _ operation: @escaping @Sendable () async throws -> T
) async throws -> T {
    let timedOut = LockedValue(false)
    let task = Task { try await operation() }
    let token = DeadlineScheduler.shared.schedule(after: seconds) {
        timedOut.withLock { $0 = true }
        task.cancel()
    }
    defer { DeadlineScheduler.shared.cancel(token) }
    do {
        return try await withTaskCancellationHandler {
            try await task.value
        } onCancel: {
            task.cancel()
        }
    } catch {
        if timedOut.current { throw TransportError.timedOut }
        throw error
    }
}
