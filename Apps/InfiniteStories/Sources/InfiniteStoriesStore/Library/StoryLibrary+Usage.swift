import Foundation
import GRDB
import InfiniteStories

extension StoryLibrary {
    /// Records what a program run spent, one row per model (models with nothing spent are skipped), so that
    /// usage and cost add up across runs.
    public func recordUsage(_ summaries: [UsageSummary], at date: Date = Date()) async throws {
        let day = UTCStamp.day(date)
        let records = summaries.filter(\.hasSpending).map { summary in
            UsageRecord(
                model: summary.model, inputTokens: summary.inputTokens, outputTokens: summary.outputTokens,
                characters: summary.characters, images: summary.images, cost: summary.estimatedCost, day: day,
                recordedAt: date)
        }
        guard !records.isEmpty else { return }
        try await database.write { db in
            for var record in records { try record.insert(db) }
        }
    }

    /// Usage per model, by model name, summed over the recorded runs.
    /// - Parameter since: only runs on or after this day (UTC), when given.
    public func usageSummary(since: Date? = nil) async throws -> [UsageSummary] {
        let firstDay = since.map(UTCStamp.day)
        return try await database.read { db in
            var sql = """
                SELECT model, SUM(input_tokens) AS input_tokens, SUM(output_tokens) AS output_tokens,
                       SUM(characters) AS characters, SUM(images) AS images, SUM(cost) AS cost
                FROM usage_records
                """
            var arguments: StatementArguments = []
            if let firstDay {
                sql += " WHERE day >= ?"
                arguments += [firstDay]
            }
            sql += " GROUP BY model ORDER BY model"
            return try Row.fetchAll(db, sql: sql, arguments: arguments).map { row in
                UsageSummary(
                    model: row["model"], inputTokens: row["input_tokens"], outputTokens: row["output_tokens"],
                    characters: row["characters"], images: row["images"], estimatedCost: row["cost"])
            }
        }
    }
}

extension UsageSummary {
    /// Whether anything was used at all.
    var hasSpending: Bool {
        inputTokens > 0 || outputTokens > 0 || characters > 0 || images > 0 || estimatedCost > 0
    }
}

extension StoryLibrary {
    /// Estimated cost per UTC day ("2026-11-23"), oldest first, for the last `days` days that had any spending.
    public func dailyCost(days: Int = 14) async throws -> [(day: String, cost: Double)] {
        try await database.read { db in
            let rows = try Row.fetchAll(db, sql: """
                SELECT day, SUM(cost) AS cost FROM usage_records GROUP BY day ORDER BY day DESC LIMIT ?
                """, arguments: [days])
            return rows.reversed().map { (day: $0["day"] as String, cost: $0["cost"] as Double) }
        }
    }
}
