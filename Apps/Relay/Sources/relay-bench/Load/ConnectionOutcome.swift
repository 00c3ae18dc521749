/// What one load connection saw: kept per connection on its event loop and merged only at the end, so measuring
/// takes no lock.
struct ConnectionOutcome: Sendable {
    /// Request-to-last-byte times of every answered request, in nanoseconds.
    var latencies: [UInt64] = []
    /// Request-to-first-body-byte times, in nanoseconds (recorded for streams).
    var firstByteTimes: [UInt64] = []
    /// Answers by HTTP status.
    var statuses: [Int: Int] = [:]
    /// Requests that got no complete answer (the connection failed or closed under them).
    var ioErrors = 0
    /// Server-sent events received (blank-line separated; `[DONE]` included).
    var events = 0
    var bodyBytes = 0
    /// Requests this connection was still to send when it ended.
    var remaining = 0
    /// Whether the connection ended because its work was done (quota or deadline), not because it was closed.
    var finished = false

    mutating func merge(_ other: ConnectionOutcome) {
        latencies += other.latencies
        firstByteTimes += other.firstByteTimes
        statuses.merge(other.statuses, uniquingKeysWith: +)
        ioErrors += other.ioErrors
        events += other.events
        bodyBytes += other.bodyBytes
        remaining = other.remaining
        finished = other.finished
    }
}
