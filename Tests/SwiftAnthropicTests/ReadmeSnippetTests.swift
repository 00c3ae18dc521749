import AICore
import AISandbox
import Foundation
import SwiftAnthropic
import Testing

// The SwiftAnthropic snippet of README.md, copied line for line and run against the sandbox (only the service
// comes from the sandbox, as its `// README:` comment says); `print` collects what the snippet prints.

@Suite("README snippets (Anthropic)")
struct AnthropicReadmeSnippetTests {
    @Test("messages, streaming, typed events, metadata")
    func tour() async throws {
        try await withAnthropic { _, sandboxService in
            let printed = LockedValue("")
            @Sendable func print(_ items: Any..., separator: String = " ", terminator: String = "\n") {
                let line = items.map { "\($0)" }.joined(separator: separator) + terminator
                printed.withLock { $0 += line }
            }
            let parameters = MessageParameter(model: .claudeSonnet45, messages: [.init(role: .user, content: "Stream")], maxTokens: 100)

            let service = sandboxService  // README: let service = AnthropicServiceFactory.service(apiKey: "sk-ant-…")

            let message = try await service.createMessage(
                MessageParameter(model: .claudeSonnet45, messages: [.init(role: .user, content: "Hello, Claude")], maxTokens: 1024))
            print(message.text)
            #expect(message.text.contains("Hello, Claude") && printed.current == message.text + "\n")

            // Streaming: text as it arrives, then the assembled message (tool inputs parsed from their JSON fragments)
            let final = try await service.streamMessage(parameters).accumulate { print($0, terminator: "") }
            #expect(final.text.contains("Stream") && printed.current == message.text + "\n" + final.text)

            // Or the typed events
            for try await event in try await service.streamMessage(parameters) {
                if case .contentBlockDelta(_, .text(let text)) = event.event { print(text, terminator: "") }
            }
            #expect(printed.current == message.text + "\n" + final.text + final.text)

            let requestID = LockedValue<String?>(nil)
            _ = try await service.createMessage(parameters, options: RequestOptions(onResponse: { metadata in requestID.withLock { $0 = metadata.requestID } }))
            #expect(requestID.current?.hasPrefix("req_sandbox_") == true)
        }
    }
}
