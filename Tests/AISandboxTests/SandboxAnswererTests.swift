import AICore
import Foundation
import SwiftAITestSupport
import Testing

@testable import AISandbox

/// An app's answerer registered on the sandbox: asked once per chat request, its answer replaces the usual text.
@Suite("An app's answers registered on the sandbox")
struct SandboxAnswererTests {
    /// Answers requests whose last user message starts with "Poem:" with a fixed poem, cut at the request's limit.
    struct PoemAnswerer: SandboxAnswerer {
        let asked = LockedValue<[SandboxChatRequest]>([])

        func answer(_ request: SandboxChatRequest) -> SandboxAnswer? {
            asked.withLock { $0.append(request) }
            guard request.messages.last?.text.hasPrefix("Poem:") == true else { return nil }
            if let limit = request.maxTokens, limit < 4 {
                return SandboxAnswer(text: "Roses are", finishReason: "length", completionTokens: limit, promptTokens: 99)
            }
            return SandboxAnswer(text: "Roses are red, violets are blue.", completionTokens: 11, promptTokens: 99)
        }
    }

    static func chat(_ user: String, system: String? = nil, extra: [String: Any] = [:]) -> [String: Any] {
        var messages: [[String: Any]] = []
        if let system { messages.append(["role": "system", "content": system]) }
        messages.append(["role": "user", "content": [["type": "text", "text": user]]])
        return extra.merging(["model": "gpt-4o-mini", "messages": messages]) { $1 }
    }

    static func message(_ data: Data) -> (content: String?, finish: String?, usage: [String: Any]) {
        let json = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any] ?? [:]
        let choice = (json["choices"] as? [[String: Any]])?.first ?? [:]
        return ((choice["message"] as? [String: Any])?["content"] as? String, choice["finish_reason"] as? String, json["usage"] as? [String: Any] ?? [:])
    }

    @Test("its answer, finish reason and token counts replace the usual reply; nil keeps the usual reply")
    func answers() async throws {
        let answerer = PoemAnswerer()
        try await Sandbox.withRunning(answerer: answerer) { sandbox in
            let (status, data) = try await post(sandbox, "v1/chat/completions", Self.chat("Poem: roses", system: "Be brief."))
            #expect(status == 200)
            let poem = Self.message(data)
            #expect(poem.content == "Roses are red, violets are blue.")
            #expect(poem.finish == "stop")
            #expect(poem.usage["completion_tokens"] as? Int == 11 && poem.usage["prompt_tokens"] as? Int == 99)

            let (_, cutData) = try await post(sandbox, "v1/chat/completions", Self.chat("Poem: roses", extra: ["max_tokens": 2]))
            let cut = Self.message(cutData)
            #expect(cut.content == "Roses are" && cut.finish == "length" && cut.usage["completion_tokens"] as? Int == 2)

            let (_, other) = try await post(sandbox, "v1/chat/completions", Self.chat("Tell me a joke"))
            #expect(Self.message(other).content == "Hello from AISandbox! You said: Tell me a joke")

            // It sees the messages as plain text with their roles, and the limit.
            let asked = answerer.asked.current
            #expect(asked.count == 3)
            #expect(asked.first?.messages == [.init(role: "system", text: "Be brief."), .init(role: "user", text: "Poem: roses")])
            #expect(asked.first?.maxTokens == nil && asked.dropFirst().first?.maxTokens == 2)
        }
    }

    @Test("a requested JSON format still wins; streams carry the answer")
    func precedence() async throws {
        try await Sandbox.withRunning(answerer: PoemAnswerer()) { sandbox in
            let json = Self.chat("Poem: roses", extra: ["response_format": ["type": "json_object"]])
            let (_, data) = try await post(sandbox, "v1/chat/completions", json)
            #expect(Self.message(data).content?.hasPrefix("{") == true)

            let (_, streamed) = try await post(
                sandbox, "v1/chat/completions", Self.chat("Poem: roses", extra: ["stream": true, "stream_options": ["include_usage": true]]))
            let events = eventPayloads(Array(streamed))
            let text = events.compactMap { (($0["choices"] as? [[String: Any]])?.first?["delta"] as? [String: Any])?["content"] as? String }
            #expect(text.joined() == "Roses are red, violets are blue.")
            #expect((events.last?["usage"] as? [String: Any])?["prompt_tokens"] as? Int == 99)
        }
    }

    @Test("without an answerer, a story prompt gets the usual reply: the sandbox knows no app")
    func noApp() async throws {
        try await Sandbox.withRunning { sandbox in
            let (_, data) = try await post(
                sandbox, "v1/chat/completions",
                Self.chat("Create a 5-minute bedtime story about Luna.", system: "You are a children's storyteller."))
            #expect(Self.message(data).content == "Hello from AISandbox! You said: Create a 5-minute bedtime story about Luna.")
        }
    }
}
