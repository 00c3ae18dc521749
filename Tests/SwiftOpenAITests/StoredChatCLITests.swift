import AICore
import AISandbox
import Foundation
import SwiftAITestSupport
import SwiftOpenAI
import Testing

/// `swiftai chat --store`, `chat list` and `chat show` as child processes against a sandbox; `chat "prompt"` unchanged.
@Suite("swiftai chat list / show")
struct StoredChatCLITests {
    private static func swiftai(_ arguments: [String], _ sandbox: Sandbox) async throws -> ProcessRunner.Result {
        try await ProcessRunner.run(
            "swiftai", arguments: arguments + ["--base-url", sandbox.baseURL.absoluteString],
            removing: ["OPENAI_API_KEY", "OPENAI_BASE_URL", "OPENAI_ORG_ID"], environment: ["OPENAI_API_KEY": "sk-cli"])
    }

    @Test("chat --store keeps the answer; list shows it, show prints its messages; plain chat stores nothing; errors exit non-zero")
    func commands() async throws {
        try await withSandbox { sandbox in
            let plain = try await Self.swiftai(["chat", "Hello"], sandbox)
            #expect(plain.status == 0 && plain.output.contains("Hello"), "\(plain.output)")
            let stored = try await Self.swiftai(["chat", "--store", "--system", "Be brief.", "Tell me a story"], sandbox)
            #expect(stored.status == 0, "\(stored.output)")
            let sent = try #require(sandbox.requests.last { $0.path == "/v1/chat/completions" && $0.method == "POST" })
            #expect(sent.jsonBody?["store"] == true)

            let list = try await Self.swiftai(["chat", "list"], sandbox)
            let rows = list.output.split(separator: "\n").map { $0.split(separator: "\t", omittingEmptySubsequences: false).map(String.init) }
            #expect(list.status == 0 && rows.count == 1 && rows[0][1] == "gpt-4o-mini", "\(list.output)")
            let id = rows[0][0]
            #expect(id.hasPrefix("chatcmpl"))

            let show = try await Self.swiftai(["chat", "show", id], sandbox)
            #expect(show.status == 0 && show.output.contains("system\tBe brief.") && show.output.contains("user\tTell me a story"), "\(show.output)")
            #expect(show.output.contains("assistant\t"))

            let none = try await Self.swiftai(["chat", "list", "--model", "gpt-4o"], sandbox)
            #expect(none.status == 0 && none.output.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty, "\(none.output)")
            let missing = try await Self.swiftai(["chat", "show", "chatcmpl-missing"], sandbox)
            #expect(missing.status != 0 && missing.output.contains("404"), "\(missing.output)")
            let badMetadata = try await Self.swiftai(["chat", "list", "--metadata", "novalue"], sandbox)
            #expect(badMetadata.status != 0 && badMetadata.output.contains("key=value"), "\(badMetadata.output)")
        }
    }
}
