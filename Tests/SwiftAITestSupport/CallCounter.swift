import AICore

/// Counts calls made from `@Sendable` closures (a token provider, a retry hook): each `next()` returns the call's
/// number, from 1.
public struct CallCounter: Sendable {
    private let count = LockedValue(0)

    public init() {}

    /// Counts one call and returns how many there have been, this one included.
    public func next() -> Int {
        count.withLock { count in
            count += 1
            return count
        }
    }
}
