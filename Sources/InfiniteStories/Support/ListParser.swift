import Foundation

/// Reads a list out of a model's free-form answer: a JSON array, numbered or bulleted lines, or one line
/// of comma- or semicolon-separated items — whichever the model chose despite the prompt.
enum ListParser {
    /// The items of `text`: cleaned of markers, quotes and trailing punctuation, duplicates (ignoring case)
    /// and empty items removed, at most `limit`.
    static func items(from text: String, limit: Int) -> [String] {
        var body = text.trimmingCharacters(in: .whitespacesAndNewlines)
        if body.hasPrefix("```") {
            body = body.split(separator: "\n", omittingEmptySubsequences: false).dropFirst()
                .filter { !$0.hasPrefix("```") }.joined(separator: "\n")
        }
        var raw: [String]
        if let json = jsonArray(in: body) {
            raw = json
        } else {
            let lines = body.split(whereSeparator: \.isNewline).map { stripLabel(stripMarker(String($0))) }.filter { !$0.isEmpty }
            if lines.count == 1, let line = lines.first {
                raw = line.split(whereSeparator: { $0 == "," || $0 == ";" || $0 == "、" }).map(String.init)
            } else {
                raw = lines
            }
        }
        var seen = Set<String>()
        var result: [String] = []
        for item in raw.map(clean) where !item.isEmpty && seen.insert(item.lowercased()).inserted {
            result.append(item)
            if result.count == limit { break }
        }
        return result
    }

    /// The strings of the first JSON array in `text`, if it parses as one.
    private static func jsonArray(in text: String) -> [String]? {
        guard let open = text.firstIndex(of: "["), let close = text.lastIndex(of: "]"), open < close else { return nil }
        return try? JSONDecoder().decode([String].self, from: Data(text[open...close].utf8))
    }

    /// A line without its list marker: `1.`, `2)`, `(3)`, `-`, `*`, `•`.
    private static func stripMarker(_ line: String) -> String {
        var rest = Substring(line.trimmingCharacters(in: .whitespaces))
        if rest.first == "(" {
            let digits = rest.dropFirst().prefix(while: \.isNumber)
            if !digits.isEmpty, rest.dropFirst(1 + digits.count).first == ")" { rest = rest.dropFirst(2 + digits.count) }
        } else if let first = rest.first, first.isNumber {
            let digits = rest.prefix(while: \.isNumber)
            if let mark = rest.dropFirst(digits.count).first, mark == "." || mark == ")" || mark == ":" {
                rest = rest.dropFirst(digits.count + 1)
            }
        } else if let first = rest.first, ["-", "*", "•", "·", "–", "—", "+"].contains(first) {
            rest = rest.dropFirst()
        }
        return rest.trimmingCharacters(in: .whitespaces)
    }

    /// Labels a model may put before its list.
    static let labels: Set<String> = ["keywords", "keyword", "tags", "suggestions", "similar events", "events", "ideas", "titles"]

    /// A line without a leading `Keywords:`-style label.
    private static func stripLabel(_ line: String) -> String {
        guard let colon = line.firstIndex(of: ":"), labels.contains(line[..<colon].trimmingCharacters(in: .whitespaces).lowercased())
        else { return line }
        return line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
    }

    /// An item without surrounding quotes, markdown, hashes or trailing punctuation.
    private static func clean(_ item: String) -> String {
        let strip: Set<Character> = ["\"", "'", "“", "”", "«", "»", "*", "_", "`", "#", "[", "]"]
        var value = Substring(item.trimmingCharacters(in: .whitespacesAndNewlines))
        while let first = value.first, strip.contains(first) { value = value.dropFirst() }
        while let last = value.last, strip.contains(last) || last == "." || last == "," || last == ";" { value = value.dropLast() }
        return value.trimmingCharacters(in: .whitespaces)
    }
}
