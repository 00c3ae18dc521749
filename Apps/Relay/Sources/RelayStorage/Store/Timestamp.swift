import Foundation

/// How the store writes times: milliseconds since 1970 where SQL compares them, seconds since 2001 (Foundation's
/// own representation, so a `Date` reads back equal) where they are only read back.
enum Timestamp {
    static func milliseconds(_ date: Date) -> Int64 {
        Int64((date.timeIntervalSince1970 * 1000).rounded(.down))
    }

    static func exact(_ date: Date) -> SQLValue {
        .real(date.timeIntervalSinceReferenceDate)
    }

    static func date(exact seconds: Double) -> Date {
        Date(timeIntervalSinceReferenceDate: seconds)
    }
}
