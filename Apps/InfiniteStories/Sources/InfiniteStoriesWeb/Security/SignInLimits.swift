import Foundation

/// How many wrong passwords the sign-in page takes before it locks out, per client address and from everyone.
///
/// The defaults: 5 failures from one address within 15 minutes lock that address out for 15 minutes; 20
/// failures from all addresses together within 15 minutes lock everyone out for 15 minutes (an attacker with
/// many addresses gets about 80 guesses an hour, against a password of at least 10 characters). While locked
/// out even the right password is refused with 429 and `Retry-After`, or the lockout would only slow guessing.
struct SignInLimits: Sendable {
    /// Failures one address may have within ``window`` before it is locked out.
    var failuresPerClient = 5
    /// Failures all addresses together may have within ``window`` before everyone is locked out.
    var failuresOverall = 20
    /// How far back failures count.
    var window: Duration = .seconds(15 * 60)
    /// How long a lockout lasts.
    var lockout: Duration = .seconds(15 * 60)
    /// How long a wrong password's answer is held back (a constant pause, so timing tells nothing).
    var failureDelay: Duration = .milliseconds(500)
    /// The time now; injectable so a test can move it instead of waiting out a lockout.
    var now: @Sendable () -> ContinuousClock.Instant = { ContinuousClock.now }

    init() {}

    static let `default` = SignInLimits()
}
