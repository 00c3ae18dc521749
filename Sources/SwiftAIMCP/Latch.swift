#if SwiftAIMCP && (os(macOS) || os(Linux))
import AICore
import Foundation

/// A value that is set once and awaited by any number of tasks — the process's exit, the end of its standard
/// error, the first outcome of a race.
///
/// Waiting never blocks a thread (the cooperative pool has as many threads as cores, two on small machines),
/// gives up after an optional timeout and returns `nil` at once when the waiting task is cancelled.
final class Latch<Value: Sendable>: Sendable {
    private struct State {
        var value: Value?
        var waiters: [UInt64: CheckedContinuation<Value?, Never>] = [:]
        /// Waiters released (timed out or cancelled) before they were registered.
        var released: Set<UInt64> = []
        var nextWaiter: UInt64 = 0
    }

    private let state = LockedValue(State())

    init() {}

    /// The value, if it was set.
    var value: Value? { state.withLock { $0.value } }

    /// Sets the value and wakes every waiter; returns false (and changes nothing) when it was already set.
    @discardableResult
    func fulfill(_ value: Value) -> Bool {
        let waiters = state.withLock { state -> [CheckedContinuation<Value?, Never>]? in
            guard state.value == nil else { return nil }
            state.value = value
            defer { state.waiters = [:] }
            return Array(state.waiters.values)
        }
        guard let waiters else { return false }
        for waiter in waiters { waiter.resume(returning: value) }
        return true
    }

    /// The value once it is set; `nil` when `timeout` seconds pass first or the calling task is cancelled.
    func wait(timeout: TimeInterval? = nil) async -> Value? {
        if let value { return value }
        let id = state.withLock { state -> UInt64 in
            defer { state.nextWaiter += 1 }
            return state.nextWaiter
        }
        let timer = timeout.map { seconds in
            Task { [weak self] in
                try? await Task.sleep(nanoseconds: UInt64(max(0, seconds) * 1_000_000_000))
                if !Task.isCancelled { self?.release(id) }
            }
        }
        defer { timer?.cancel() }
        return await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                // The timer or the cancellation handler may have run before the waiter is registered.
                let registered = state.withLock { state -> Bool in
                    guard state.value == nil, state.released.remove(id) == nil else { return false }
                    state.waiters[id] = continuation
                    return true
                }
                if !registered { continuation.resume(returning: self.value) }
            }
        } onCancel: {
            release(id)
        }
    }

    /// Wakes one waiter with `nil` (its timeout passed or its task was cancelled).
    private func release(_ id: UInt64) {
        let waiter = state.withLock { state -> CheckedContinuation<Value?, Never>? in
            if let waiter = state.waiters.removeValue(forKey: id) { return waiter }
            if state.value == nil { state.released.insert(id) }
            return nil
        }
        waiter?.resume(returning: nil)
    }
}
#endif
