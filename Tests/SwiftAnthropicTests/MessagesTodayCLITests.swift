import AISandbox
import Foundation
import SwiftAITestSupport
import Testing

@Suite("swiftai messages with today's flags against the sandbox")
struct MessagesTodayCLITests {
    private func swiftai(_ arguments: [String], _ sandbox: Sandbox) async throws -> ProcessRunner.Result {
        try await ProcessRunner.run(
            "swiftai", arguments: ["messages"] + arguments + ["--base-url", sandbox.baseURL.absoluteString],
            removing: ["ANTHROPIC_API_KEY", "ANTHROPIC_BASE_URL"])
    }

    @Test("--effort, --fast, --adaptive-thinking and --context-management reach the body and the anthropic-beta header")
    func flags() async throws {
        try await withSandbox { sandbox in
            let result = try await swiftai(
                ["--model", "claude-opus-4-6", "--effort", "max", "--fast", "--adaptive-thinking",
                 "--context-management", "clear-thinking", "--context-management", "clear-tool-uses",
                 "--context-management", "compact", "Hello there"], sandbox)
            #expect(result.status == 0, "\(result.output)")
            #expect(result.output.contains("Hello from AISandbox (Claude)! You said: Hello there"), "\(result.output)")
            let request = try #require(sandbox.lastRequest)
            #expect(request.path == "/v1/messages")
            #expect(request.header("anthropic-beta") == "context-management-2025-06-27,compact-2026-01-12,fast-mode-2026-02-01")
            let body = try #require(request.json)
            #expect((body["output_config"] as? [String: Any])?["effort"] as? String == "max")
            #expect(body["speed"] as? String == "fast")
            #expect((body["thinking"] as? [String: Any])?["type"] as? String == "adaptive")
            let edits = (body["context_management"] as? [String: Any])?["edits"] as? [[String: Any]]
            #expect(edits?.map { $0["type"] as? String } == ["clear_thinking_20251015", "clear_tool_uses_20250919", "compact_20260112"])

            let plain = try await swiftai(["Hi"], sandbox)
            #expect(plain.status == 0, "\(plain.output)")
            let quiet = try #require(sandbox.lastRequest?.json)
            #expect(quiet["speed"] == nil && quiet["thinking"] == nil && quiet["context_management"] == nil && quiet["output_config"] == nil)
            #expect(sandbox.lastRequest?.header("anthropic-beta") == nil)

            let unknown = try await swiftai(["--effort", "extreme", "Hi"], sandbox)
            #expect(unknown.status != 0 && unknown.output.contains("extreme"), "\(unknown.output)")
            let refused = try await swiftai(["--context-management", "clear-thinking", "Hi"], sandbox)
            #expect(refused.status != 0 && refused.output.contains("clear_thinking_20251015 requires thinking"), "\(refused.output)")
        }
    }
}
