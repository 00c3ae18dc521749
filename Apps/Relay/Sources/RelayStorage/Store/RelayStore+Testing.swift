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
