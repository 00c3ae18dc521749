import Foundation
@testable import InfiniteStoriesWeb
import Testing

@Suite("Interface text")
struct InterfaceTextTests {
    @Test("Every interface string exists in all five languages")
    func everyKeyInEveryLanguage() throws {
        let english = Set(UI.Key.allCases)
        for code in UI.codes {
            let keys = Set(try #require(UI.tables[code], "\(code)").keys)
            #expect(keys == english, "\(code): missing \(english.subtracting(keys).map { "\($0)" }.sorted())")
            for key in keys {
                #expect(try #require(UI.tables[code]?[key]).isEmpty == false, "\(code): \(key) is empty")
            }
        }
    }

    @Test("Every interface string is used by the web app's sources")
    func everyKeyUsed() throws {
        // Lookups are spelled `ui[.key]`, `visit.ui[.key]` or `self[.key]` (inside UI); the tables themselves are in
        // Strings/UI+*.swift. (No `\b`: Swift's Unicode word boundaries don't split "visit.ui".)
        let sources = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Sources/InfiniteStoriesWeb").resolvingSymlinksInPath()
        let files = try #require(FileManager.default.enumerator(at: sources, includingPropertiesForKeys: nil))
            .compactMap { $0 as? URL }
            .filter { $0.pathExtension == "swift" && !$0.lastPathComponent.hasPrefix("UI+") || $0.lastPathComponent == "UI+StoryNames.swift" }
        #expect(files.count > 10, "the web sources are at \(sources.path)")
        let text = try files.map { try String(contentsOf: $0, encoding: .utf8) }.joined(separator: "\n")
        let lookup = try Regex(#"(?:ui|self)\[\.(\w+)\]"#)
        let used = Set(text.matches(of: lookup).compactMap { $0.output[1].substring.map(String.init) })
        let unused = UI.Key.allCases.map { "\($0)" }.filter { !used.contains($0) }
        #expect(unused.isEmpty, "keys no page shows: \(unused)")
    }
}
