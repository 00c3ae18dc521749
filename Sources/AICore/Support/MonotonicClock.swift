import Foundation

/// Monotonic time in seconds, unaffected by wall-clock changes; available on every supported platform.
package enum MonotonicClock {
    package static var now: TimeInterval { TimeInterval(DispatchTime.now().uptimeNanoseconds) / 1e9 }
}

extension Task where Success == Never, Failure == Never {
    /// Sleeps for `seconds` (no-op for zero or less); throws `CancellationError` when cancelled.
    static func sleep(seconds: TimeInterval) async throws {
        guard seconds > 0 else { return }
        try await Task.sleep(nanoseconds: UInt64(min(seconds, 1e9) * 1e9))
    }
}
