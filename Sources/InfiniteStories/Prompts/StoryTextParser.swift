import Foundation

/// Splits a model's reply into the story's title (its first line) and its text.
///
/// The prompt asks for `[Story Title]` on the first line, but models also answer `# Title`, `**Title**`,
/// `Title: …` (in any of the five languages) or a bare line; all are accepted and cleaned.
public enum StoryTextParser {
    /// The longest first line still taken as a title; a longer one means the model skipped the title.
    public static let maximumTitleLength = 200

    /// The title and the story text, or nil when the reply has no usable title or no text after it.
    public static func parse(_ reply: String) -> (title: String, content: String)? {
        let text = reply.trimmingCharacters(in: .whitespacesAndNewlines)
        guard let lineEnd = text.firstIndex(where: \.isNewline) else { return nil }
        let title = cleanTitle(String(text[..<lineEnd]))
        let content = text[lineEnd...].trimmingCharacters(in: .whitespacesAndNewlines)
        guard !title.isEmpty, title.count <= maximumTitleLength, !content.isEmpty else { return nil }
        return (title, content)
    }

    /// Labels a model may put before the title, lowercased, without the colon.
    static let titleLabels = [
        "story title", "title", "título del cuento", "título", "titulo", "titre de l'histoire", "titre",
        "titel der geschichte", "titel", "titolo della storia", "titolo",
    ]

    /// A title line without markdown (`#`, `**`, `__`), a `Title:` label, brackets or quotes.
    public static func cleanTitle(_ line: String) -> String {
        var title = line.replacingOccurrences(of: "**", with: "").replacingOccurrences(of: "__", with: "")
        title = title.trimmingCharacters(in: .whitespaces)
        while title.hasPrefix("#") { title.removeFirst() }
        title = title.trimmingCharacters(in: .whitespaces)
        let lowered = title.lowercased()
        for label in titleLabels where lowered.hasPrefix(label) {
            let rest = title.dropFirst(label.count).drop(while: { $0 == " " || $0 == "\u{00A0}" || $0 == "\u{202F}" })
            if rest.first == ":" {
                title = String(rest.dropFirst())
                break
            }
        }
        let markup: Set<Character> = ["[", "]", "*", "_"]
        title = title.trimmingCharacters(in: .whitespaces)
        while let first = title.first, markup.contains(first) { title.removeFirst() }
        while let last = title.last, markup.contains(last) { title.removeLast() }
        // Quotes only as a pair, so a closing apostrophe ("The Dragons'") stays.
        let quotes: [Character: Set<Character>] = ["\"": ["\""], "“": ["”", "“"], "«": ["»"], "„": ["“", "”"], "'": ["'"], "‘": ["’"]]
        title = title.trimmingCharacters(in: .whitespaces)
        if let first = title.first, let last = title.last, title.count > 1, quotes[first]?.contains(last) == true {
            title = String(title.dropFirst().dropLast())
        }
        return title.trimmingCharacters(in: .whitespaces)
    }
}
