import Foundation
import HTTPTypes

/// The retries one request may still use, shared by everything that sends it again.
///
/// A plain call spends it on failed responses and connection errors; a stream hands the same budget from the
/// call that opened it to the reader, which may re-open a stream that broke before its first byte. So a
/// request is never sent more than `maxRetries + 1` times, whichever part of it failed.
package struct RetryBudget: Sendable {
    package let policy: RetryPolicy
    package let maxRetries: Int
    /// Retries spent so far.
    package private(set) var retriesUsed = 0

    package init(policy: RetryPolicy, maxRetries: Int? = nil) {
        self.policy = policy
        self.maxRetries = max(0, maxRetries ?? policy.maxRetries)
    }

    /// Attempts made so far, counting the first.
    package var attempts: Int { retriesUsed + 1 }

    /// Spends one retry on `failure` and returns how long to wait first, or nil when the failure is final:
    /// not retryable, the budget spent, or the task cancelled.
    ///
    /// - Parameter response: the failed response's status and headers; nil for a connection failure or a
    ///   timeout, which are retryable.
    package mutating func nextDelay(after failure: APIError, response: TransportResponseHead?) -> TimeInterval? {
        let retryable =
            if let response { policy.shouldRetry(status: response.status.code, headers: response.headers) }
            else { failure.kind == .timeout || failure.kind == .connection }
        guard retryable, retriesUsed < maxRetries, !Task.isCancelled else { return nil }
        let delay = policy.delay(forRetry: retriesUsed, headers: response?.headers ?? [:])
        retriesUsed += 1
        return delay
    }
}
