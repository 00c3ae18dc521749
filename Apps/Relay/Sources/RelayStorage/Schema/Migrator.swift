import Logging

/// Brings a database to the newest schema, once, even when several relay instances start at the same moment.
enum Migrator {
    /// The advisory lock every relay instance takes before migrating a PostgreSQL database ("RELAYMIG").
    static let postgresLockKey: Int64 = 0x5245_4C41_594D_4947

    static func migrate(_ driver: any SQLDriver, schema: String?, logger: Logger) async throws {
        let dialect = driver.dialect
        let applied = try await driver.transaction { tx in
            // PostgreSQL: the transaction-scoped advisory lock makes a second instance wait here until the first
            // has committed its migrations; it then finds them recorded. SQLite: the transaction began with
            // BEGIN IMMEDIATE, which already excludes every other writer.
            if dialect == .postgres {
                _ = try await tx.execute("SELECT pg_advisory_xact_lock(?)", .integer(postgresLockKey))
                if let schema {
                    _ = try await tx.execute("CREATE SCHEMA IF NOT EXISTS \(schema)")
                }
            }
            _ = try await tx.execute(dialect.render("""
                CREATE TABLE IF NOT EXISTS schema_migrations (
                    version {BIGINT} PRIMARY KEY,
                    applied_at {BIGINT} NOT NULL
                )
                """))
            let done = Set(try await tx.execute("SELECT version FROM schema_migrations").map { try $0.integer(0) })
            var applied: [Int64] = []
            for migration in Migration.all where !done.contains(migration.version) {
                for statement in migration.statements {
                    _ = try await tx.execute(dialect.render(statement))
                }
                _ = try await tx.execute(
                    "INSERT INTO schema_migrations (version, applied_at) VALUES (?, ?)",
                    .integer(migration.version), .integer(Timestamp.milliseconds(.now)))
                applied.append(migration.version)
            }
            return applied
        }
        if !applied.isEmpty {
            logger.info("store schema migrated", metadata: ["versions": "\(applied)", "backend": "\(dialect.rawValue)"])
        }
    }
}
