import AISandbox
import Foundation
import InfiniteStories
import Testing

@Suite("Moderation")
struct ModerationTests {
    func isRejected(_ error: any Error) -> Bool {
        if case .contentRejected = error as? AIServiceError { return true }
        return false
    }

    @Test("flagged hero text is refused before any prompt is sent")
    func flaggedInput() async throws {
        try await withStories { sandbox, stories in
            let hero = Hero(name: "Rex", traits: ["likes to \(flaggedWord) people"])
            await #expect {
                _ = try await stories.generateStory(request: StoryGenerationRequest(hero: hero, event: .bedtime, targetDuration: 60))
            } throws: { isRejected($0) }
            #expect(sandbox.chatRequests.isEmpty)
            #expect(sandbox.moderationRequests.count == 1)

            let event = CustomStoryEvent(title: "A trip", description: "We \(flaggedWord) the castle")
            await #expect {
                _ = try await stories.generateStoryWithCustomEvent(
                    request: CustomStoryGenerationRequest(hero: luna, customEvent: event, targetDuration: 60))
            } throws: { isRejected($0) }
            await #expect {
                _ = try await stories.generateAvatar(request: AvatarGenerationRequest(hero: hero, prompt: "a dog"))
            } throws: { isRejected($0) }
            #expect(sandbox.chatRequests.isEmpty)
            #expect(sandbox.requests(to: "/images/generations").isEmpty)
            await #expect { try await stories.moderate("They \(flaggedWord) at dawn") } throws: { isRejected($0) }
            try await stories.moderate("A quiet walk in the park")
        }
    }

    static let flaggedStory = "[The Night Raid]\n\nThe knights prepared to \(flaggedWord) the sleeping village.\n\nThe end."

    @Test("a flagged story is written again once")
    func regeneratedOnce() async throws {
        try await withStories { sandbox, stories in
            sandbox.enqueue(.raw(200, body: chatStreamBody(Self.flaggedStory), contentType: "text/event-stream"), path: "/chat/completions")
            let story = try await stories.generateStory(request: StoryGenerationRequest(hero: luna, event: .bedtime, targetDuration: 60))
            #expect(sandbox.chatRequests.count == 2)
            #expect(!story.content.contains(flaggedWord))
            #expect(sandbox.moderationRequests.count == 3)
        }
    }

    @Test("a story flagged twice is refused, never returned")
    func refusedTwice() async throws {
        try await withStories { sandbox, stories in
            for _ in 0..<2 {
                sandbox.enqueue(.raw(200, body: chatStreamBody(Self.flaggedStory), contentType: "text/event-stream"), path: "/chat/completions")
            }
            await #expect {
                _ = try await stories.generateStory(request: StoryGenerationRequest(hero: luna, event: .bedtime, targetDuration: 60))
            } throws: { isRejected($0) }
            #expect(sandbox.chatRequests.count == 2)
        }
    }

    @Test("a streamed story shows only moderated text")
    func streamedModeration() async throws {
        try await withStories { sandbox, stories in
            let clean = "[Owl Night]\n\n" + String(repeating: "The owl hooted softly in the calm night. ", count: 20) + "\n\n"
            let story = clean + "Then the fox began to \(flaggedWord) the henhouse.\n\nThe end."
            for _ in 0..<2 {
                sandbox.enqueue(.raw(200, body: chatStreamBody(story), contentType: "text/event-stream"), path: "/chat/completions")
            }
            var shown = ""
            await #expect {
                for try await event in stories.streamStory(request: StoryGenerationRequest(hero: luna, event: .bedtime, targetDuration: 60)) {
                    if case .delta(let text) = event { shown += text }
                }
            } throws: { isRejected($0) }
            #expect(shown == clean)
            #expect(!shown.contains(flaggedWord))
            // Text had been shown, so the story is not silently replaced by another.
            #expect(sandbox.chatRequests.count == 1)
        }
    }

    @Test("moderation off: no moderation requests")
    func moderationOff() async throws {
        try await withStories(settings: unmoderated) { sandbox, stories in
            _ = try await stories.generateStory(request: StoryGenerationRequest(hero: luna, event: .bedtime, targetDuration: 60))
            #expect(sandbox.moderationRequests.isEmpty)
            #expect(sandbox.requests.count == 1)
        }
    }
}
