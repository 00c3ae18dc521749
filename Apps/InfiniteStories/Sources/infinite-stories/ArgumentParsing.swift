import Foundation
import InfiniteStories

/// Turning what people type into the library's values, forgivingly ("school-day", "School Day", "es", "Spanish").
enum ArgumentParsing {
    /// A built-in event by its raw value or English name, ignoring case, spaces, dashes and underscores.
    static func event(_ text: String) throws -> StoryEvent {
        let wanted = normalized(text)
        guard let event = StoryEvent.allCases.first(where: {
            normalized($0.rawValue) == wanted || normalized($0.displayName) == wanted
        }) else { throw CLIError.unknownEvent(text) }
        return event
    }

    /// A supported language by its English or own name ("Spanish", "español", "Espanol", "Deutsch") or locale code
    /// ("es", "es-MX").
    static func language(_ text: String) throws -> String {
        if let language = SupportedLanguage.allCases.first(where: {
            normalized($0.rawValue) == normalized(text) || normalized($0.nativeName) == normalized(text)
        }) {
            return language.rawValue
        }
        let code = text.lowercased().split(whereSeparator: { $0 == "-" || $0 == "_" }).first.map(String.init) ?? ""
        let mapped = languageCodeToSupported(code)
        guard code.count == 2, mapped != SupportedLanguage.english.rawValue || code == "en" else {
            throw CLIError.unknownLanguage(text)
        }
        return mapped
    }

    /// The user's language as the seed picks it: the system language when supported, English otherwise.
    static var systemLanguage: String {
        languageCodeToSupported(Locale.current.language.languageCode?.identifier ?? "en")
    }

    /// A narration voice id from the seed's table.
    static func voice(_ text: String) throws -> String {
        let wanted = text.lowercased()
        guard InfiniteStories.OpenAIService.availableVoices.contains(where: { $0.id == wanted }) else {
            throw CLIError.unknownVoice(text)
        }
        return wanted
    }

    /// Lowercased letters without accents: "Español" and "espanol" are the same.
    private static func normalized(_ text: String) -> String {
        String(text.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil).lowercased().filter { $0.isLetter })
    }
}
