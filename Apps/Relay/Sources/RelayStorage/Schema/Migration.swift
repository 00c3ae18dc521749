/// One step of the schema, applied once per database and recorded in `schema_migrations`. Steps are never edited
/// once released: a change is a new step. Types are written as tokens (`{BIGINT}`, `{DOUBLE}`, `{BLOB}`,
/// `{ROWID}`) that each dialect renders (see `SQLDialect.render`).
struct Migration: Sendable {
    var version: Int64
    var statements: [String]

    /// Times are integer milliseconds since 1970 where the database compares them (expiries, usage); creation
    /// times read back into a `Date` are seconds since 2001 as a double, which round-trip a `Date` exactly.
    static let all: [Migration] = [
        Migration(version: 1, statements: [
            """
            CREATE TABLE projects (
                id TEXT PRIMARY KEY,
                partial_key TEXT NOT NULL UNIQUE,
                upstreams TEXT NOT NULL,
                project_limits TEXT NOT NULL,
                client_limits TEXT NOT NULL,
                auth TEXT NOT NULL,
                created_at {DOUBLE} NOT NULL
            )
            """,
            """
            CREATE TABLE secrets (
                project_id TEXT NOT NULL,
                name TEXT NOT NULL,
                master_key_id TEXT NOT NULL,
                ciphertext {BLOB} NOT NULL,
                updated_at {BIGINT} NOT NULL,
                PRIMARY KEY (project_id, name)
            )
            """,
            """
            CREATE TABLE attested_keys (
                id TEXT PRIMARY KEY,
                project_id TEXT NOT NULL,
                public_key {BLOB} NOT NULL,
                counter {BIGINT} NOT NULL,
                environment TEXT NOT NULL,
                receipt {BLOB} NOT NULL,
                created_at {DOUBLE} NOT NULL,
                revoked {BIGINT} NOT NULL
            )
            """,
            "CREATE INDEX attested_keys_project ON attested_keys (project_id)",
            """
            CREATE TABLE challenges (
                project_id TEXT NOT NULL,
                challenge TEXT NOT NULL,
                expires_at {BIGINT} NOT NULL,
                PRIMARY KEY (project_id, challenge)
            )
            """,
            "CREATE INDEX challenges_expiry ON challenges (expires_at)",
            """
            CREATE TABLE counters (
                key TEXT PRIMARY KEY,
                used {BIGINT} NOT NULL,
                expires_at {BIGINT} NOT NULL
            )
            """,
            "CREATE INDEX counters_expiry ON counters (expires_at)",
            """
            CREATE TABLE usage_records (
                id {ROWID},
                project_id TEXT NOT NULL,
                client_key TEXT NOT NULL,
                provider TEXT NOT NULL,
                endpoint TEXT NOT NULL,
                model TEXT,
                status {BIGINT} NOT NULL,
                input_tokens {BIGINT} NOT NULL,
                output_tokens {BIGINT} NOT NULL,
                cost_micro_usd {BIGINT} NOT NULL,
                duration_ms {BIGINT} NOT NULL,
                at {BIGINT} NOT NULL
            )
            """,
            "CREATE INDEX usage_records_project_at ON usage_records (project_id, at)",
            "CREATE INDEX usage_records_at ON usage_records (at)",
        ])
    ]
}
