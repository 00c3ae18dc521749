import AISandbox
import Foundation
import SwiftAITestSupport
import SwiftOpenAI
import Testing

// README.md "Stored chat completions and fine-tuning": the snippet copied line for line and run against the sandbox.

@Suite("README: stored chat completions and graders")
struct ReadmeStoredChatSnippetTests {
    @Test("a stored completion listed by metadata and relabelled; a string check grader run on a sample")
    func storedChatSnippet() async throws {
        try await withService { sandbox, service in
            let answer = try await service.startChat(parameters: ChatCompletionParameters(
                messages: [.init(role: .user, content: .text("Name a Swift keyword."))], model: .gpt4oMini,
                store: true, metadata: ["topic": "swift"]))
            var listed: [String] = []
            for try await stored in service.allChatCompletions(metadata: ["topic": "swift"]) {
                print(stored.id, stored.choices.first?.message.content ?? "")
                listed.append(stored.id)
            }
            #expect(listed == [answer.id])
            _ = try await service.updateChatCompletion(completionID: answer.id, metadata: ["topic": "swift", "reviewed": "yes"])
            #expect(try await service.getChatCompletion(completionID: answer.id).metadata == ["topic": "swift", "reviewed": "yes"])

            let exact = Grader.stringCheck(StringCheckGrader(
                name: "exact", input: "{{sample.output_text}}", reference: "{{item.answer}}", operation: .equal))
            let result = try await service.runGrader(exact, modelSample: "Paris", item: ["answer": "Paris"])
            print(result.reward)   // 1.0
            #expect(result.reward == 1)
            #expect(sandbox.requests.map(\.path) == [
                "/v1/chat/completions", "/v1/chat/completions", "/v1/chat/completions/\(answer.id)",
                "/v1/chat/completions/\(answer.id)", "/v1/fine_tuning/alpha/graders/run",
            ])
        }
    }
}
