#if SwiftAIMacros
import SwiftSyntax

/// The text of a declaration's `///` or `/** */` comment, which becomes the schema's `description`: the model
/// reads the same explanation a developer reads.
enum DocComment {
    /// The doc comment of a declaration with these attributes and this leading trivia: written before the
    /// attributes or between them and the declaration (`@Guide(…)` then `/// …` then `var`).
    static func text(of declaration: some SyntaxProtocol, attributes: AttributeListSyntax) -> String? {
        var trivia = declaration.leadingTrivia
        if let next = attributes.last?.lastToken(viewMode: .sourceAccurate)?.nextToken(viewMode: .sourceAccurate) {
            trivia += next.leadingTrivia
        }
        return text(in: trivia)
    }

    /// The doc comment in `trivia` (a declaration's leading trivia), lines joined with a space; nil when there
    /// is none. An ordinary `//` comment ends the doc comment before it, as in DocC.
    static func text(in trivia: Trivia) -> String? {
        var lines: [String] = []
        for piece in trivia {
            switch piece {
            case .docLineComment(let text):
                lines.append(String(text.dropFirst(3)))
            case .docBlockComment(let text):
                lines += blockLines(text)
            case .lineComment, .blockComment:
                lines.removeAll()
            default:
                continue
            }
        }
        let words = lines.map { $0.trimmingWhitespace() }.filter { !$0.isEmpty }
        return words.isEmpty ? nil : words.joined(separator: " ")
    }

    /// The lines of a `/** … */` comment without the delimiters and the `*` that often starts each line.
    private static func blockLines(_ text: String) -> [String] {
        let body = text.dropFirst(3).dropLast(2)
        return body.split(separator: "\n", omittingEmptySubsequences: false).map { line in
            let trimmed = Substring(line.trimmingWhitespace())
            return String(trimmed.hasPrefix("*") ? trimmed.dropFirst() : trimmed)
        }
    }
}

extension StringProtocol {
    /// The text without leading and trailing spaces, tabs and newlines (the plugin avoids Foundation).
    func trimmingWhitespace() -> String {
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" }
        guard let first = firstIndex(where: { !isSpace($0) }), let last = lastIndex(where: { !isSpace($0) }) else {
            return ""
        }
        return String(self[first...last])
    }
}
#endif
