import Foundation
import InfiniteStories
import InfiniteStoriesStore
import Testing
@testable import infinite_stories

/// `story export` writes only the files it names, from a sanitized title, and never overwrites without `--force`.
@Suite("story export")
struct StoryExportTests {
    /// A library holding one story titled `title`, with a narration; the export folder; and the story.
    private func withStory(
        titled title: String, _ body: (StoryLibrary, StoredStory, URL) throws -> Void
    ) async throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("infinite-stories-export-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        let library = try StoryLibrary(folder: root.appendingPathComponent("library"))
        let hero = Hero(name: "Luna", traits: ["brave"])
        try await library.addHero(hero)
        let story = try await library.saveStory(
            StoryGenerationResponse(title: title, content: "Once upon a time."), hero: hero, occasion: .builtIn(.bedtime),
            language: "English", voice: "coral", audio: Data("ID3 narration".utf8))
        let folder = root.appendingPathComponent("out/deeper")
        try body(library, story, folder)
    }

    @Test("a title full of path parts becomes one plain file name inside the folder")
    func sanitizedNames() async throws {
        try await withStory(titled: "../../etc/passwd; rm -rf ~") { library, story, folder in
            let written = try StoryExport(story: story, library: library).write(to: folder)
            #expect(written.map(\.lastPathComponent) == ["etc-passwd-rm-rf.md", "etc-passwd-rm-rf.mp3"])
            #expect(written.allSatisfy { $0.deletingLastPathComponent().standardizedFileURL.path == folder.standardizedFileURL.path })
            #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() == ["etc-passwd-rm-rf.md", "etc-passwd-rm-rf.mp3"])
        }
    }

    @Test("an existing file is refused by name and left as it was; --force replaces it")
    func refusesToOverwrite() async throws {
        try await withStory(titled: "The Moon") { library, story, folder in
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            let existing = folder.appendingPathComponent("the-moon.mp3")
            try Data("precious".utf8).write(to: existing)
            let export = StoryExport(story: story, library: library)
            #expect(throws: CLIError.self) { try export.write(to: folder) }
            do {
                _ = try export.write(to: folder)
            } catch let error as CLIError {
                #expect(error.localizedDescription.contains(existing.path) && error.localizedDescription.contains("--force"))
            }
            #expect(try Data(contentsOf: existing) == Data("precious".utf8))
            #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("the-moon.md").path), "nothing written")

            _ = try export.write(to: folder, replacing: true)
            #expect(try Data(contentsOf: existing) == Data("ID3 narration".utf8))
        }
    }

    @Test("a symbolic link in the folder is neither followed nor written through, even with --force")
    func symbolicLinks() async throws {
        try await withStory(titled: "The Moon") { library, story, folder in
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            let target = folder.deletingLastPathComponent().appendingPathComponent("target.txt")
            try Data("do not touch".utf8).write(to: target)
            let link = folder.appendingPathComponent("the-moon.md")
            try FileManager.default.createSymbolicLink(at: link, withDestinationURL: target)
            // A dangling link counts as a file too.
            try FileManager.default.createSymbolicLink(
                at: folder.appendingPathComponent("the-moon.mp3"), withDestinationURL: folder.appendingPathComponent("nowhere"))
            let export = StoryExport(story: story, library: library)
            #expect(throws: CLIError.self) { try export.write(to: folder) }
            _ = try export.write(to: folder, replacing: true)
            #expect(try Data(contentsOf: target) == Data("do not touch".utf8))
            #expect((try? FileManager.default.destinationOfSymbolicLink(atPath: link.path)) == nil, "the link was replaced by a file")
            #expect(try String(contentsOf: link, encoding: .utf8).hasPrefix("# The Moon"))
            #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("nowhere").path))
        }
    }

    @Test("a stored file's odd extension is not carried into the export")
    func extensions() {
        #expect(StoryExport.fileExtension("mp3") == "mp3" && StoryExport.fileExtension("PNG") == "png")
        #expect(StoryExport.fileExtension("") == "bin" && StoryExport.fileExtension("a/b") == "bin")
        #expect(StoryExport.fileExtension("verylongext") == "bin")
    }
}
