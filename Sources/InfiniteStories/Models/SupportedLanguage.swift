import Foundation

/// The languages stories are written in; the raw value is the name the InfiniteStories app uses in requests.
public enum SupportedLanguage: String, CaseIterable, Codable, Sendable {
    case english = "English"
    case spanish = "Spanish"
    case french = "French"
    case german = "German"
    case italian = "Italian"

    /// The language for a name as the InfiniteStories app passes it (`"Spanish"`), case-insensitively; English otherwise,
    /// as the InfiniteStories app's prompts fall back to English.
    public init(name: String) {
        self = Self.allCases.first { $0.rawValue.caseInsensitiveCompare(name) == .orderedSame } ?? .english
    }

    /// The InfiniteStories app's mapping of a locale language code (`"es"`, `"fr-CA"`) to a supported language name.
    public static func languageCodeToSupported(_ code: String) -> String {
        let primary = code.lowercased().split(whereSeparator: { $0 == "-" || $0 == "_" }).first.map(String.init) ?? ""
        switch primary {
        case "es": return SupportedLanguage.spanish.rawValue
        case "fr": return SupportedLanguage.french.rawValue
        case "de": return SupportedLanguage.german.rawValue
        case "it": return SupportedLanguage.italian.rawValue
        default: return SupportedLanguage.english.rawValue
        }
    }

    /// The language's own name, for menus.
    public var nativeName: String {
        switch self {
        case .english: "English"
        case .spanish: "Español"
        case .french: "Français"
        case .german: "Deutsch"
        case .italian: "Italiano"
        }
    }
}

/// The InfiniteStories app's `languageCodeToSupported(_:)`: a locale language code to the name of a supported language.
public func languageCodeToSupported(_ code: String) -> String {
    SupportedLanguage.languageCodeToSupported(code)
}
