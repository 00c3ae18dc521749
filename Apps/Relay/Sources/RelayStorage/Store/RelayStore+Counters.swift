import Foundation
import RelayCore

extension RelayStore {
    /// Reserves every charge or none: the heart of the limits.
    ///
    /// One transaction; the charges are applied in key order (two reservations sharing counters lock them in the
    /// same order, so they can't deadlock), each as one conditional upsert that adds the amount only if the
    /// counter stays within its limit. The first refusal rolls everything back. A counter whose window has ended
    /// counts as empty.
    ///
    /// Why this is exact with many relay instances on one database:
    /// - SQLite: the transaction starts with `BEGIN IMMEDIATE`, so reservations from every connection and process
    ///   run one after the other.
    /// - PostgreSQL (READ COMMITTED): `INSERT … ON CONFLICT DO UPDATE` locks the conflicting row and evaluates
    ///   the `WHERE` on its newest committed version, waiting for any transaction that holds the row. Two
    ///   reservations racing for the last units therefore see each other's committed amounts, never a stale
    ///   snapshot; a row that doesn't exist yet is inserted by one of them and the other takes the update path.
    public func reserve(_ charges: [CounterCharge], now: Date) async throws -> Reservation {
        // A request under no limit costs no transaction.
        if charges.isEmpty { return .granted }
        if let tooLarge = charges.first(where: { $0.amount > $0.limit }) {
            return Self.refusal(tooLarge, now: now)
        }
        let sorted = charges.sorted { $0.key < $1.key }
        let nowMilliseconds = Timestamp.milliseconds(now)
        do {
            try await driver.transaction { tx in
                for charge in sorted {
                    let granted = try await tx.execute(
                        """
                        INSERT INTO counters (key, used, expires_at) VALUES (?, ?, ?)
                        ON CONFLICT (key) DO UPDATE SET
                            used = CASE WHEN counters.expires_at <= ? THEN excluded.used
                                ELSE counters.used + excluded.used END,
                            expires_at = CASE WHEN counters.expires_at <= ? THEN excluded.expires_at
                                ELSE counters.expires_at END
                        WHERE (CASE WHEN counters.expires_at <= ? THEN excluded.used
                            ELSE counters.used + excluded.used END) <= ?
                        RETURNING used
                        """,
                        .text(charge.key), .integer(charge.amount), .integer(Timestamp.milliseconds(charge.expiresAt)),
                        .integer(nowMilliseconds), .integer(nowMilliseconds), .integer(nowMilliseconds),
                        .integer(charge.limit))
                    if granted.isEmpty {
                        throw Refused(charge: charge)
                    }
                }
            }
            return .granted
        } catch let refused as Refused {
            return Self.refusal(refused.charge, now: now)
        }
    }

    /// Corrects counters once the real usage is known (negative: fewer tokens than reserved). A counter never goes
    /// below zero; a positive correction to a counter that is gone recreates it.
    public func settle(_ adjustments: [CounterAdjustment]) async throws {
        try await commit(settlements: adjustments, usage: [])
    }

    /// Settles `settlements` and records `usage` in one transaction: how the relay writes what a batch of finished
    /// requests used.
    public func commit(settlements: [CounterAdjustment], usage: [UsageRecord]) async throws {
        guard !settlements.isEmpty || !usage.isEmpty else { return }
        // Sorted by key: every writer takes the counters' row locks in the same order, so none deadlock.
        let sorted = settlements.sorted { $0.key < $1.key }
        try await driver.transaction { tx in
            for adjustment in sorted {
                _ = try await tx.execute(
                    """
                    INSERT INTO counters (key, used, expires_at) VALUES (?, CASE WHEN ? < 0 THEN 0 ELSE ? END, ?)
                    ON CONFLICT (key) DO UPDATE SET
                        used = CASE WHEN counters.used + ? < 0 THEN 0 ELSE counters.used + ? END
                    """,
                    .text(adjustment.key), .integer(adjustment.delta), .integer(adjustment.delta),
                    .integer(Timestamp.milliseconds(adjustment.expiresAt)), .integer(adjustment.delta),
                    .integer(adjustment.delta))
            }
            try await Self.insert(usage, in: tx)
        }
    }

    /// What a counter holds now (0 when it doesn't exist).
    public func counter(key: String) async throws -> Int64 {
        try await driver.execute("SELECT used FROM counters WHERE key = ?", .text(key)).first?.integer(0) ?? 0
    }

    /// Deletes counters whose window has ended.
    /// - Returns: how many were deleted.
    public func purgeExpiredCounters(now: Date) async throws -> Int {
        try await driver.execute(
            "DELETE FROM counters WHERE expires_at <= ? RETURNING 1", .integer(Timestamp.milliseconds(now))
        ).count
    }

    private static func refusal(_ charge: CounterCharge, now: Date) -> Reservation {
        let seconds = charge.expiresAt.timeIntervalSince(now).rounded(.up)
        return .refused(key: charge.key, retryAfter: seconds >= 1 ? Int(min(seconds, Double(Int32.max))) : 1)
    }
}

/// Thrown inside a reservation's transaction to roll it back.
private struct Refused: Error {
    let charge: CounterCharge
}
