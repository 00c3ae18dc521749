import Foundation

/// How many wrong passwords the sign-in page takes before it locks out, per client address and from everyone.
///
/// The defaults: 5 failures from one address within 15 minutes lock that address out for 15 minutes; 20
/// failures from all addresses together within 15 minutes lock everyone out for 15 minutes (an attacker with
/// many addresses gets about 80 guesses an hour, against a password of at least 10 characters). While locked
/// out even the right password is refused with 429 and `Retry-After`, or the lockout would only slow guessing.
public struct SignInLimits: Sendable {
    /// Failures one address may have within ``window`` before it is locked out.
    public var failuresPerClient = 5
    /// Failures all addresses together may have within ``window`` before everyone is locked out.
    public var failuresOverall = 20
    /// How far back failures count.
    public var window: Duration = .seconds(15 * 60)
    /// How long a lockout lasts.
    public var lockout: Duration = .seconds(15 * 60)
    /// How long a wrong password's answer is held back (a constant pause, so timing tells nothing).
    public var failureDelay: Duration = .milliseconds(500)
    /// The time now; injectable so a test can move it instead of waiting out a lockout.
    public var now: @Sendable () -> ContinuousClock.Instant = { ContinuousClock.now }

    public init() {}

    public static let `default` = SignInLimits()
}

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
