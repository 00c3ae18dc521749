import Foundation

/// One amount to add to one counter, allowed only while the counter stays within `limit`.
///
/// Counters are named by what they count and the window they count in (`p/story-app/tpm/29442180`: the project's
/// tokens in that minute), so a new window is a new counter and old ones expire. A request's charges are reserved
/// together, all or none, before it is forwarded; that is what keeps concurrent requests (on any number of relay
/// instances sharing one database) from overspending.
public struct CounterCharge: Sendable, Equatable, Hashable {
    public var key: String
    public var amount: Int64
    public var limit: Int64
    /// When the window ends: the counter can be deleted after it, and a refused request may retry then.
    public var expiresAt: Date

    public init(key: String, amount: Int64, limit: Int64, expiresAt: Date) {
        self.key = key
        self.amount = amount
        self.limit = limit
        self.expiresAt = expiresAt
    }
}

/// A correction to a counter once the real usage is known: usually negative (the request used fewer tokens than
/// it reserved), positive when the upstream reported more than the reservation.
public struct CounterAdjustment: Sendable, Equatable {
    public var key: String
    public var delta: Int64
    public var expiresAt: Date

    public init(key: String, delta: Int64, expiresAt: Date) {
        self.key = key
        self.delta = delta
        self.expiresAt = expiresAt
    }
}

/// The answer to a reservation.
public enum Reservation: Sendable, Equatable {
    case granted
    /// The charge on `key` would pass its limit; nothing was reserved. `retryAfter`: whole seconds until the
    /// counter's window ends (at least 1).
    case refused(key: String, retryAfter: Int)
}
