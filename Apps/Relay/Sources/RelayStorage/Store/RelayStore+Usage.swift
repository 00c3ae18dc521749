import Foundation

extension RelayStore {
    public func recordUsage(_ record: UsageRecord) async throws {
        try await recordUsage([record])
    }

    /// Records many requests' usage in one transaction.
    public func recordUsage(_ records: [UsageRecord]) async throws {
        guard !records.isEmpty else { return }
        try await driver.transaction { tx in try await Self.insert(records, in: tx) }
    }

    /// Inserts `records` with multi-row statements of at most 100 rows (1,100 placeholders, far below either
    /// database's limit).
    static func insert(_ records: [UsageRecord], in tx: any SQLTransaction) async throws {
        var start = records.startIndex
        while start < records.endIndex {
            let rows = records[start..<min(start + 100, records.endIndex)]
            start = rows.endIndex
            var binds: [SQLValue] = []
            binds.reserveCapacity(rows.count * 11)
            for record in rows {
                binds += [
                    .text(record.projectID), .text(record.clientKey), .text(record.provider), .text(record.endpoint),
                    record.model.map(SQLValue.text) ?? .null, .integer(Int64(record.status)),
                    .integer(Int64(record.inputTokens)), .integer(Int64(record.outputTokens)),
                    .integer(record.costMicroUSD), .integer(Int64(record.durationMilliseconds)),
                    .integer(Timestamp.milliseconds(record.at)),
                ]
            }
            let values = Array(repeating: "(?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)", count: rows.count).joined(separator: ", ")
            _ = try await tx.execute(
                """
                INSERT INTO usage_records (project_id, client_key, provider, endpoint, model, status, input_tokens,
                    output_tokens, cost_micro_usd, duration_ms, at)
                VALUES \(values)
                """, binds)
        }
    }

    /// Usage since `since`, for one project or all, added up per project, client and model; sorted by those.
    public func usage(projectID: String?, since: Date) async throws -> [UsageSummary] {
        var binds: [SQLValue] = [.integer(Timestamp.milliseconds(since))]
        var filter = ""
        if let projectID {
            filter = " AND project_id = ?"
            binds.append(.text(projectID))
        }
        // CAST: PostgreSQL's SUM of a BIGINT is a NUMERIC.
        let rows = try await driver.execute(
            """
            SELECT project_id, client_key, COALESCE(model, '') AS model_name, COUNT(*),
                CAST(SUM(input_tokens) AS BIGINT), CAST(SUM(output_tokens) AS BIGINT), CAST(SUM(cost_micro_usd) AS BIGINT)
            FROM usage_records WHERE at >= ?\(filter)
            GROUP BY project_id, client_key, COALESCE(model, '')
            ORDER BY project_id, client_key, model_name
            """, binds)
        return try rows.map { row in
            UsageSummary(
                projectID: try row.text(0), clientKey: try row.text(1), model: try row.text(2),
                requests: Int(try row.integer(3)), inputTokens: Int(try row.integer(4)),
                outputTokens: Int(try row.integer(5)), costMicroUSD: try row.integer(6))
        }
    }
}
