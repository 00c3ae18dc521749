import Foundation

/// A story's length in whole minutes, at least 1.
func minutes(_ duration: TimeInterval) -> Int { max(1, Int((duration / 60).rounded())) }

/// The day of `date` as yyyy-MM-dd, in the server's time zone.
func day(_ date: Date) -> String { date.formatted(dayStyle) }

private let dayStyle = Date.ISO8601FormatStyle(timeZone: .current).year().month().day()

/// An estimated cost in dollars, to the hundredth of a cent (a story costs cents).
func dollars(_ value: Double) -> String { String(format: "$%.4f", value) }
