import AISandbox
import Foundation
import InfiniteStories
import SwiftAITestSupport
import SwiftOpenAI
import Testing

@Suite("Models, fallback and the API monitor")
struct ModelTests {
    @Test("availability comes from the models endpoint, fetched once")
    func availability() async throws {
        try await withStories { sandbox, stories in
            #expect(await stories.isModelAvailable("gpt-4o"))
            #expect(await stories.isModelAvailable("gpt-4o-mini-tts"))
            #expect(!(await stories.isModelAvailable("gpt-3.5-turbo-0301")))
            #expect(sandbox.requests(to: "/models").count == 1)
        }
    }

    @Test("a story model that is gone (404 model_not_found) falls back to gpt-4o-mini, and stays gone")
    func fallback() async throws {
        try await withStories(settings: unmoderated) { sandbox, stories in
            sandbox.enqueue(
                .status(404, type: "invalid_request_error", code: "model_not_found", message: "The model `gpt-4o` does not exist"),
                path: "/chat/completions")
            let request = StoryGenerationRequest(hero: luna, event: .bedtime, targetDuration: 60)
            let story = try await stories.generateStory(request: request)
            #expect(!story.title.isEmpty)
            #expect(sandbox.chatRequests.compactMap { $0.json?["model"] as? String } == ["gpt-4o", "gpt-4o-mini"])
            _ = try await stories.generateStory(request: request)
            #expect(sandbox.chatRequests.last?.json?["model"] as? String == "gpt-4o-mini")
            #expect(await stories.usage.summary().map(\.model) == ["gpt-4o-mini"])
        }
    }

    @Test("other 404s are not a missing model")
    func otherNotFound() async throws {
        try await withStories(settings: unmoderated) { sandbox, stories in
            sandbox.enqueue(.status(404, message: "Not found"), path: "/chat/completions")
            await #expect(throws: AIServiceError.self) {
                _ = try await stories.generateStory(request: StoryGenerationRequest(hero: luna, event: .bedtime, targetDuration: 60))
            }
            #expect(sandbox.chatRequests.count == 1)
        }
    }

    @Test("one monitor line per call: endpoint, bytes, status, request id, duration; the prompt at debug level")
    func monitor() async throws {
        let logs = CapturingLogHandler()
        try await withStories(logs: logs) { sandbox, stories in
            let story = try await stories.generateStory(request: StoryGenerationRequest(hero: luna, event: .birthday, targetDuration: 120))
            _ = try await stories.narrate(text: story.content, voice: "alloy", language: "English")
        }
        let lines = logs.allLines
        let monitorLines = lines.filter { $0.contains(" API ") }
        #expect(monitorLines.filter { $0.contains("API POST /moderations → 200") }.count == 2)
        let chat = try #require(monitorLines.first { $0.contains("API POST /chat/completions → 200") })
        #expect(chat.hasPrefix("debug"))
        #expect(chat.contains(" B out, "))
        #expect(chat.contains("request req_sandbox_"))
        #expect(chat.contains("\"request_id\": req_sandbox_"))
        let speech = try #require(monitorLines.first { $0.contains("API POST /audio/speech → 200") })
        #expect(!speech.contains("? B in"))
        let started = try #require(lines.first { $0.contains("Story generation started") })
        #expect(started.hasPrefix("debug"))
        #expect(started.contains("Luna"))
        #expect(started.contains("birthday"))
        #expect(started.contains("\"duration_minutes\": 2"))
        #expect(started.contains("Create a 2-minute bedtime story about Luna."))
    }
}
