/// The New story form's fields: posted to start a story or ask the assistant, and carried in a retry link's
/// query so a failed order's values come back filled in.
struct StoryForm: Codable, Sendable, Hashable {
    var hero: String?
    var event: String?
    var custom: String?
    /// The custom event's name (optional; "Suggest a title" fills it).
    var title: String?
    /// Words the story weaves in, comma-separated (optional; "Keywords" fills it).
    var keywords: String?
    var language: String?
    var minutes: String?
    var voice: String?
    /// The child the story is for (an id), empty for any child.
    var child: String?
    /// Scene pictures in the text: "0" to "3".
    var scenes: String?
    /// "1": text only, no narration (a checkbox, so absent means narrated).
    var quiet: String?
    /// Which assistant button was pressed (title, enhance, keywords, similar).
    var assist: String?
    /// A "Use this" button under an answer: the value it puts into the name, description or keywords field
    /// (the description's "Undo" is one too, carrying the text it replaced).
    var useTitle: String?
    var useCustom: String?
    var useKeywords: String?

    enum CodingKeys: String, CodingKey {
        case hero, event, custom, title, keywords, language, minutes, voice, child, scenes, quiet, assist
        case useTitle = "use_title"
        case useCustom = "use_custom"
        case useKeywords = "use_keywords"
    }

    /// The keywords field as words: split at commas, trimmed, at most 12.
    var keywordList: [String] {
        (keywords ?? "").prefix(300).split(separator: ",")
            .map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }.filter { !$0.isEmpty }.prefix(12).map { $0 }
    }
}

/// The choices of the last story ordered in this browser (hero, language, length, voice), kept in a cookie so
/// the next New story form starts from them.
struct LastChoices: Sendable, Equatable {
    var hero: String
    var language: String
    var minutes: String
    var voice: String

    static let cookieName = "is_last"

    /// "hero.language.minutes.voice": every part is an id, a language name, digits or a voice id (cookie-safe).
    var cookieValue: String { [hero, language, minutes, voice].joined(separator: ".") }

    init(hero: String, language: String, minutes: String, voice: String) {
        self.hero = hero
        self.language = language
        self.minutes = minutes
        self.voice = voice
    }

    /// Reads the cookie's value; nil when it isn't one (the form then shows its defaults).
    init?(cookieValue: String) {
        let parts = cookieValue.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        guard parts.count == 4, parts.allSatisfy({ !$0.isEmpty && $0.count <= 40 && $0.allSatisfy { $0.isLetter || $0.isNumber || $0 == "-" } })
        else { return nil }
        (hero, language, minutes, voice) = (parts[0], parts[1], parts[2], parts[3])
    }

    /// The form these choices start (no event: the menu's default).
    var form: StoryForm { StoryForm(hero: hero, language: language, minutes: minutes, voice: voice) }
}
