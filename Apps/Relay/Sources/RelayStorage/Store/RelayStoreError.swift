/// Why a store operation failed. No case carries a secret: messages name projects, keys and tables, never
/// provider keys, master keys, ciphertexts or passwords.
public enum RelayStoreError: Error, Sendable, Equatable {
    /// A row with this identity already exists (a project id or partial key, an App Attest key id, a challenge).
    case conflict(String)
    /// The row to change does not exist.
    case notFound(String)
    /// The database can't be reached or failed the operation (connection refused, server restarting, busy for
    /// too long). Transient: the same store recovers by itself once the database is back.
    case unavailable(String)
    /// The store location is neither a SQLite path nor a usable `postgres://` URL.
    case invalidLocation(String)
    /// A stored value can't be read back (bad JSON, an unexpected column type).
    case corrupt(String)
    /// A master key or a sealed secret is wrong: a bad key line, an unknown key id, a ciphertext that doesn't
    /// authenticate.
    case secret(String)
}
