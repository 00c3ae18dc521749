import PostgresNIO

extension PostgresDriver {
    /// Turns whatever PostgresNIO or the pool threw into the store's vocabulary. Only the SQLSTATE, the server's
    /// message and PostgresNIO's generic code are kept: never the query or its binds (they can hold ciphertexts).
    static func storeError(_ error: any Error) -> any Error {
        switch error {
        case let error as RelayStoreError:
            return error
        case let error as PSQLError:
            guard error.code == .server, let info = error.serverInfo else {
                return RelayStoreError.unavailable("PostgreSQL connection failed (\(error.code))")
            }
            let state = info[.sqlState] ?? "?"
            let message = info[.message] ?? "no message"
            // 23505 unique_violation: the row's identity is taken.
            if state == "23505" {
                return RelayStoreError.conflict(message)
            }
            return RelayStoreError.unavailable("PostgreSQL error \(state): \(message)")
        case is CancellationError:
            return RelayStoreError.unavailable("the database operation was cancelled")
        default:
            return RelayStoreError.unavailable("PostgreSQL unavailable (\(error))")
        }
    }
}
