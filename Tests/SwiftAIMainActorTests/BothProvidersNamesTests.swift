import Foundation
import SwiftAnthropic
import SwiftOpenAI
import Testing

// This file imports SwiftOpenAI and SwiftAnthropic together, as a program using both providers does. Both modules
// declare `Model` and `MessageParameter` (the seeds' names), so the bare names are ambiguous here; this file
// compiles only because each module also offers a name of its own, which README.md documents.

@Suite("Names when SwiftOpenAI and SwiftAnthropic are imported together")
struct BothProvidersNamesTests {
    @Test("OpenAIModel and AnthropicModel name each provider's model ids")
    func models() {
        let openAI: OpenAIModel = .gpt4oMini
        let anthropic: AnthropicModel = .claudeSonnet45
        #expect(openAI.value == "gpt-4o-mini")
        #expect(anthropic.value == "claude-sonnet-4-5")
        #expect(OpenAIModel.custom("my-deployment").value == "my-deployment")
        #expect(AnthropicModel.other("claude-next").value == "claude-next")
    }

    @Test("ThreadMessageParameter and AnthropicMessageParameter encode each provider's request body")
    func messageParameters() throws {
        let thread = ThreadMessageParameter(role: "user", content: "Summarise the file", fileIDS: ["file-1"])
        let threadJSON = try JSONSerialization.jsonObject(with: JSONEncoder().encode(thread)) as? [String: Any]
        #expect(threadJSON?["role"] as? String == "user")
        #expect(threadJSON?["content"] as? String == "Summarise the file")
        let attachments = threadJSON?["attachments"] as? [[String: Any]]
        #expect(attachments?.first?["file_id"] as? String == "file-1")

        let claude = AnthropicMessageParameter(
            model: AnthropicModel.claudeHaiku45, messages: [.init(role: .user, content: "Hi")], maxTokens: 64)
        let claudeJSON = try JSONSerialization.jsonObject(with: JSONEncoder().encode(claude)) as? [String: Any]
        #expect(claudeJSON?["model"] as? String == AnthropicModel.claudeHaiku45.value)
        #expect(claudeJSON?["max_tokens"] as? Int == 64)
    }
}

@Suite("README: one file, both providers")
struct BothProvidersReadmeTests {
    @Test("the README's snippet compiles with both modules imported and builds both providers' requests")
    func readmeSnippet() throws {
        let gpt: OpenAIModel = .gpt4oMini
        let claude: AnthropicModel = .claudeSonnet45
        let note = ThreadMessageParameter(role: "user", content: "Summarise the attached file", fileIDS: ["file-abc123"])
        let request = AnthropicMessageParameter(model: claude, messages: [.init(role: .user, content: "Hello")], maxTokens: 1024)
        #expect(gpt.value == "gpt-4o-mini")
        #expect(note.role == "user")
        #expect(request.model == "claude-sonnet-4-5")
        #expect(request.maxTokens == 1024)
    }
}
