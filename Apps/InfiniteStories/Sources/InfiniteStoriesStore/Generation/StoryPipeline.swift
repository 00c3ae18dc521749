import Foundation
import InfiniteStories

/// One story from order to library: the event titled, the text streamed as it is written, the picture drawn while
/// the narration is synthesized, everything saved in one go, and what it spent recorded — for the CLI's `story new`
/// and the web app's generation jobs alike, so both do the same steps in the same order.
///
/// Nothing is saved unless every step succeeds. What the run spent is recorded in the library whether it succeeds
/// or fails (the tokens were spent all the same); it is taken from the story service's tracker
/// (``APIUsageTracker/takeSummary()``), so a program that records again later never counts it twice.
public struct StoryPipeline: Sendable {
    public let library: StoryLibrary
    public let stories: InfiniteStories.OpenAIService
    /// Titles custom events in the story's language; nil (or no answer) titles them with their first six words.
    /// Give it the story service's usage tracker, so its tokens are recorded with the story's.
    public let assistant: CustomEventAIAssistant?

    public init(library: StoryLibrary, stories: InfiniteStories.OpenAIService, assistant: CustomEventAIAssistant?) {
        self.library = library
        self.stories = stories
        self.assistant = assistant
    }

    /// Runs `order`: the progress as it happens, ending after ``StoryProgress/usageRecorded(_:)`` or with the
    /// step's error (an ``AIServiceError`` from the AI steps, a ``StoryLibraryError`` from the library). Ending the
    /// iteration early cancels the run.
    public func run(_ order: StoryOrder) -> AsyncThrowingStream<StoryProgress, any Error> {
        let (progress, continuation) = AsyncThrowingStream.makeStream(of: StoryProgress.self)
        let task = Task {
            do {
                try await run(order) { continuation.yield($0) }
                continuation.finish()
            } catch {
                continuation.finish(throwing: error)
            }
        }
        continuation.onTermination = { _ in task.cancel() }
        return progress
    }

    /// Runs `order`, calling `report` for each step, and returns the saved story.
    @discardableResult
    public func run(_ order: StoryOrder, report: @escaping @Sendable (StoryProgress) -> Void) async throws -> StoredStory {
        // Reserved against the monthly cap until what it spent is recorded, so stories written together can't
        // pass the cap between them.
        let reservation = try await library.reserveWithinCap(estimate(order))
        let story: StoredStory
        do {
            story = try await steps(order, report: report)
        } catch {
            await recordUsage(report: report)
            await library.releaseReservation(reservation)
            throw error
        }
        await recordUsage(report: report)
        await library.releaseReservation(reservation)
        return story
    }

    private func steps(_ order: StoryOrder, report: @escaping @Sendable (StoryProgress) -> Void) async throws -> StoredStory {
        let hero = try await hero(order.hero)
        var audience: StoryAudience?
        if let childID = order.childID {
            guard let child = try await library.child(id: childID) else { throw StoryLibraryError.childNotFound(childID.uuidString) }
            audience = child.audience
        }
        let occasion = try await occasion(order)
        report(.titled(occasion))
        let response = try await write(order, hero: hero, occasion: occasion, audience: audience, report: report)
        report(.written(response))
        if order.illustrate || order.scenes > 0 { report(.illustrating) }
        async let picture = illustration(order, title: response.title, hero: hero)
        async let scenes = scenePictures(order, story: response, hero: hero)
        var audio: Data?
        if order.narrate {
            report(.narrating)
            audio = try await stories.narrate(
                text: response.title + ".\n\n" + response.content, voice: order.voice, language: order.language,
                progress: { report(.narrated($0)) }
            ).audio
        }
        let avatar = try await picture
        let drawnScenes = try await scenes
        if avatar != nil || !drawnScenes.isEmpty { report(.illustrated) }
        report(.saving)
        let story = try await library.saveStory(
            response, hero: hero, occasion: occasion, language: order.language, voice: order.narrate ? order.voice : nil,
            audio: audio, avatar: avatar, scenes: drawnScenes, childID: order.childID)
        report(.saved(story))
        return story
    }

    /// What `order` is expected to cost with this pipeline's models and prices.
    public func estimate(_ order: StoryOrder) -> CostEstimate {
        .story(
            minutes: StoryPrompts.minutes(for: order.targetDuration), narrate: order.narrate,
            illustrate: order.illustrate, scenes: min(3, order.scenes), settings: stories.settings,
            prices: stories.usage.prices)
    }

