import Foundation
import Testing

// Every ```swift block of README.md (but fragments of an app's Package.swift) must be compiled in a test: this suite
// finds, for each block, one test source file that holds the block's code lines in the README's order (other lines,
// such as assertions, may come between). So a README edit that no test follows fails here, and an API change that
// breaks a copied line fails to compile.
//
// Lines are compared with runs of white space made one space and trailing `//` comments dropped; comment-only and
// blank lines don't count, and `import` lines may be anywhere in the file. A string literal of the README that holds
// a placeholder (`"sk-…"`) matches any string literal. A test line that cannot be the README's (the service comes
// from the sandbox, a file goes to a temporary folder) ends with `// README: <the README line>` and counts as that line.

@Suite("README: every Swift snippet is in a test")
struct ReadmeSnippetCoverageTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    @Test("each ```swift block of README.md is copied into a test")
    func everySnippetIsInATest() throws {
        let readme = try String(contentsOf: Self.root.appendingPathComponent("README.md"), encoding: .utf8)
        // A block of `.package(…)` lines is a fragment of an app's Package.swift, not code a test target can hold.
        let blocks = ReadmeSnippets.swiftBlocks(in: readme).filter { !$0.lines.allSatisfy { $0.hasPrefix(".package(") } }
        #expect(blocks.count >= 20)
        let sources = try ReadmeSnippets.testSources(under: Self.root.appendingPathComponent("Tests"))
            .filter { !$0.path.hasSuffix("ReadmeSnippetCoverageTests.swift") }
        let lineSets = sources.map { Set($0.lines) }
        for block in blocks {
            // Cheap first: a file can only hold the block if it has every line without a placeholder.
            let exact = block.lines.filter { !$0.contains("…") }
            let candidates = sources.indices.filter { index in exact.allSatisfy { lineSets[index].contains($0) } }
            let covering = candidates.filter { ReadmeSnippets.missingLine(of: block.lines, in: sources[$0].lines) == nil }
            if covering.isEmpty {
                let nearest = sources.max { ReadmeSnippets.matchedCount(block.lines, $0.lines) < ReadmeSnippets.matchedCount(block.lines, $1.lines) }
                let missing = nearest.flatMap { ReadmeSnippets.missingLine(of: block.lines, in: $0.lines) } ?? ""
                Issue.record("README.md line \(block.startLine): no test holds this snippet; nearest \(nearest?.path ?? "-") lacks `\(missing)`")
            }
        }
    }

    @Test("the comparison: comments, spacing, placeholders, README markers and order")
    func comparison() {
        let readme = ReadmeSnippets.swiftBlocks(in: """
            text
            ```swift
            import SwiftOpenAI
            let service = OpenAIServiceFactory.service(apiKey: "sk-…")  // or (apiKey:organizationID:)
            // a comment
            let url = "http://127.0.0.1:11434"   // a port
            print(url)
            ```
            ```sh
            swift run
            ```
            """)
        #expect(readme.count == 1 && readme.first?.startLine == 2)
        let lines = readme.first?.lines ?? []
        #expect(lines == [#"import SwiftOpenAI"#, #"let service = OpenAIServiceFactory.service(apiKey: "sk-…")"#,
                          #"let url = "http://127.0.0.1:11434""#, "print(url)"])
        let test = ReadmeSnippets.sourceLines("""
            let service   =   OpenAIServiceFactory.service(apiKey: "sk-test")
            #expect(true)
            let url = sandboxURL  // README: let url = "http://127.0.0.1:11434"
            print(url)
            import SwiftOpenAI
            """)
        #expect(ReadmeSnippets.missingLine(of: lines, in: test) == nil)
        let reordered = ReadmeSnippets.sourceLines("""
            import SwiftOpenAI
            print(url)
            let service = OpenAIServiceFactory.service(apiKey: "sk-test")
            let url = sandboxURL  // README: let url = "http://127.0.0.1:11434"
            """)
        #expect(ReadmeSnippets.missingLine(of: lines, in: reordered) == "print(url)")
        let changed = ReadmeSnippets.sourceLines(#"let service = OpenAIServiceFactory.service(key: "sk-test")"#)
        #expect(ReadmeSnippets.missingLine(of: lines, in: changed) == #"import SwiftOpenAI"#)
    }
}

