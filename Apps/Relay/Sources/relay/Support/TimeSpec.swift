import Foundation

/// Durations and dates as the operator types them.
enum TimeSpec {
    /// `90s`, `15m`, `2h`, `30d` (a bare number is seconds) as seconds.
    static func seconds(_ text: String) throws -> Int {
        let units: [Character: Int] = ["s": 1, "m": 60, "h": 3600, "d": 86_400]
        var digits = Substring(text)
        var unit = 1
        if let last = text.last, let multiplier = units[last] {
            digits = digits.dropLast()
            unit = multiplier
        }
        guard let value = Int(digits), value > 0, value <= Int(Int32.max) / unit else {
            throw CLIFailure("\"\(text)\" is not a duration: write a positive number with s, m, h or d (15m, 30d).")
        }
        return value * unit
    }

    /// A start date: `2026-11-01` (midnight UTC), a full ISO 8601 time, or a duration back from `now` (`30d`).
    static func since(_ text: String, now: Date = Date()) throws -> Date {
        if let date = ISO8601DateFormatter().date(from: text) { return date }
        let day = ISO8601DateFormatter()
        day.formatOptions = [.withFullDate]
        if let date = day.date(from: text) { return date }
        guard let seconds = try? seconds(text) else {
            throw CLIFailure("\"\(text)\" is not a date (2026-11-01) or a duration back from now (30d, 12h).")
        }
        return now.addingTimeInterval(-Double(seconds))
    }
}
