import Testing

/// `body` must finish within `seconds`: a hang fails the test (recorded at the caller) instead of the whole run.
///
/// The bound only catches hangs; keep it far from the behaviour under test, which has its own, shorter limits
/// (loaded CI machines run every suite side by side on two cores). Throws ``TimedOut`` when the time ran out.
public func within<T: Sendable>(
    _ seconds: Double = 60, sourceLocation: SourceLocation = #_sourceLocation,
    _ body: @escaping @Sendable () async throws -> T
) async throws -> T {
    try await withThrowingTaskGroup(of: T?.self) { group in
        group.addTask { try await body() }
        group.addTask {
            try await Task.sleep(nanoseconds: UInt64(seconds * 1_000_000_000))
            return nil
        }
        defer { group.cancelAll() }
        guard let first = try await group.next(), let value = first else {
            Issue.record("did not finish within \(seconds) seconds", sourceLocation: sourceLocation)
            throw TimedOut()
        }
        return value
    }
}

/// What ``within(_:sourceLocation:_:)`` throws when its time ran out.
public struct TimedOut: Error {}
