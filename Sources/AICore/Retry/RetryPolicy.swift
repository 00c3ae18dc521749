import Foundation
import HTTPTypes

/// When and how long to wait before sending a failed request again.
///
/// The defaults are the official OpenAI and Anthropic SDKs' constants: 2 retries; connection errors,
/// timeouts, 408, 409, 429 and 5xx are retried; an `x-should-retry` header overrides the status; the
/// backoff is `min(0.5 · 2^n, 8) s × (1 − 0.25 · random)`; a `retry-after-ms` or `retry-after` header
/// (seconds or an HTTP date) of up to 60 s is honoured instead.
public struct RetryPolicy: Sendable, Equatable {
    /// How many times a request is sent again after the first attempt.
    public var maxRetries: Int
    /// The first backoff, in seconds.
    public var initialDelay: TimeInterval
    /// The longest computed backoff, in seconds.
    public var maxDelay: TimeInterval
    /// The longest server-requested delay that is honoured, in seconds.
    public var maxRetryAfter: TimeInterval
    /// The fraction of the backoff that is randomly taken off.
    public var jitter: Double

    public init(
        maxRetries: Int = 2, initialDelay: TimeInterval = 0.5, maxDelay: TimeInterval = 8,
        maxRetryAfter: TimeInterval = 60, jitter: Double = 0.25
    ) {
        self.maxRetries = maxRetries
        self.initialDelay = initialDelay
        self.maxDelay = maxDelay
        self.maxRetryAfter = maxRetryAfter
        self.jitter = jitter
    }

    /// The official defaults.
    public static let `default` = RetryPolicy()
    /// Never retry.
    public static let none = RetryPolicy(maxRetries: 0)

    /// Whether a response with this status and headers should be retried.
    package func shouldRetry(status: Int, headers: HTTPFields) -> Bool {
        switch headers["x-should-retry"]?.lowercased() {
        case "true": return true
        case "false": return false
        default: break
        }
        return status == 408 || status == 409 || status == 429 || status >= 500
    }

    /// Seconds to wait before retry number `retry` (0 for the first retry).
    ///
    /// - Parameter random: a value in `0..<1`; injectable for tests.
    package func delay(forRetry retry: Int, headers: HTTPFields = [:], random: Double = .random(in: 0..<1)) -> TimeInterval {
        if let requested = Self.retryAfter(from: headers), requested >= 0, requested <= maxRetryAfter {
            return requested
        }
        let exponent = Double(min(retry, 30))
        let base = min(initialDelay * pow(2, exponent), maxDelay)
        return base * (1 - jitter * random)
    }

    /// The delay a response asks for, in seconds: `retry-after-ms`, else `retry-after` as seconds or an HTTP date.
    package static func retryAfter(from headers: HTTPFields, now: Date = Date()) -> TimeInterval? {
        if let milliseconds = headers["retry-after-ms"].flatMap({ Double($0.trimmingCharacters(in: .whitespaces)) }) {
            return milliseconds / 1000
        }
        guard let value = headers["retry-after"]?.trimmingCharacters(in: .whitespaces) else { return nil }
        if let seconds = Double(value) { return seconds }
        if let date = httpDateFormatter.withLock({ $0.date(from: value) }) { return max(0, date.timeIntervalSince(now)) }
        return nil
    }

    /// Behind a lock rather than `nonisolated(unsafe)`: `DateFormatter` is `Sendable` in some Foundations and not in
    /// others, and a lock is correct (and warning-free) with either.
    private static let httpDateFormatter: LockedValue<DateFormatter> = {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss zzz"
        return LockedValue(formatter)
    }()
}
