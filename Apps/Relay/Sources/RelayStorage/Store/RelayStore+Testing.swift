extension RelayStore {
    /// Drops a PostgreSQL schema made for one test run (`?schema=` of its URL), so test runs don't pile up schemas
    /// in the shared test database. For the package's tests only.
    package func dropPostgresSchema(_ schema: String) async throws {
        guard driver.dialect == .postgres, PostgresLocation.isPlainIdentifier(schema) else {
            throw RelayStoreError.invalidLocation("not a PostgreSQL schema this store can drop")
        }
        _ = try await driver.execute("DROP SCHEMA IF EXISTS \(schema) CASCADE")
    }
}

extension RelayStore {
    /// Terminates every other client connection to this store's PostgreSQL database (`pg_terminate_backend`), as a
    /// failover or an administrator would, and returns how many it ended. For the package's tests only: it reaches
    /// other stores' connections too.
    package func terminateOtherPostgresConnections() async throws -> Int {
        guard driver.dialect == .postgres else {
            throw RelayStoreError.invalidLocation("not a PostgreSQL store")
        }
        let rows = try await driver.execute(
            """
            SELECT count(pg_terminate_backend(pid)) FROM pg_stat_activity
            WHERE datname = current_database() AND pid <> pg_backend_pid() AND backend_type = 'client backend'
            """)
        return Int(try rows.first?.integer(0) ?? 0)
    }
}
