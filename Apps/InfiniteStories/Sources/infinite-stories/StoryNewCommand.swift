import ArgumentParser
import Foundation
import InfiniteStories
import InfiniteStoriesWeb
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
        @Option(help: "English, Spanish, French, German or Italian (or es, fr, …). Default: the system language.")
        var language: String?
        @Option(help: "The story's length in minutes of reading aloud (1–30).") var minutes = 5
        @Option(help: "The narrator: \(InfiniteStories.OpenAIService.availableVoices.map(\.id).joined(separator: ", ")).")
        var voice = "coral"
        @Flag(help: "Skip the narration.") var noAudio = false
        @Flag(help: "Skip the picture.") var noAvatar = false
        @OptionGroup var options: CommonOptions

        func validate() throws {
            guard (event == nil) != (custom == nil) else {
                throw ValidationError("Give either --event or --custom.")
            }
            guard (1...30).contains(minutes) else { throw ValidationError("--minutes must be between 1 and 30.") }
        }

        func run() async throws {
            try await runReportingErrors {
                let plan = try StoryPlan(
                    heroName: hero, event: event.map(ArgumentParsing.event), customText: custom,
                    language: language.map(ArgumentParsing.language) ?? ArgumentParsing.systemLanguage,
                    targetDuration: TimeInterval(minutes * 60), voice: ArgumentParsing.voice(voice),
                    narrate: !noAudio, illustrate: !noAvatar)
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

/// One `story new` run: what to write, and the steps from prompt to saved story.
struct StoryPlan: Sendable {
    let heroName: String
    let event: StoryEvent?
    let customText: String?
    let language: String
    let targetDuration: TimeInterval
    let voice: String
    let narrate: Bool
    let illustrate: Bool
    /// Receives the story's text as it is written: the terminal by default.
    var onText: @Sendable (String) -> Void = { out($0, terminator: "") }

    /// Writes, narrates, illustrates and saves the story. Nothing is saved unless every step succeeds.
    func run(in context: AIContext) async throws -> StoredStory {
        guard let stored = try await context.library.hero(named: heroName) else {
            throw StoryLibraryError.heroNotFound(heroName)
        }
        let hero = stored.hero
        let occasion = try await occasion(context)
        let response = try await write(hero: hero, occasion: occasion, context: context)
        if illustrate { note("Illustrating…") }
        async let picture = illustration(title: response.title, hero: hero, context: context)
        let audio = narrate ? try await narration(of: response, context: context) : nil
        let avatar = try await picture
        return try await context.library.saveStory(
            response, hero: hero, occasion: occasion, language: language, voice: narrate ? voice : nil, audio: audio,
            avatar: avatar)
    }

    /// The built-in event, or a custom one titled by the assistant in the story's language (the first words of the
    /// text when it can't).
    private func occasion(_ context: AIContext) async throws -> StoryOccasion {
        if let event { return .builtIn(event) }
        let text = (customText ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
        guard !text.isEmpty else { throw CLIError.invalidArgument("--custom needs a description of the event.") }
        let title = await context.assistant.generateTitle(from: text, language: language)
            ?? text.split(separator: " ").prefix(6).joined(separator: " ")
        return .custom(CustomStoryEvent(title: title, description: text))
    }

    /// Streams the story to standard output as it is written, and returns it parsed.
    private func write(hero: Hero, occasion: StoryOccasion, context: AIContext) async throws -> StoryGenerationResponse {
        let stream = switch occasion {
        case .builtIn(let event):
            context.stories.streamStory(
                request: StoryGenerationRequest(hero: hero, event: event, targetDuration: targetDuration, language: language))
        case .custom(let event):
            context.stories.streamStory(
                customRequest: CustomStoryGenerationRequest(
                    hero: hero, customEvent: event, targetDuration: targetDuration, language: language))
        }
        var response: StoryGenerationResponse?
        for try await item in stream {
            switch item {
            case .delta(let text): onText(text)
            case .completed(let completed): response = completed
            }
        }
        onText("\n")
        guard let response else { throw AIServiceError.invalidResponse }
        return response
    }

    /// The narration as one MP3, with a progress bar per synthesized part.
    private func narration(of story: StoryGenerationResponse, context: AIContext) async throws -> Data {
        let bar = ProgressBar(title: "Narrating")
        defer { bar.finish() }
        let narration = try await context.stories.narrate(
            text: story.title + ".\n\n" + story.content, voice: voice, language: language, progress: bar.handler)
        return narration.audio
    }

    /// A picture for the story, drawn while the narration is synthesized; nil with `--no-avatar`.
    private func illustration(title: String, hero: Hero, context: AIContext) async throws -> AvatarGenerationResponse? {
        guard illustrate else { return nil }
        return try await context.stories.generateAvatar(
            request: AvatarGenerationRequest(hero: hero, prompt: storyPicturePrompt(title: title, hero: hero)))
    }
}
