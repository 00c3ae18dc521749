import AICore
import AISandbox
import Foundation
import SwiftAnthropic
import Testing

// The "Messages as they are today" snippet of README.md, copied line for line and run against the sandbox (only
// the service comes from the sandbox, as its `// README:` comment says); `print` collects what the snippet prints.

@Suite("README snippet: Messages as they are today")
struct MessagesTodayReadmeTests {
    @Test("effort, adaptive thinking, compaction, fast mode and a beta; the answer sent back")
    func snippet() async throws {
        try await withAnthropic { sandbox, sandboxService in
            let printed = LockedValue("")
            @Sendable func print(_ items: Any..., separator: String = " ", terminator: String = "\n") {
                let line = items.map { "\($0)" }.joined(separator: separator) + terminator
                printed.withLock { $0 += line }
            }

            let service = sandboxService  // README: let service = AnthropicServiceFactory.service(apiKey: "sk-ant-…")
            var messages: [MessageParameter.Message] = [.init(role: .user, content: "Plan a week in Lisbon")]
            let answer = try await service.createMessage(MessageParameter(
                model: .claudeOpus46, messages: messages, maxTokens: 4096,
                thinking: .adaptive(), outputConfig: .init(effort: .medium),
                contextManagement: .init(edits: [.compact(.init(triggerTokens: 100_000))]),
                speed: .fast, betas: [.context1M]))
            print(answer.text)
            if let summary = answer.compaction { print("Compacted:", summary.content ?? "") }
            messages.append(MessageParameter.Message(answer))  // thinking, compaction and tool blocks go back as they came
            messages.append(.init(role: .user, content: "Now make it cheaper"))

            #expect(printed.current == "Hello from AISandbox (Claude)! You said: Plan a week in Lisbon\n")
            #expect(sandbox.lastRequest?.header("anthropic-beta") == "context-1m-2025-08-07,compact-2026-01-12,fast-mode-2026-02-01")
            #expect(messages.count == 3 && messages[1].role == "assistant")
            let next = try await service.createMessage(MessageParameter(
                model: .claudeOpus46, messages: messages, maxTokens: 4096, thinking: .adaptive()))
            #expect(next.text.hasSuffix("You said: Now make it cheaper"))
            let sentBack = try #require((sandbox.lastRequest?.json?["messages"] as? [[String: Any]])?[1]["content"] as? [[String: Any]])
            #expect(sentBack.map { $0["type"] as? String } == ["thinking", "text"] && sentBack[0]["signature"] != nil)
        }
    }
}
