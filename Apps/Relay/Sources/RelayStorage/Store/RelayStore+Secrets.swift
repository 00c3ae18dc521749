import Foundation

extension RelayStore {
    /// Stores (or replaces) a project's secret, sealed by the caller with
    /// `SecretBox.context(projectID:name:)` as its context.
    public func putSecret(_ secret: SealedSecret, projectID: String, name: String) async throws {
        _ = try await driver.execute(
            """
            INSERT INTO secrets (project_id, name, master_key_id, ciphertext, updated_at) VALUES (?, ?, ?, ?, ?)
            ON CONFLICT (project_id, name) DO UPDATE SET master_key_id = excluded.master_key_id,
                ciphertext = excluded.ciphertext, updated_at = excluded.updated_at
            """,
            .text(projectID), .text(name), .text(secret.masterKeyID), .blob(secret.ciphertext),
            .integer(Timestamp.milliseconds(Date())))
    }

    public func secret(projectID: String, name: String) async throws -> SealedSecret? {
        try await driver.execute(
            "SELECT master_key_id, ciphertext FROM secrets WHERE project_id = ? AND name = ?",
            .text(projectID), .text(name)
        ).first.map { SealedSecret(masterKeyID: try $0.text(0), ciphertext: try $0.blob(1)) }
    }

    /// The names of a project's secrets, sorted; never their values.
    public func secretNames(projectID: String) async throws -> [String] {
        try await driver.execute("SELECT name FROM secrets WHERE project_id = ? ORDER BY name", .text(projectID))
            .map { try $0.text(0) }
    }

    /// - Returns: whether the secret existed.
    public func deleteSecret(projectID: String, name: String) async throws -> Bool {
        !(try await driver.execute(
            "DELETE FROM secrets WHERE project_id = ? AND name = ? RETURNING name", .text(projectID), .text(name)
        ).isEmpty)
    }

    /// Master-key rotation: re-encrypts every secret not yet under `box`'s current key (`box` must still hold the
    /// keys they were sealed with), all in one transaction — if one secret can't be opened, none is changed.
    /// Afterwards the old keys can be removed from the key ring.
    /// - Returns: how many secrets were re-encrypted.
    public func resealSecrets(with box: SecretBox) async throws -> Int {
        try await driver.transaction { tx in
            let rows = try await tx.execute(
                "SELECT project_id, name, master_key_id, ciphertext FROM secrets WHERE master_key_id <> ?",
                .text(box.currentKeyID))
            var count = 0
            for row in rows {
                let projectID = try row.text(0)
                let name = try row.text(1)
                let old = SealedSecret(masterKeyID: try row.text(2), ciphertext: try row.blob(3))
                let context = SecretBox.context(projectID: projectID, name: name)
                let new = try box.seal(try box.open(old, context: context), context: context)
                // The old key id in the WHERE clause: a secret replaced meanwhile is not overwritten.
                let updated = try await tx.execute(
                    """
                    UPDATE secrets SET master_key_id = ?, ciphertext = ?
                    WHERE project_id = ? AND name = ? AND master_key_id = ? RETURNING name
                    """,
                    .text(new.masterKeyID), .blob(new.ciphertext), .text(projectID), .text(name),
                    .text(old.masterKeyID))
                count += updated.count
            }
            return count
        }
    }
}
