import Foundation
import Testing

/// The official Python SDKs and curl through the relay, as a developer's backend or script would use it.
@Suite("Relay with official clients")
struct OfficialClientTests {
    /// The repository's test venv (made by scripts/prepare-tests), which has openai and anthropic installed.
    static let repositoryRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()
    static let python = repositoryRoot.appendingPathComponent(".build/test-venv/bin/python").path
    static var hasPython: Bool { FileManager.default.isExecutableFile(atPath: python) }

    @Test("openai-python and anthropic-python with a base URL and a client token", .enabled(if: hasPython, "needs .build/test-venv (scripts/prepare-tests)"))
    func pythonSDKs() async throws {
        try await RelayHarness.with { relay in
            let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Python/official_sdks.py").path
            let token = try await relay.token(subject: "python-user")
            let result = try await CLIProcess.run(Self.python, [script, relay.baseURL, relay.project.id, token])
            #expect(result.status == 0, "\(result.allOutput)")
            #expect(result.allOutput.contains("ok"))
            // chat, chat stream, responses, message, message stream; files.list and the forged token never reach it
            #expect(relay.sandbox.requests.count == 5)
        }
    }

    @Test("curl with a client token")
    func curl() async throws {
        try await RelayHarness.with { relay in
            let token = try await relay.token(subject: "curl-user")
            let result = try await CLIProcess.run(
                "/usr/bin/curl",
                ["-sS", "-w", "\n%{http_code}", "\(relay.serviceURL(.openai))/v1/chat/completions",
                 "-H", "Authorization: Bearer \(token)", "-H", "Content-Type: application/json", "-d", RelayHarness.chatJSON])
            #expect(result.status == 0)
            #expect(result.allOutput.hasSuffix("\n200"), "\(result.allOutput)")
            #expect(result.allOutput.contains("chat.completion"))
        }
    }
}
