import Foundation

extension RelayStore {
    /// Stores a key whose attestation verified.
    /// - Throws: `.conflict` when a key with this id exists (an attestation is accepted once).
    public func insertAttestedKey(_ key: AttestedKey) async throws {
        do {
            _ = try await driver.execute(
                """
                INSERT INTO attested_keys (id, project_id, public_key, counter, environment, receipt, created_at, revoked)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?)
                """,
                .text(key.id), .text(key.projectID), .blob(key.publicKey), .integer(Int64(key.counter)),
                .text(key.environment), .blob(key.receipt), Timestamp.exact(key.createdAt),
                .integer(key.revoked ? 1 : 0))
        } catch RelayStoreError.conflict {
            throw RelayStoreError.conflict("the App Attest key is already registered")
        }
    }

    public func attestedKey(id: String) async throws -> AttestedKey? {
        try await driver.execute("\(Self.attestedKeySelect) WHERE id = ?", .text(id)).first.map(Self.attestedKey(from:))
    }

    /// Records an assertion's counter, atomically and only upward: `false` when the stored counter is already
    /// `counter` or higher (a replayed or reordered assertion), the key is revoked, or it doesn't exist. Two
    /// concurrent assertions with the same counter: exactly one gets `true`.
    public func advanceAttestedKeyCounter(id: String, to counter: UInt32) async throws -> Bool {
        !(try await driver.execute(
            "UPDATE attested_keys SET counter = ? WHERE id = ? AND counter < ? AND revoked = 0 RETURNING id",
            .integer(Int64(counter)), .text(id), .integer(Int64(counter))
        ).isEmpty)
    }

    /// A project's keys, oldest first.
    public func attestedKeys(projectID: String) async throws -> [AttestedKey] {
        try await driver.execute(
            "\(Self.attestedKeySelect) WHERE project_id = ? ORDER BY created_at, id", .text(projectID)
        ).map(Self.attestedKey(from:))
    }

    /// Revokes a key: its assertions are refused from now on.
    /// - Returns: whether the key exists (revoking a revoked key again also answers `true`).
    public func revokeAttestedKey(id: String) async throws -> Bool {
        !(try await driver.execute("UPDATE attested_keys SET revoked = 1 WHERE id = ? RETURNING id", .text(id)).isEmpty)
    }

    /// Stores a challenge handed to a device for its attestation or assertion.
    public func insertChallenge(_ challenge: String, projectID: String, expiresAt: Date) async throws {
        do {
            _ = try await driver.execute(
                "INSERT INTO challenges (project_id, challenge, expires_at) VALUES (?, ?, ?)",
                .text(projectID), .text(challenge), .integer(Timestamp.milliseconds(expiresAt)))
        } catch RelayStoreError.conflict {
            throw RelayStoreError.conflict("the challenge was already issued")
        }
    }

    /// Uses up a challenge: `true` once, for a challenge issued for this project and not expired at `now`. The
    /// delete and the check are one statement, so two concurrent uses can't both succeed.
    public func consumeChallenge(_ challenge: String, projectID: String, now: Date) async throws -> Bool {
        let deleted = try await driver.execute(
            "DELETE FROM challenges WHERE project_id = ? AND challenge = ? RETURNING expires_at",
            .text(projectID), .text(challenge))
        guard let row = deleted.first else { return false }
        return try row.integer(0) > Timestamp.milliseconds(now)
    }

    /// Deletes challenges that expired unused.
    /// - Returns: how many were deleted.
    public func purgeExpiredChallenges(now: Date) async throws -> Int {
        try await driver.execute(
            "DELETE FROM challenges WHERE expires_at <= ? RETURNING 1", .integer(Timestamp.milliseconds(now))
        ).count
    }

    private static let attestedKeySelect =
        "SELECT id, project_id, public_key, counter, environment, receipt, created_at, revoked FROM attested_keys"

    private static func attestedKey(from row: SQLRow) throws -> AttestedKey {
        guard let counter = UInt32(exactly: try row.integer(3)) else {
            throw RelayStoreError.corrupt("an App Attest key's counter is out of range")
        }
        return AttestedKey(
            id: try row.text(0), projectID: try row.text(1), publicKey: try row.blob(2), counter: counter,
            environment: try row.text(4), receipt: try row.blob(5), createdAt: Timestamp.date(exact: try row.real(6)),
            revoked: try row.integer(7) != 0)
    }
}
