import AISandbox
import Foundation
import InfiniteStories
import InfiniteStoriesSandbox
import SwiftAITestSupport
import SwiftOpenAI
import Testing

@Suite("Custom event assistant")
struct AssistantTests {
    func withAssistant<T>(_ body: (Sandbox, CustomEventAIAssistant) async throws -> T) async throws -> T {
        try await withSandbox(answerer: .stories) { sandbox in
            let sdk = OpenAIServiceFactory.service(
                apiKey: testAPIKey, overrideBaseURL: sandbox.baseURL.absoluteString,
                retryPolicy: RetryPolicy(maxRetries: 0))
            return try await body(sandbox, CustomEventAIAssistant(service: sdk))
        }
    }

    func reply(_ text: String) -> SandboxBehavior {
        let escaped = String(data: try! JSONEncoder().encode(text), encoding: .utf8)!
        return .raw(
            200,
            body: #"{"id":"c","object":"chat.completion","created":1,"model":"gpt-4o","choices":[{"index":0,"message":{"role":"assistant","content":\#(escaped)},"finish_reason":"stop"}],"usage":{"prompt_tokens":5,"completion_tokens":5,"total_tokens":10}}"#,
            contentType: "application/json")
    }

    @Test("the seed's token limits: 20 for titles, 150 for prompt seeds, 50 for keywords, 100 for suggestions")
    func tokenLimits() async throws {
        try await withAssistant { sandbox, assistant in
            sandbox.enqueue(reply("**Title:** \"The Snowy Surprise\""), path: "/chat/completions")
            #expect(await assistant.generateTitle(from: "Luna sees snow for the first time") == "The Snowy Surprise")
            sandbox.enqueue(reply("Luna discovers that each snowflake hums a lullaby as it falls."), path: "/chat/completions")
            let seed = await assistant.enhancePromptSeed(
                title: "First snow", description: "Luna sees snow", category: .nature, ageRange: .toddler, tone: .magical)
            #expect(seed == "Luna discovers that each snowflake hums a lullaby as it falls.")
            sandbox.enqueue(reply("Keywords: snow, winter, mittens, snowman, cocoa"), path: "/chat/completions")
            #expect(await assistant.generateKeywords(for: "First snow", description: "Luna sees snow") == ["snow", "winter", "mittens", "snowman", "cocoa"])
            sandbox.enqueue(reply("1. Building a snowman\n2. Ice skating with grandpa\n3. A snowy owl visits"), path: "/chat/completions")
            #expect(await assistant.suggestSimilarEvents(to: "Luna sees snow") == ["Building a snowman", "Ice skating with grandpa", "A snowy owl visits"])

            let chats = sandbox.chatRequests.compactMap(\.json)
            #expect(chats.map { $0["max_completion_tokens"] as? Int } == [20, 150, 50, 100])
            #expect(chats.allSatisfy { $0["model"] as? String == "gpt-4o" })
            let enhance = chats[1]["messages"] as? [[String: Any]]
            #expect((enhance?.last?["content"] as? String)?.contains("Age Range: 2-4 years\nTone: Magical") == true)
            #expect(sandbox.moderationRequests.count == 4)
        }
    }

    @Test(
        "lists from numbered or bulleted lines, commas or JSON",
        arguments: [
            "snow, winter, mittens",
            "snow; winter; mittens.",
            "1. snow\n2. winter\n3. mittens",
            "- Snow\n- winter\n* mittens\n- snow",
            "• \"snow\"\n• **winter**\n• #mittens",
            "```json\n[\"snow\", \"winter\", \"mittens\"]\n```",
            "Here you go: [\"snow\",\"winter\",\"mittens\"]",
            "Keywords:\n(1) snow\n(2) winter\n(3) mittens",
        ])
    func lists(answer: String) async throws {
        try await withAssistant { sandbox, assistant in
            sandbox.enqueue(reply(answer), path: "/chat/completions")
            let keywords = await assistant.generateKeywords(for: "First snow", description: "Luna sees snow")
            #expect(keywords.map { $0.lowercased() } == ["snow", "winter", "mittens"])
        }
    }

    @Test("failures: nil, the description, or nothing; the throwing variants say why")
    func failures() async throws {
        try await withAssistant { sandbox, assistant in
            sandbox.enqueue(.status(401))
            #expect(await assistant.generateTitle(from: "A picnic") == nil)
            sandbox.enqueue(.status(500), path: "/chat/completions")
            #expect(await assistant.enhancePromptSeed(title: "Picnic", description: "A picnic", category: .family, ageRange: .preschool, tone: .gentle) == "A picnic")
            #expect(await assistant.suggestSimilarEvents(to: "We \(flaggedWord) the castle").isEmpty)
            await #expect {
                _ = try await assistant.makeKeywords(for: "Raid", description: "We \(flaggedWord) the castle")
            } throws: { error in
                if case .contentRejected = error as? AIServiceError { return true }
                return false
            }
            sandbox.enqueue(.status(401), path: "/chat/completions")
            await #expect {
                _ = try await assistant.makeTitle(from: "A picnic")
            } throws: { error in
                if case .invalidAPIKey = error as? AIServiceError { return true }
                return false
            }
        }
    }
}
