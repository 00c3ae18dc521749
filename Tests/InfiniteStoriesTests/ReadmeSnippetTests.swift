import AICore
import AISandbox
import Foundation
import InfiniteStories
import InfiniteStoriesSandbox
import SwiftOpenAI
import Testing

/// The README's InfiniteStories snippet, run as written against the sandbox: only the service is made from
/// the sandbox's SDK service instead of a key and the MP3 goes to a temporary folder (each such line names the
/// README line it stands for in a `// README:` comment), and printing collects into strings.
@Suite("README: InfiniteStories")
struct ReadmeSnippetTests {
    @Test("the library snippet streams, narrates, saves the MP3 and turns an error into the friendly message")
    func librarySnippet() async throws {
        try await Sandbox.withRunning(answerer: .stories) { sandbox in
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent("readme-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(at: folder) }
            let output = LockedValue("")
            @Sendable func print(_ text: String, terminator: String = "\n") { output.withLock { $0 += text + terminator } }
            let sdk = OpenAIServiceFactory.service(apiKey: "sk-test", overrideBaseURL: sandbox.baseURL.absoluteString)

            // --- README snippet ---
            let stories = InfiniteStories.OpenAIService(service: sdk)  // README: let stories = OpenAIService(apiKey: "sk-…")
            let luna = Hero(name: "Luna", traits: ["brave", "curious"], appearance: "silver hair", specialAbility: "talks to the stars")
            let request = StoryGenerationRequest(hero: luna, event: .bedtime, targetDuration: 5 * 60, language: "Spanish")

            var story: StoryGenerationResponse?
            for try await event in stories.streamStory(request: request) {
                switch event {
                case .delta(let text): print(text, terminator: "")
                case .completed(let response): story = response
                }
            }
            guard let story else { return }
            let narration = try await stories.narrate(text: story.content, voice: "coral", language: "Spanish") { progress in
                print("part \(progress.completedParts)/\(progress.totalParts)")
            }
            try narration.audio.write(to: folder.appendingPathComponent("luna.mp3"))  // README: try narration.audio.write(to: URL(fileURLWithPath: "luna.mp3"))
            sandbox.enqueue(.status(429, retryAfter: 0), path: "/v1/images/generations")
            sandbox.enqueue(.status(429, retryAfter: 0), path: "/v1/images/generations")
            sandbox.enqueue(.status(429, retryAfter: 0), path: "/v1/images/generations")
            do {
                _ = try await stories.generateAvatar(request: AvatarGenerationRequest(hero: luna, prompt: "A storybook portrait of Luna"))
            } catch {
                print(handleAIError(error, language: "Spanish"))
            }
            // --- end of snippet ---

            let printed = output.current
            #expect(!story.title.isEmpty)
            #expect(printed.contains(story.content.prefix(40)))
            #expect(printed.contains("part 1/"))
            let mp3 = try Data(contentsOf: folder.appendingPathComponent("luna.mp3"))
            #expect(mp3.starts(with: Data("ID3".utf8)))
            #expect(printed.contains(AIServiceError.rateLimitExceeded.userMessage(language: "Spanish")))
        }
    }
}
