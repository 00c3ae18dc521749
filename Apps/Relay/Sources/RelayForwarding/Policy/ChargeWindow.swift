import Foundation

/// The UTC windows counters count in, numbered from the Unix epoch so every relay instance names them alike.
enum ChargeWindow {
    case minute
    case day
    case month

    /// The window's number at `date` and when it ends.
    func window(at date: Date) -> (number: Int64, end: Date) {
        let seconds = Int64(date.timeIntervalSince1970.rounded(.down))
        switch self {
        case .minute:
            let number = Self.floorDivide(seconds, 60)
            return (number, Date(timeIntervalSince1970: TimeInterval((number + 1) * 60)))
        case .day:
            let number = Self.floorDivide(seconds, 86_400)
            return (number, Date(timeIntervalSince1970: TimeInterval((number + 1) * 86_400)))
        case .month:
            var calendar = Calendar(identifier: .gregorian)
            calendar.timeZone = TimeZone(identifier: "UTC") ?? TimeZone(secondsFromGMT: 0) ?? calendar.timeZone
            let parts = calendar.dateComponents([.year, .month], from: date)
            let year = parts.year ?? 1970
            let month = parts.month ?? 1
            let number = Int64(year - 1970) * 12 + Int64(month - 1)
            let next = DateComponents(calendar: calendar, timeZone: calendar.timeZone, year: month == 12 ? year + 1 : year, month: month == 12 ? 1 : month + 1, day: 1)
            return (number, calendar.date(from: next) ?? date.addingTimeInterval(31 * 86_400))
        }
    }

    private static func floorDivide(_ value: Int64, _ divisor: Int64) -> Int64 {
        value >= 0 ? value / divisor : (value - divisor + 1) / divisor
    }
}
