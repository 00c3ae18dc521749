import Foundation
import InfiniteStories

/// A story's length in whole minutes, at least 1.
func minutes(_ duration: TimeInterval) -> Int { max(1, Int((duration / 60).rounded())) }

extension UI {
    /// The interface language's locale (dates, numbers and money are written as its readers expect).
    var locale: Locale { Locale(identifier: code) }

    /// A day as its readers write it ("27 nov 2026", "Nov 27, 2026"), in the server's time zone.
    func day(_ date: Date) -> String {
        date.formatted(Date.FormatStyle(date: .abbreviated, time: .omitted, locale: locale, timeZone: .current))
    }

    /// A short day label for a chart from a UTC "yyyy-MM-dd" ("27 nov"); the text itself when it isn't one.
    func shortDay(_ utcDay: String) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let parts = utcDay.split(separator: "-").compactMap { Int($0) }
        guard parts.count == 3, let date = calendar.date(from: DateComponents(year: parts[0], month: parts[1], day: parts[2]))
        else { return utcDay }
        var style = Date.FormatStyle(locale: locale, timeZone: TimeZone(identifier: "UTC")!).day().month(.abbreviated)
        style.calendar = calendar
        return date.formatted(style)
    }

    /// An estimated cost in US dollars as the interface language writes money: to the cent, or to the tenth of a
    /// cent below a dollar (a story costs cents).
    func money(_ value: Double) -> String {
        let digits = abs(value) < 1 ? 3 : 2
        return value.formatted(.currency(code: "USD").locale(locale).precision(.fractionLength(2...digits)))
    }

    /// A story language's name in the interface language ("español" in a Spanish interface).
    func languageName(_ name: String) -> String {
        switch SupportedLanguage(name: name) {
        case .english: self[.languageEnglish]
        case .spanish: self[.languageSpanish]
        case .french: self[.languageFrench]
        case .german: self[.languageGerman]
        case .italian: self[.languageItalian]
        }
    }
}

extension String {
    /// The text with each `{name}` replaced by its value: the interface's sentences with something in them.
    func filling(_ values: [String: String]) -> String {
        values.reduce(self) { text, pair in text.replacingOccurrences(of: "{\(pair.key)}", with: pair.value) }
    }
}
