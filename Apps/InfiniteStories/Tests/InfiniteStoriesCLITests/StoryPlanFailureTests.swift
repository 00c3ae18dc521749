import AISandbox
import Foundation
import InfiniteStories
import InfiniteStoriesSandbox
import InfiniteStoriesStore
import SwiftOpenAI
import Testing
@testable import infinite_stories

/// `story new` saves nothing unless every step succeeds: run in-process against a sandbox told to fail.
@Suite("story new when a step fails")
struct StoryPlanFailureTests {
    private func withContext(_ body: (AIContext, Sandbox, URL) async throws -> Void) async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("infinite-stories-plan-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let library = try StoryLibrary(folder: folder)
        try await library.addHero(Hero(name: "Luna", traits: ["brave"]))
        try await Sandbox.withRunning(answerer: .stories) { sandbox in
            let sdk = OpenAIServiceFactory.service(
                apiKey: "sk-sandbox", overrideBaseURL: sandbox.baseURL.absoluteString, retryPolicy: .none)
            let context = AIContext(library: library, stories: InfiniteStories.OpenAIService(service: sdk), sdk: sdk)
            try await body(context, sandbox, folder)
        }
    }

    private func plan(narrate: Bool = true, illustrate: Bool = true) -> StoryPlan {
        StoryPlan(
            heroName: "Luna", event: .bedtime, customText: nil, language: "English", targetDuration: 120, voice: "coral",
            narrate: narrate, illustrate: illustrate, onText: { _ in })
    }

    private func expectNothingSaved(_ context: AIContext, _ folder: URL) async throws {
        #expect(try await context.library.stories().isEmpty)
        for subfolder in ["Audio", "Images"] {
            let names = try FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent(subfolder).path)
            #expect(names.isEmpty, "\(subfolder): \(names)")
        }
    }

    @Test("a story stream dropped mid-story saves no partial story")
    func droppedStream() async throws {
        try await withContext { context, sandbox, folder in
            sandbox.enqueue(.close(afterEvents: 5), path: "/chat/completions")
            await #expect(throws: (any Error).self) { try await plan().run(in: context) }
            try await expectNothingSaved(context, folder)
        }
    }

    @Test("a narration that fails after the story was written saves nothing")
    func failedNarration() async throws {
        try await withContext { context, sandbox, folder in
            sandbox.enqueue(.status(500, message: "TTS is down"), path: "/audio/speech")
            await #expect(throws: (any Error).self) { try await plan().run(in: context) }
            #expect(sandbox.requests.contains { $0.path.hasSuffix("/audio/speech") })
            try await expectNothingSaved(context, folder)
        }
    }

    @Test("a picture that fails saves nothing, not even the narration")
    func failedPicture() async throws {
        try await withContext { context, sandbox, folder in
            sandbox.enqueue(.status(400, code: "content_policy_violation", message: "No"), path: "/images/generations")
            await #expect(throws: (any Error).self) { try await plan().run(in: context) }
            #expect(sandbox.requests.contains { $0.path.hasSuffix("/images/generations") })
            try await expectNothingSaved(context, folder)
        }
    }

    @Test("with every step succeeding the story is saved once, with both files")
    func success() async throws {
        try await withContext { context, _, folder in
            let story = try await plan().run(in: context)
            #expect(try await context.library.stories().map(\.id) == [story.id])
            #expect(story.audioFile != nil && story.avatarFile != nil)
        }
    }
}
