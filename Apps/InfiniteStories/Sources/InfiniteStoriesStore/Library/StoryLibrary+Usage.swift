import Foundation
import GRDB
import InfiniteStories

extension StoryLibrary {
    /// Records what a program run spent, one row per model (models with nothing spent are skipped), so that
    /// usage and cost add up across runs. A library opened with `simulated: true` marks the rows simulated.
    public func recordUsage(_ summaries: [UsageSummary], at date: Date = Date()) async throws {
        let day = UTCStamp.day(date)
        let simulated = recordsSimulatedUsage
        let records = summaries.filter(\.hasSpending).map { summary in
            UsageRecord(
                model: summary.model, inputTokens: summary.inputTokens, outputTokens: summary.outputTokens,
                characters: summary.characters, images: summary.images, cost: summary.estimatedCost, day: day,
                recordedAt: date, simulated: simulated)
        }
        guard !records.isEmpty else { return }
        try await database.write { db in
            for var record in records { try record.insert(db) }
        }
    }

    /// Usage per model, by model name, summed over the recorded runs.
    /// - Parameters:
    ///   - since: only runs on or after this day (UTC), when given.
    ///   - simulated: the sandbox runs' usage instead of the real one.
    public func usageSummary(since: Date? = nil, simulated: Bool = false) async throws -> [UsageSummary] {
        let firstDay = since.map(UTCStamp.day)
        return try await database.read { db in
            var sql = """
                SELECT model, SUM(input_tokens) AS input_tokens, SUM(output_tokens) AS output_tokens,
                       SUM(characters) AS characters, SUM(images) AS images, SUM(cost) AS cost
                FROM usage_records WHERE simulated = ?
                """
            var arguments: StatementArguments = [simulated]
            if let firstDay {
                sql += " AND day >= ?"
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

    /// The estimated cost recorded since the first day of `date`'s month (UTC): what a monthly cap is checked
    /// against.
    public func spentThisMonth(simulated: Bool = false, now date: Date = Date()) async throws -> Double {
        let firstDay = String(UTCStamp.day(date).prefix(8)) + "01"
        return try await database.read { db in
            try Double.fetchOne(db, sql: """
                SELECT COALESCE(SUM(cost), 0) FROM usage_records WHERE simulated = ? AND day >= ?
                """, arguments: [simulated, firstDay]) ?? 0
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
    /// Estimated cost per UTC day ("2026-11-23"), oldest first, for the last `days` days that had any spending
    /// (real spending, or the sandbox's simulated one).
    public func dailyCost(days: Int = 14, simulated: Bool = false) async throws -> [(day: String, cost: Double)] {
        try await database.read { db in
            let rows = try Row.fetchAll(db, sql: """
                SELECT day, SUM(cost) AS cost FROM usage_records WHERE simulated = ?
                GROUP BY day ORDER BY day DESC LIMIT ?
                """, arguments: [simulated, days])
            return rows.reversed().map { (day: $0["day"] as String, cost: $0["cost"] as Double) }
        }
    }
}
