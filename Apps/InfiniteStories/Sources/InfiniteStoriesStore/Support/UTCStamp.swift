import Foundation

/// Dates written into file names and usage rows: in UTC and without a formatter, so they never depend on the
/// user's locale or time zone, and sort as text.
enum UTCStamp {
    private static let calendar: Calendar = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        return calendar
    }()

    /// `yyyyMMdd-HHmmss`.
    static func fileStamp(_ date: Date) -> String {
        let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: date)
        return "\(day(parts, separator: ""))-\(two(parts.hour))\(two(parts.minute))\(two(parts.second))"
    }

    /// `yyyy-MM-dd`.
    static func day(_ date: Date) -> String {
        day(calendar.dateComponents([.year, .month, .day], from: date), separator: "-")
    }

    private static func day(_ parts: DateComponents, separator: String) -> String {
        "\(parts.year ?? 0)\(separator)\(two(parts.month))\(separator)\(two(parts.day))"
    }

    private static func two(_ value: Int?) -> String {
        let value = value ?? 0
        return value < 10 ? "0\(value)" : "\(value)"
    }
}
