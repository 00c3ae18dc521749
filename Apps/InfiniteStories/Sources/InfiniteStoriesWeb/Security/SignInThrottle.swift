import Foundation

/// Counts failed sign-ins and decides whether the next one may even be tried.
///
/// Checking and recording happen in one actor call, so parallel guesses are counted one after the other: the
/// sixth of twenty simultaneous wrong passwords is already refused.
actor SignInThrottle {
    enum Outcome: Equatable {
        case signedIn
        case wrongPassword
        /// Locked out: try again after this many seconds (rounded up).
        case lockedOut(retryAfter: Int)
    }

    private let limits: SignInLimits
    private var failures: [String: [ContinuousClock.Instant]] = [:]
    private var allFailures: [ContinuousClock.Instant] = []
    private var clientLockouts: [String: ContinuousClock.Instant] = [:]
    private var overallLockout: ContinuousClock.Instant?

    init(limits: SignInLimits) { self.limits = limits }

    /// One sign-in attempt from `client` whose password was `correct` or not.
    func attempt(from client: String, correct: Bool) -> Outcome {
        let now = limits.now()
        forgetOld(now: now)
        let until = [clientLockouts[client], overallLockout].compactMap { $0 }.filter { $0 > now }.max()
        if let until { return .lockedOut(retryAfter: Self.seconds(until - now)) }
        if correct {
            failures[client] = nil
            return .signedIn
        }
        failures[client, default: []].append(now)
        allFailures.append(now)
        if failures[client, default: []].count >= limits.failuresPerClient {
            clientLockouts[client] = now + limits.lockout
            failures[client] = nil
        }
        if allFailures.count >= limits.failuresOverall {
            overallLockout = now + limits.lockout
            allFailures.removeAll()
        }
        return .wrongPassword
    }

    /// Drops failures older than the window and lockouts that are over, so memory stays bounded by what a
    /// window holds.
    private func forgetOld(now: ContinuousClock.Instant) {
        let oldest = now - limits.window
        allFailures.removeAll { $0 <= oldest }
        for (client, times) in failures {
            let recent = times.filter { $0 > oldest }
            failures[client] = recent.isEmpty ? nil : recent
        }
        clientLockouts = clientLockouts.filter { $0.value > now }
        if let until = overallLockout, until <= now { overallLockout = nil }
    }

    private static func seconds(_ duration: Duration) -> Int {
        let (seconds, attoseconds) = duration.components
        return max(1, Int(seconds) + (attoseconds > 0 ? 1 : 0))
    }
}
