import AISandbox
import Foundation
import InfiniteStories
import InfiniteStoriesSandbox
import InfiniteStoriesStore
import SwiftOpenAI
import Testing

/// The one story pipeline the CLI and the web app share, against the sandbox with the story app's answers.
@Suite("The story pipeline")
struct StoryPipelineTests {
    /// A library with Luna in it, a story service and the assistant on the sandbox, and the sandbox.
    private func withPipeline(_ body: (StoryPipeline, Sandbox) async throws -> Void) async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("infinite-stories-pipeline-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let library = try StoryLibrary(folder: folder)
        try await library.addHero(Hero(name: "Luna", traits: ["brave"]))
        try await Sandbox.withRunning(answerer: .stories) { sandbox in
            let sdk = OpenAIServiceFactory.service(
                apiKey: "sk-sandbox", overrideBaseURL: sandbox.baseURL.absoluteString, retryPolicy: .none)
            let stories = InfiniteStories.OpenAIService(service: sdk)
            let pipeline = StoryPipeline(
                library: library, stories: stories, assistant: CustomEventAIAssistant(service: sdk, usage: stories.usage))
            try await body(pipeline, sandbox)
        }
    }

    /// A step's name, to compare the order of steps.
    private func name(_ step: StoryProgress) -> String {
        switch step {
        case .titled: "titled"
        case .writing: "writing"
        case .written: "written"
        case .illustrating: "illustrating"
        case .narrating: "narrating"
        case .narrated: "narrated"
        case .illustrated: "illustrated"
        case .saving: "saving"
        case .saved: "saved"
        case .usageRecorded: "usageRecorded"
        }
    }

    @Test("a custom event: titled by the assistant, written, narrated and illustrated, saved, usage recorded once")
    func customEvent() async throws {
        try await withPipeline { pipeline, sandbox in
            let order = StoryOrder(
                hero: .name("Luna"), event: nil, customText: "  Luna sees snow for the first time \n", language: "English",
                targetDuration: 60, voice: "coral")
            var steps: [StoryProgress] = []
            for try await step in pipeline.run(order) { steps.append(step) }

            // Consecutive repeats (text pieces, narration parts) collapsed: the steps in their order.
            let names = steps.map(name).reduce(into: [String]()) { if $0.last != $1 { $0.append($1) } }
            #expect(names == [
                "titled", "writing", "written", "illustrating", "narrating", "narrated", "illustrated", "saving", "saved",
                "usageRecorded",
            ])
            guard case .titled(.custom(let event)) = steps.first else { Issue.record("no custom event first"); return }
            // The assistant's title (the sandbox's story title for the title request), not the first six words.
            #expect(!event.title.isEmpty && event.title != "Luna sees snow for the first")
            #expect(event.description == "Luna sees snow for the first time")
            let text = steps.compactMap { if case .writing(let piece) = $0 { piece } else { nil } }.joined()
            guard case .saved(let story) = steps.dropLast().last else { Issue.record("not saved"); return }
            #expect(story.customEventTitle == event.title)
            #expect(text.contains(story.content.prefix(40)))
            #expect(story.audioFile != nil && story.avatarFile != nil && story.voice == "coral")
            #expect(try await pipeline.library.stories().map(\.id) == [story.id])

