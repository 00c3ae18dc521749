import AIServerKit
import Foundation

/// `[sandbox-tools: a, b | c]` in a user's text: the tool calls the sandbox model makes, turn by turn, so a
/// client's multi-turn tool loop (parallel calls, several rounds) can be tested deterministically.
///
/// Segments separated by `|` are successive assistant turns; the names in a segment (separated by `,`) are
/// called in parallel in that turn. Spaces anywhere are ignored, and so are empty names and empty segments.
/// After the last segment's results come back, the model answers text.
struct ToolDirective: Equatable {
    /// The tool names of each turn, in order (never an empty turn).
    let turns: [[String]]

    /// The first well-formed directive in `text`, nil when there is none (or it names no tool).
    init?(in text: String) {
        var searchStart = text.startIndex
        while let marker = text.range(of: "sandbox-tools", options: .caseInsensitive, range: searchStart..<text.endIndex) {
            searchStart = marker.upperBound
            guard text[..<marker.lowerBound].trimmingCharacters(in: .whitespaces).hasSuffix("[") else { continue }
            let after = text[marker.upperBound...].drop(while: \.isWhitespace)
            guard after.first == ":", let close = after.firstIndex(of: "]") else { continue }
            let body = after[after.index(after: after.startIndex)..<close]
            let turns = body.split(separator: "|", omittingEmptySubsequences: false).map { segment in
                segment.split(separator: ",").map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }.filter { !$0.isEmpty }
            }.filter { !$0.isEmpty }
            guard !turns.isEmpty else { continue }
            self.turns = turns
            return
        }
        return nil
    }

    /// The names to call after `done` tool-call turns, nil when the directive is used up.
    func names(afterTurns done: Int) -> [String]? {
        done >= 0 && done < turns.count ? turns[done] : nil
    }

    /// How many turns `calls` tool calls complete. The Responses API's replayed items do not show where one turn
    /// ended (clients append each call with its output, or all calls then all outputs), so there the turns are
    /// counted by how many of the directive's calls have been made.
    func turnsCovered(byCalls calls: Int) -> Int {
        var remaining = calls
        var covered = 0
        for turn in turns {
            guard remaining >= turn.count else { break }
            remaining -= turn.count
            covered += 1
        }
        return covered
    }
}

/// A tool call the sandbox model makes: the same for every protocol but the id's prefix.
struct SandboxToolCall {
    let id: String
    let name: String
    /// The arguments as JSON text.
    let arguments: String

    /// Calls for `names`: arguments from the offered tool's schema (``SchemaSample``), `{}` for a tool the request
    /// did not offer. Ids hash the name, arguments, turn and index, so they are stable across runs and unique
    /// within a conversation.
    static func calls(
        _ names: [String], offered: [(name: String, schema: JSON)], idPrefix: String, turn: Int
    ) -> [SandboxToolCall] {
        names.enumerated().map { index, name in
            let schema = offered.first(where: { $0.name == name })?.schema
            let arguments = schema.map { SchemaSample.json(schema: $0) } ?? "{}"
            let hash = SandboxText.hash("\(name)\n\(arguments)\n\(turn).\(index)")
            return SandboxToolCall(id: "\(idPrefix)\(hash % 1_000_000_000)", name: name, arguments: arguments)
        }
    }

    /// What a model says before calling tools: "I'll use the a tool." or "I'll use the a and b tools.".
    static func intro(_ names: [String]) -> String {
        guard let last = names.last else { return "" }
        if names.count == 1 { return "I'll use the \(last) tool." }
        return "I'll use the \(names.dropLast().joined(separator: ", ")) and \(last) tools."
    }
}

/// The tool side of a turn, decided the same way for every protocol (without a ``SandboxBehavior/ModelAnswer``).
struct ToolTurn {
    enum Decision: Equatable {
        /// Call these tools in parallel.
        case call([String])
        /// The last input is tool results: answer text about each.
        case answerResults
        /// No tool business: the usual answer.
        case usual
    }

    /// The conversation ends with tool results.
    var lastIsToolResults: Bool
    /// Tools are offered and `tool_choice` is not `none`.
    var toolsEnabled: Bool
    /// The tool called without a directive: the forced one, else the first offered.
    var defaultTool: String?
    /// The directive in the last user text.
    var directive: ToolDirective?
    /// Tool-call turns since the user text that holds the directive.
    var turnsSinceDirective: Int

    var decision: Decision {
        if toolsEnabled, let directive {
            if let names = directive.names(afterTurns: turnsSinceDirective) { return .call(names) }
            return lastIsToolResults ? .answerResults : .usual
        }
        if lastIsToolResults { return .answerResults }
        if toolsEnabled, let defaultTool { return .call([defaultTool]) }
        return .usual
    }
}
