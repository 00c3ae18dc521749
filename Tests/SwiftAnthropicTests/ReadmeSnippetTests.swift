import AISandbox
import Foundation
import SwiftAnthropic
import Testing

// The SwiftAnthropic snippets of README.md, run against the sandbox.

@Suite("README snippets (Anthropic)")
struct AnthropicReadmeSnippetTests {
    @Test("messages, streaming, typed events, metadata")
    func tour() async throws {
        try await withAnthropic { _, service in
            let message = try await service.createMessage(
                MessageParameter(model: .claudeSonnet45, messages: [.init(role: .user, content: "Hello, Claude")], maxTokens: 1024))
            #expect(message.text.contains("Hello, Claude"))

            let parameters = MessageParameter(model: .claudeSonnet45, messages: [.init(role: .user, content: "Stream")], maxTokens: 100)
            var printed = ""
            let final = try await service.streamMessage(parameters).accumulate { printed += $0 }
            #expect(printed == final.text)

            var typed = ""
            for try await event in try await service.streamMessage(parameters) {
                if case .contentBlockDelta(_, .text(let text)) = event.event { typed += text }
            }
            #expect(typed == final.text)

            let requestID = LockedBox<String?>(nil)
            _ = try await service.createMessage(parameters, options: RequestOptions(onResponse: { requestID.set($0.requestID) }))
            #expect(requestID.value?.hasPrefix("req_sandbox_") == true)
        }
    }
}

/// A tiny thread-safe box for values captured by `@Sendable` callbacks in tests.
final class LockedBox<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: Value
    init(_ value: Value) { stored = value }
    var value: Value { lock.lock(); defer { lock.unlock() }; return stored }
    func set(_ value: Value) { lock.lock(); stored = value; lock.unlock() }
}