            guard case .usageRecorded(let spent) = steps.last else { Issue.record("no usage"); return }
            #expect(Set(spent.map(\.model)).count == spent.count && spent.count >= 3, "chat, speech and image models")
            #expect(try await pipeline.library.usageSummary().map(\.model) == spent.map(\.model))
            // Taken from the tracker: recording again later (the CLI does when it ends) adds nothing.
            #expect(await pipeline.stories.usage.summary().isEmpty)
            let chats = sandbox.requests.filter { $0.path.hasSuffix("/chat/completions") }
            #expect(chats.count == 2, "the title, then the story")
        }
    }

    @Test("a failed step saves nothing, still records what was spent, and ends with the step's error")
    func failure() async throws {
        try await withPipeline { pipeline, sandbox in
            sandbox.enqueue(.status(500, message: "TTS is down"), path: "/audio/speech")
            let order = StoryOrder(
                hero: .name("Luna"), event: .bedtime, customText: nil, language: "English", targetDuration: 60,
                voice: "coral", illustrate: false)
            var names: [String] = []
            await #expect(throws: AIServiceError.self) {
                for try await step in pipeline.run(order) { names.append(name(step)) }
            }
            #expect(names.first == "titled" && names.last == "usageRecorded")
            #expect(!names.contains("saved") && !names.contains("illustrating"))
            let saved = try await pipeline.library.stories()
            let recorded = try await pipeline.library.usageSummary()
            #expect(saved.isEmpty)
            #expect(!recorded.isEmpty)
        }
    }

    @Test("an unknown hero or an empty custom event is a typed error before any request")
    func badOrders() async throws {
        try await withPipeline { pipeline, sandbox async throws in
            let unknown = StoryOrder(
                hero: .name("Nobody"), event: .bedtime, customText: nil, language: "English", targetDuration: 60, voice: "coral")
            await #expect(throws: StoryLibraryError.heroNotFound("Nobody")) { try await pipeline.run(unknown) { _ in } }
            let empty = StoryOrder(
                hero: .name("Luna"), event: nil, customText: " \n", language: "English", targetDuration: 60, voice: "coral")
            await #expect(throws: StoryLibraryError.emptyCustomEvent) { try await pipeline.run(empty) { _ in } }
            #expect(sandbox.requests.isEmpty)
        }
    }

    @Test("scene pictures: placed after paragraphs, saved with the story; a GPT image model draws them from the hero's avatar")
    func scenesFromTheAvatar() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("infinite-stories-scenes-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let library = try StoryLibrary(folder: folder)
        try await Sandbox.withRunning(answerer: .stories) { sandbox in
            let sdk = OpenAIServiceFactory.service(
                apiKey: "sk-sandbox", overrideBaseURL: sandbox.baseURL.absoluteString, retryPolicy: .none)
            var settings = StorySettings()
            settings.imageModel = "gpt-image-1"
            let stories = InfiniteStories.OpenAIService(service: sdk, settings: settings)
            let luna = Hero(name: "Luna", traits: ["brave"], appearance: "silver hair")
            let avatar = try await stories.generateAvatar(request: AvatarGenerationRequest(hero: luna, prompt: heroAvatarPrompt(luna)))
            try await library.addHero(luna, avatar: avatar)
            let pipeline = StoryPipeline(library: library, stories: stories, assistant: nil)
            var order = StoryOrder(hero: .name("Luna"), event: .bedtime, customText: nil, language: "English",
                                   targetDuration: 120, voice: "coral", narrate: false)
            order.scenes = 2
            #expect(pipeline.estimate(order).pictures == 3 * (stories.usage.prices.imagePrice(
                model: "gpt-image-1", size: "1024x1024", quality: "standard") ?? -1), "the cover and two scenes, priced before")
            let story = try await pipeline.run(order) { _ in }
            #expect(story.scenes.count == 2)
            let paragraphs = ScenePicture.paragraphs(of: story.content).count
            #expect(story.scenes.map(\.paragraph) == ScenePicture.placements(count: 2, paragraphs: paragraphs))
            for scene in story.scenes {
                #expect(FileManager.default.fileExists(atPath: library.url(forFile: scene.file).path))
            }
            let edits = sandbox.requests.filter { $0.path == "/v1/images/edits" }
            #expect(edits.count == 2, "each scene drawn from the avatar")
            #expect(edits.allSatisfy { request in
                request.body.range(of: avatar.imageData.prefix(64)) != nil
            }, "the avatar's bytes are the edit's input")
            #expect(sandbox.requests.filter { $0.path == "/v1/images/generations" }.count == 2, "the avatar and the cover")
            #expect(try await library.removeStory(id: story.id))
            for scene in story.scenes {
                #expect(!FileManager.default.fileExists(atPath: library.url(forFile: scene.file).path), "removed with the story")
            }
        }
    }
}