/// Reading README snippets and test sources as comparable lines.
enum ReadmeSnippets {
    struct Block { var startLine: Int; var lines: [String] }
    struct Source { var path: String; var lines: [String] }

    static func swiftBlocks(in markdown: String) -> [Block] {
        var blocks: [Block] = []
        var current: Block?
        for (index, line) in markdown.components(separatedBy: "\n").enumerated() {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if current == nil, trimmed == "```swift" {
                current = Block(startLine: index + 1, lines: [])
            } else if let block = current, trimmed == "```" {
                blocks.append(block)
                current = nil
            } else if current != nil, let code = comparable(line) {
                current?.lines.append(code)
            }
        }
        return blocks
    }

    static func testSources(under folder: URL) throws -> [Source] {
        let files = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil)?
            .compactMap { $0 as? URL }.filter { $0.pathExtension == "swift" } ?? []
        return try files.map { Source(path: $0.path, lines: sourceLines(try String(contentsOf: $0, encoding: .utf8))) }
    }

    /// A source's lines as README lines: a `// README: …` marker stands for the line it names.
    static func sourceLines(_ source: String) -> [String] {
        source.components(separatedBy: "\n").compactMap { line in
            if let marker = line.range(of: "// README: ") { return comparable(String(line[marker.upperBound...])) }
            return comparable(line)
        }
    }

    /// The first README line not found in order in `source` (imports anywhere), or nil when all are.
    static func missingLine(of snippet: [String], in source: [String]) -> String? {
        var position = source.startIndex
        for line in snippet {
            if line.hasPrefix("import ") {
                if !source.contains(line) { return line }
                continue
            }
            guard let found = source[position...].firstIndex(where: { matches(readme: line, test: $0) }) else { return line }
            position = found + 1
        }
        return nil
    }

    static func matchedCount(_ snippet: [String], _ source: [String]) -> Int {
        var position = source.startIndex
        var count = 0
        for line in snippet where !line.hasPrefix("import ") {
            if let found = source[position...].firstIndex(where: { matches(readme: line, test: $0) }) {
                position = found + 1
                count += 1
            }
        }
        return count
    }

    /// Equal, or equal once each README string literal holding `…` is read as "any string literal".
    static func matches(readme: String, test: String) -> Bool {
        if readme == test { return true }
        guard readme.contains("…") else { return false }
        var pattern = ""
        var rest = Substring(readme)
        while let open = rest.firstIndex(of: "\"") {
            guard let close = rest[rest.index(after: open)...].firstIndex(of: "\"") else { break }
            pattern += NSRegularExpression.escapedPattern(for: String(rest[..<open]))
            let literal = rest[open...close]
            pattern += literal.contains("…") ? #""[^"]*""# : NSRegularExpression.escapedPattern(for: String(literal))
            rest = rest[rest.index(after: close)...]
        }
        pattern += NSRegularExpression.escapedPattern(for: String(rest))
        return test.range(of: "^" + pattern + "$", options: .regularExpression) != nil
    }

    /// The line without its trailing comment and with white space runs made one space; nil when nothing is left.
    static func comparable(_ line: String) -> String? {
        var code = ""
        var inString = false
        var previous: Character?
        for character in line {
            if character == "\"", previous != "\\" { inString.toggle() }
            if !inString, character == "/", previous == "/" {
                code.removeLast()
                break
            }
            code.append(character)
            previous = character
        }
        let words = code.split(whereSeparator: { $0 == " " || $0 == "\t" })
        return words.isEmpty ? nil : words.joined(separator: " ")
    }
}
