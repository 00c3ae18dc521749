import ArgumentParser
import Foundation
import InfiniteStories
import InfiniteStoriesStore

/// `story new/list/show/export`.
struct StoryCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "story", abstract: "Write new stories, and list, read and export saved ones.",
        subcommands: [New.self, List.self, Show.self, Export.self])

    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "List saved stories, newest first.")

        @Option(help: "Only this hero's stories.") var hero: String?
        @Option(help: "At most this many stories.") var limit: Int?
        @Flag(help: "Print JSON.") var json = false
        @OptionGroup var options: CommonOptions

        func run() async throws {
            try await runReportingErrors {
                let library = try options.openLibrary()
                var heroID: UUID?
                if let hero {
                    guard let stored = try await library.hero(named: hero) else { throw StoryLibraryError.heroNotFound(hero) }
                    heroID = stored.id
                }
                let stories = try await library.stories(heroID: heroID, limit: limit)
                if json { return try printJSON(stories.map { StoryJSON(story: $0, library: library) }) }
                if stories.isEmpty { return out("No stories yet. Write one with `infinite-stories story new`.") }
                for story in stories {
                    let minutes = max(1, Int((story.duration / 60).rounded()))
                    let extras = (story.audioFile == nil ? "" : " ♪") + (story.avatarFile == nil ? "" : " ▣")
                    out("\(story.id.shortID)  \(UTCDay.string(story.createdAt))  \(story.title) — \(story.heroName), "
                        + "\(story.occasionName), \(story.language), \(minutes) min\(extras)")
                }
            }
        }
    }

    struct Show: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Show a saved story.")

        @Argument(help: "The story's id (or its first characters).") var id: String
        @Flag(help: "Print JSON.") var json = false
        @OptionGroup var options: CommonOptions

        func run() async throws {
            try await runReportingErrors {
                let library = try options.openLibrary()
                let story = try await library.story(matching: id)
                if json { return try printJSON(StoryJSON(story: story, library: library)) }
                out(story.title)
                out(String(repeating: "=", count: story.title.count))
                out("\(story.heroName) · \(story.occasionName) · \(story.language) · "
                    + "\(Int((story.duration / 60).rounded())) min · \(UTCDay.string(story.createdAt)) · id \(story.id.uuidString.lowercased())")
                if let file = story.audioFile { out("Narration: \(library.url(forFile: file).path) (\(story.voice ?? "?"))") }
                if let file = story.avatarFile { out("Picture:   \(library.url(forFile: file).path)") }
                out()
                out(story.content)
            }
        }
    }

    struct Export: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Export a story into a folder: Markdown, its narration (MP3) and its picture.",
            discussion: "Writes only <title>.md, .mp3 and the picture's file, and refuses to overwrite existing files unless --force is given.")

        @Argument(help: "The story's id (or its first characters).") var id: String
        @Option(name: [.customShort("o"), .long], help: "The folder to write to (default: a folder named after the story).")
        var output: String?
        @Flag(help: "Replace files of the same names in the folder (without it, export refuses to overwrite).")
        var force = false
        @OptionGroup var options: CommonOptions

        func run() async throws {
            try await runReportingErrors {
                let library = try options.openLibrary()
                let story = try await library.story(matching: id)
                let folder = URL(fileURLWithPath: output ?? StoryExport.slug(story.title), isDirectory: true)
                let written = try StoryExport(story: story, library: library).write(to: folder, replacing: force)
                for file in written { out(file.path) }
            }
        }
    }
}

/// Dates as lists show them: the UTC day, like the library's file names.
enum UTCDay {
    static func string(_ date: Date) -> String {
        date.formatted(Date.ISO8601FormatStyle().year().month().day())
    }
}
