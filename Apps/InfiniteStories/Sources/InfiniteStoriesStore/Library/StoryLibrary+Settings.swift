import Foundation
import GRDB

extension StoryLibrary {
    /// The most the parent wants to spend in a calendar month (USD, estimated), or nil for no cap. Kept in the
    /// library, so the web app and the command line obey the same cap.
    public func monthlyCap() async throws -> Double? {
        try await setting("monthly_cap").flatMap(Double.init).flatMap { $0 > 0 ? $0 : nil }
    }

    /// Sets the monthly cap; nil (or zero) removes it.
    public func setMonthlyCap(_ dollars: Double?) async throws {
        try await setSetting("monthly_cap", dollars.flatMap { $0 > 0 && $0.isFinite ? String($0) : nil })
    }

    func setting(_ key: String) async throws -> String? {
        try await database.read { db in
            try String.fetchOne(db, sql: "SELECT value FROM settings WHERE key = ?", arguments: [key])
        }
    }

    func setSetting(_ key: String, _ value: String?) async throws {
        try await database.write { db in
            if let value {
                try db.execute(
                    sql: "INSERT INTO settings (key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value",
                    arguments: [key, value])
            } else {
                try db.execute(sql: "DELETE FROM settings WHERE key = ?", arguments: [key])
            }
        }
    }
}