    private func hero(_ choice: StoryOrder.HeroChoice) async throws -> Hero {
        switch choice {
        case .id(let id):
            guard let stored = try await library.hero(id: id) else { throw StoryLibraryError.heroNotFound(id.uuidString) }
            return stored.hero
        case .name(let name):
            guard let stored = try await library.hero(named: name) else { throw StoryLibraryError.heroNotFound(name) }
            return stored.hero
        }
    }

    /// The built-in event, or the custom one titled by the assistant in the story's language (its first six words
    /// when there is no assistant or it has no answer).
    private func occasion(_ order: StoryOrder) async throws -> StoryOccasion {
        if let event = order.event { return .builtIn(event) }
        let text = (order.customText ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
        guard !text.isEmpty else { throw StoryLibraryError.emptyCustomEvent }
        let chosen = order.customTitle?.trimmingCharacters(in: .whitespacesAndNewlines)
        var title = chosen?.isEmpty == false ? chosen : nil
        if title == nil { title = await assistant?.generateTitle(from: text, language: order.language) }
        return .custom(CustomStoryEvent(
            title: title ?? text.split(separator: " ").prefix(6).joined(separator: " "), description: text,
            keywords: order.keywords))
    }

    /// Streams the story, reporting its text as it is written, and returns it parsed.
    private func write(
        _ order: StoryOrder, hero: Hero, occasion: StoryOccasion, audience: StoryAudience?,
        report: @Sendable (StoryProgress) -> Void
    ) async throws -> StoryGenerationResponse {
        let stream = switch occasion {
        case .builtIn(let event):
            stories.streamStory(request: StoryGenerationRequest(
                hero: hero, event: event, targetDuration: order.targetDuration, language: order.language,
                audience: audience))
        case .custom(let event):
            stories.streamStory(customRequest: CustomStoryGenerationRequest(
                hero: hero, customEvent: event, targetDuration: order.targetDuration, language: order.language,
                audience: audience))
        }
        var response: StoryGenerationResponse?
        for try await item in stream {
            switch item {
            case .delta(let text): report(.writing(text))
            case .completed(let completed): response = completed
            }
        }
        guard let response else { throw AIServiceError.invalidResponse }
        return response
    }

    /// The story's picture, drawn while the narration is synthesized; nil when the order wants none.
    private func illustration(_ order: StoryOrder, title: String, hero: Hero) async throws -> AvatarGenerationResponse? {
        guard order.illustrate else { return nil }
        return try await stories.generateAvatar(
            request: AvatarGenerationRequest(hero: hero, prompt: storyPicturePrompt(title: title, hero: hero)))
    }

    /// The scene pictures, drawn together while the narration is synthesized: one per chosen paragraph, each
    /// describing the hero as their avatar prompt does and, with a GPT image model, drawn from their avatar, so the
    /// hero looks the same from picture to picture.
    private func scenePictures(
        _ order: StoryOrder, story: StoryGenerationResponse, hero: Hero
    ) async throws -> [(paragraph: Int, picture: AvatarGenerationResponse)] {
        let paragraphs = ScenePicture.paragraphs(of: story.content)
        let placements = ScenePicture.placements(count: min(3, order.scenes), paragraphs: paragraphs.count)
        guard !placements.isEmpty else { return [] }
        // The hero's avatar as the reference, where the image model can draw from one (GPT image models).
        var avatar: Data?
        if stories.settings.imageModel.hasPrefix("gpt-image"), let file = try await library.hero(id: hero.id)?.avatarFile {
            avatar = try? Data(contentsOf: library.url(forFile: file))
        }
        let reference = avatar
        return try await withThrowingTaskGroup(of: (Int, AvatarGenerationResponse).self) { group in
            for paragraph in placements {
                let prompt = scenePicturePrompt(title: story.title, scene: paragraphs[paragraph], hero: hero)
                group.addTask {
                    (paragraph, try await stories.generateAvatar(
                        request: AvatarGenerationRequest(hero: hero, prompt: prompt, reference: reference)))
                }
            }
            var drawn: [(paragraph: Int, picture: AvatarGenerationResponse)] = []
            for try await (paragraph, picture) in group { drawn.append((paragraph, picture)) }
            return drawn.sorted { $0.paragraph < $1.paragraph }
        }
    }

    /// Records what the run spent (a library that can't record it doesn't fail a story that is already saved).
    private func recordUsage(report: @Sendable (StoryProgress) -> Void) async {
        let spent = await stories.usage.takeSummary()
        guard (try? await library.recordUsage(spent)) != nil else { return }
        report(.usageRecorded(spent))
    }
}
