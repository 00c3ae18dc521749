import ArgumentParser
import Foundation
import InfiniteStories
import InfiniteStoriesStore

extension StoryCommand {
    /// `story new`: writes a story (streamed to the terminal as it is written), narrates it with a progress
    /// bar, illustrates it, and saves everything in one go.
    struct New: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Write a new story about a hero, narrate and illustrate it, and save it in the library.")

        @Option(help: "The hero's name (see `hero list`).") var hero: String
        @Option(help: "A built-in event: \(StoryEvent.allCases.map(\.rawValue).joined(separator: ", ")).")
        var event: String?
        @Option(help: "A custom event, in your own words.") var custom: String?
        @Option(help: "English, Spanish, French, German or Italian (or Español, Deutsch, …, or es, fr, …). Default: the system language.")
        var language: String?
        @Option(help: "The story's length in minutes of reading aloud (1–30).") var minutes = 5
        @Option(help: "The narrator: \(InfiniteStories.OpenAIService.availableVoices.map(\.id).joined(separator: ", ")).")
        var voice = "coral"
        @Flag(help: "Skip the narration.") var noAudio = false
        @Flag(help: "Skip the picture.") var noAvatar = false
        @Option(help: "Pictures of scenes placed in the text (0–3).") var scenes = 0
        @Option(name: .customLong("for"), help: "The child the story is for (see `child list`): their age shapes it.")
        var child: String?
        @OptionGroup var options: CommonOptions

        func validate() throws {
            guard (event == nil) != (custom == nil) else {
                throw ValidationError("Give either --event or --custom.")
            }
            guard (1...30).contains(minutes) else { throw ValidationError("--minutes must be between 1 and 30.") }
            guard (0...3).contains(scenes) else { throw ValidationError("--scenes must be between 0 and 3.") }
        }

        func run() async throws {
            try await runReportingErrors {
                let plan = try StoryPlan(
                    heroName: hero, event: event.map(ArgumentParsing.event), customText: custom,
                    language: language.map(ArgumentParsing.language) ?? ArgumentParsing.systemLanguage,
                    targetDuration: TimeInterval(minutes * 60), voice: ArgumentParsing.voice(voice),
                    narrate: !noAudio, illustrate: !noAvatar, scenes: scenes, childName: child)
                let (story, library) = try await options.withAI { context in
                    (try await plan.run(in: context), context.library)
                }
                out("Saved \"\(story.title)\" (id \(story.id.shortID)).")
                if let file = story.audioFile { out("Narration: \(library.url(forFile: file).path)") }
                if let file = story.avatarFile { out("Picture:   \(library.url(forFile: file).path)") }
            }
        }
    }
}

/// One `story new` run: what to write, run through the story pipeline the web app uses too, with the text on the
/// terminal as it is written and a progress bar for the narration.
struct StoryPlan: Sendable {
    let heroName: String
    let event: StoryEvent?
    let customText: String?
    let language: String
    let targetDuration: TimeInterval
    let voice: String
    let narrate: Bool
    let illustrate: Bool
    var scenes = 0
    /// The child the story is for, by name.
    var childName: String?
    /// Receives the story's text as it is written: the terminal by default.
    var onText: @Sendable (String) -> Void = { out($0, terminator: "") }

    /// Writes, narrates, illustrates and saves the story. Nothing is saved unless every step succeeds.
    func run(in context: AIContext) async throws -> StoredStory {
        if event == nil, (customText ?? "").trimmingCharacters(in: .whitespacesAndNewlines).isEmpty {
            throw CLIError.invalidArgument("--custom needs a description of the event.")
        }
        var order = StoryOrder(
            hero: .name(heroName), event: event, customText: customText, language: language,
            targetDuration: targetDuration, voice: voice, narrate: narrate, illustrate: illustrate)
        order.scenes = scenes
        if let childName {
            guard let child = try await context.library.child(named: childName) else {
                throw CLIError.invalidArgument("No child named \"\(childName)\". See `infinite-stories child list`.")
            }
            order.childID = child.id
        }
        let pipeline = StoryPipeline(library: context.library, stories: context.stories, assistant: context.assistant)
        let bar = ProgressBar(title: "Narrating")
        defer { bar.finish() }
        var saved: StoredStory?
        for try await step in pipeline.run(order) {
            switch step {
            case .writing(let text): onText(text)
            case .written: onText("\n")
            case .illustrating: note("Illustrating…")
            case .narrated(let part): bar.handler(part)
            case .saved(let story): saved = story
            case .titled, .narrating, .illustrated, .saving, .usageRecorded: break
            }
        }
        guard let saved else { throw AIServiceError.invalidResponse }
        return saved
    }
}
