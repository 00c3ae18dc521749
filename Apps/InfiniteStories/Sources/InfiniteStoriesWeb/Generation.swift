import Foundation
import InfiniteStories
import InfiniteStoriesStore

/// What a story needs, as the New story form gives it.
public struct StoryOrder: Sendable {
    public var heroID: UUID
    public var event: StoryEvent?
    public var customText: String?
    public var language: String
    public var minutes: Int
    public var voice: String

    public init(heroID: UUID, event: StoryEvent?, customText: String?, language: String, minutes: Int, voice: String) {
        self.heroID = heroID
        self.event = event
        self.customText = customText
        self.language = language
        self.minutes = minutes
        self.voice = voice
    }
}

/// Writes (streaming into the job), narrates, illustrates and saves one story; the job ends with the story's
/// URL or the seed's friendly message. Usage is recorded in the library either way.
func generate(_ order: StoryOrder, services: WebServices, ui: UI, job: GenerationJob) async {
    let stories = services.makeStoryService()
    do {
        guard let stored = try await services.library.hero(id: order.heroID) else {
            throw StoryLibraryError.heroNotFound(order.heroID.uuidString)
        }
        let hero = stored.hero
        let occasion: StoryOccasion
        if let event = order.event {
            occasion = .builtIn(event)
        } else {
            let text = order.customText ?? ""
            occasion = .custom(CustomStoryEvent(
                title: text.split(separator: " ").prefix(6).joined(separator: " "), description: text))
        }
        let duration = TimeInterval(order.minutes * 60)
        let stream = switch occasion {
        case .builtIn(let event):
            stories.streamStory(request: StoryGenerationRequest(
                hero: hero, event: event, targetDuration: duration, language: order.language))
        case .custom(let event):
            stories.streamStory(customRequest: CustomStoryGenerationRequest(
                hero: hero, customEvent: event, targetDuration: duration, language: order.language))
        }
        var response: StoryGenerationResponse?
        for try await item in stream {
            switch item {
            case .delta(let text): await job.send(.delta(text))
            case .completed(let completed): response = completed
            }
        }
        guard let response else { throw AIServiceError.invalidResponse }
        await job.send(.status(ui["illustrating"]))
        async let picture = stories.generateAvatar(request: AvatarGenerationRequest(
            hero: hero, prompt: storyPicturePrompt(title: response.title, hero: hero)))
        await job.send(.status(ui["narrating"]))
        // One forwarding task keeps progress events in order and before "saving" (a task per callback would not).
        let (progress, progressSink) = AsyncStream<NarrationProgress>.makeStream()
        let forwarding = Task {
            for await part in progress { await job.send(.narration(completed: part.completedParts, total: part.totalParts)) }
        }
        let narration: Narration
        do {
            narration = try await stories.narrate(
                text: response.title + ".\n\n" + response.content, voice: order.voice, language: order.language,
                progress: { progressSink.yield($0) })
        } catch {
            progressSink.finish()
            await forwarding.value
            throw error
        }
        progressSink.finish()
        await forwarding.value
        let avatar = try await picture
        await job.send(.status(ui["saving"]))
        let story = try await services.library.saveStory(
            response, hero: hero, occasion: occasion, language: order.language, voice: order.voice,
            audio: narration.audio, avatar: avatar)
        try? await services.library.recordUsage(await stories.usage.summary())
        await job.send(.done(url: "/stories/\(story.id.uuidString.lowercased())"))
    } catch {
        try? await services.library.recordUsage(await stories.usage.summary())
        await job.send(.failed(handleAIError(error, language: ui.storyLanguage)))
    }
}

/// The picture prompts of the web app and the CLI: gentle, child-friendly, no text in the picture (image models
/// draw text badly).
public func storyPicturePrompt(title: String, hero: Hero) -> String {
    "An illustration for the children's bedtime story \"\(title)\", showing \(hero.name)\(heroDetails(hero)). "
        + "Soft, warm colors, dreamy and calm, no text."
}

/// A portrait of the hero, for its avatar.
public func heroAvatarPrompt(_ hero: Hero) -> String {
    "A friendly portrait of \(hero.name)\(heroDetails(hero)) for a children's bedtime storybook. "
        + "Soft, warm colors, gentle and cozy, no text."
}

private func heroDetails(_ hero: Hero) -> String {
    var parts: [String] = []
    if !hero.appearance.isEmpty { parts.append(hero.appearance) }
    if !hero.traits.isEmpty { parts.append("who is \(hero.traits.joined(separator: ", "))") }
    return parts.isEmpty ? "" : ", " + parts.joined(separator: ", ")
}
