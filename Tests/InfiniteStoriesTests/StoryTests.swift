import AISandbox
import Foundation
import InfiniteStories
import SwiftOpenAI
import Testing

@Suite("Story text, streaming and the story cache")
struct StoryTests {
    @Test(
        "the title comes from the first line, cleaned",
        arguments: [
            ("[The Sleepy Owl]", "The Sleepy Owl"),
            ("# The Sleepy Owl", "The Sleepy Owl"),
            ("## **The Sleepy Owl**", "The Sleepy Owl"),
            ("**Title:** The Sleepy Owl", "The Sleepy Owl"),
            ("Title: The Sleepy Owl", "The Sleepy Owl"),
            ("Título: El búho dormilón", "El búho dormilón"),
            ("Titre : Le hibou endormi", "Le hibou endormi"),
            ("Titel: Die müde Eule", "Die müde Eule"),
            ("Titolo: Il gufo assonnato", "Il gufo assonnato"),
            ("\"The Sleepy Owl\"", "The Sleepy Owl"),
            ("The Sleepy Owl", "The Sleepy Owl"),
            ("The Dragons' Lullaby", "The Dragons' Lullaby"),
        ])
    func titles(line: String, title: String) throws {
        let parsed = try #require(StoryTextParser.parse("\n\(line)\n\nOnce upon a time, an owl yawned.\n\nThe end."))
        #expect(parsed.title == title)
        #expect(parsed.content == "Once upon a time, an owl yawned.\n\nThe end.")
    }

    @Test("no title or no text is not a story")
    func unusableReplies() {
        #expect(StoryTextParser.parse("") == nil)
        #expect(StoryTextParser.parse("Only one line without a story") == nil)
        #expect(StoryTextParser.parse("[]\n\nText without a title.") == nil)
        #expect(StoryTextParser.parse(String(repeating: "word ", count: 100) + "\nmore") == nil)
    }

    @Test("a reply without a title is invalidResponse, not a blank story")
    func emptyReply() async throws {
        try await withStories(settings: unmoderated) { sandbox, stories in
            sandbox.enqueue(.raw(200, body: chatStreamBody("Just one line"), contentType: "text/event-stream"), path: "/chat/completions")
            await #expect {
                _ = try await stories.generateStory(request: StoryGenerationRequest(hero: luna, event: .bedtime, targetDuration: 60))
            } throws: { error in
                if case .invalidResponse = error as? AIServiceError { return true }
                return false
            }
        }
    }

    @Test("what the library parsed from the sandbox's reply: the first line as title, the rest as text")
    func parsedFromSandbox() async throws {
        try await withStories(settings: unmoderated) { sandbox, stories in
            let reply = "[The Owl Who Counted Stars]\n\nLuna looked up. The stars winked back.\n\nShe fell asleep."
            sandbox.enqueue(.raw(200, body: chatStreamBody(reply), contentType: "text/event-stream"), path: "/chat/completions")
            let story = try await stories.generateStory(request: StoryGenerationRequest(hero: luna, event: .bedtime, targetDuration: 60))
            #expect(story.title == "The Owl Who Counted Stars")
            #expect(story.content == "Luna looked up. The stars winked back.\n\nShe fell asleep.")
            #expect(story.estimatedDuration == StoryGenerationResponse.readingTime(of: story.content))
            #expect(StoryGenerationResponse.readingTime(of: Array(repeating: "word", count: 300).joined(separator: " ")) == 120)
        }
    }

    @Test("streaming gives the same story as the plain call", arguments: [true, false])
    func streamingEqualsPlain(moderation: Bool) async throws {
        var settings = StorySettings.default
        settings.moderation = moderation
        try await withStories(settings: settings) { sandbox, stories in
            let request = StoryGenerationRequest(hero: luna, event: .friendship, targetDuration: 180, language: "French")
            let plain = try await stories.generateStory(request: request)
            let plainChat = try canonicalJSON(#require(sandbox.chatRequests.last?.body))
            var text = ""
            var deltas = 0
            var completed: StoryGenerationResponse?
            for try await event in stories.streamStory(request: request) {
                switch event {
                case .delta(let delta):
                    #expect(completed == nil)
                    text += delta
                    deltas += 1
                case .completed(let story): completed = story
                }
            }
            #expect(completed == plain)
            #expect(deltas >= 1)
            #expect(StoryTextParser.parse(text)?.title == plain.title)
            #expect(StoryTextParser.parse(text)?.content == plain.content)
            #expect(try canonicalJSON(#require(sandbox.chatRequests.last?.body)) == plainChat)
        }
    }

    @Test("a stream dropped mid-story fails with networkError and never completes")
    func droppedStream() async throws {
        try await withStories(settings: unmoderated) { sandbox, stories in
            sandbox.enqueue(.close(afterEvents: 4), path: "/chat/completions")
            var deltas = 0
            var completed = false
            let error = await #expect(throws: AIServiceError.self) {
                for try await event in stories.streamStory(request: StoryGenerationRequest(hero: luna, event: .bedtime, targetDuration: 60)) {
                    if case .completed = event { completed = true } else { deltas += 1 }
                }
            }
            #expect(!completed)
            #expect(deltas <= 4)
            guard case .networkError = error else {
                Issue.record("expected networkError, got \(String(describing: error))")
                return
            }
            #expect(error?.underlying?.kind == .connection)

            sandbox.enqueue(.close(afterEvents: 4), path: "/chat/completions")
            await #expect(throws: AIServiceError.self) {
                _ = try await stories.generateStory(request: StoryGenerationRequest(hero: luna, event: .bedtime, targetDuration: 60))
            }
        }
    }

    @Test("a cached story is served without any request, from memory and from disk")
    func cacheHit() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("stories-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let request = StoryGenerationRequest(hero: luna, event: .weekend, targetDuration: 120, language: "Spanish")
        let first = try await withStories(cache: StoryCache(directory: directory)) { sandbox, stories in
            let story = try await stories.generateStory(request: request)
            let count = sandbox.requests.count
            let again = try await stories.generateStory(request: request)
            #expect(again == story)
            var streamed: StoryGenerationResponse?
            for try await case .completed(let story) in stories.streamStory(request: request) { streamed = story }
            #expect(streamed == story)
            #expect(sandbox.requests.count == count)
            return story
        }
        try await withStories(cache: StoryCache(directory: directory)) { sandbox, stories in
            #expect(try await stories.generateStory(request: request) == first)
            #expect(sandbox.requests.isEmpty)
            var other = request
            other.language = "German"
            _ = try await stories.generateStory(request: other)
            #expect(!sandbox.chatRequests.isEmpty)
        }
    }

    @Test("cache keys are stable and cover the whole request")
    func cacheKeys() {
        let request = StoryGenerationRequest(hero: luna, event: .weekend, targetDuration: 120)
        let key = StoryCache.key(for: request, settings: .default)
        #expect(key == StoryCache.key(for: request, settings: .default))
        #expect(key.count == 64)
        var changed = [request, request, request, request]
        changed[0].language = "Italian"
        changed[1].targetDuration = 180
        changed[2].hero.traits.append("kind")
        changed[3].event = .holiday
        for other in changed { #expect(StoryCache.key(for: other, settings: .default) != key) }
        var settings = StorySettings.default
        settings.promptVersion = 2
        #expect(StoryCache.key(for: request, settings: settings) != key)
        settings = .default
        settings.storyModel = "gpt-4.1"
        #expect(StoryCache.key(for: request, settings: settings) != key)
    }
}
