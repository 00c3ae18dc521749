import AISandbox
import Foundation
import SwiftAITestSupport
import Testing

@Suite("swiftai agents")
struct ManagedAgentsSessionsCLITests {
    @Test("create an agent and an environment, run a session streaming its events, continue it, list agents and sessions")
    func commandLine() async throws {
        try await withSandbox { sandbox in
            func swiftai(_ arguments: [String]) async throws -> ProcessRunner.Result {
                try await ProcessRunner.run(
                    "swiftai", arguments: ["agents"] + arguments + ["--base-url", sandbox.baseURL.absoluteString],
                    removing: ["ANTHROPIC_API_KEY", "ANTHROPIC_BASE_URL", "OPENAI_API_KEY", "OPENAI_BASE_URL", "OPENAI_ORG_ID"])
            }
            let created = try await swiftai(["create", "--name", "Helper", "--system", "Be brief."])
            let agent = created.output.trimmingCharacters(in: .newlines).split(separator: "\t").map(String.init)
            #expect(created.status == 0 && agent.count == 3 && agent[0].hasPrefix("agent_") && agent[1...] == ["version 1", "Helper"], "\(created.output)")
            #expect(sandbox.lastRequest?.json?["system"] as? String == "Be brief.")
            let environment = try await swiftai(["create-environment", "--name", "box"])
            let environmentID = String(environment.output.prefix { $0 != "\t" })
            #expect(environment.status == 0 && environmentID.hasPrefix("env_"), "\(environment.output)")

            let run = try await swiftai(["run", "--agent", agent[0], "--environment", environmentID, "Check it [sandbox-tools: bash]"])
            #expect(run.status == 0, "\(run.output)")
            for line in [
                "[session.status_running]", "[agent.tool_use] bash {\"command\":\"echo sandbox\"}", "[agent.tool_result] sandbox bash output",
                "Hello from AISandbox (Helper)! You said: Check it [sandbox-tools: bash]", "[idle: end_turn]",
            ] {
                #expect(run.output.contains(line + "\n"), "\(line) in \(run.output)")
            }
            let session = try #require(run.output.split(separator: "\n").first { $0.hasPrefix("session sesn_") }?.dropFirst(8))
            #expect(sandbox.requests.contains { $0.path == "/v1/sessions/\(session)/events/stream" })

            let again = try await swiftai(["run", "--deltas", "--session", String(session), "second turn"])
            #expect(again.status == 0 && again.output.contains("Hello from AISandbox (Helper)! You said: second turn\n"), "\(again.output)")
            #expect(sandbox.requests.last { $0.path.hasSuffix("/events/stream") }?.query.contains { $0.name == "event_deltas[]" } == true)

            let agents = try await swiftai(["list"])
            #expect(agents.status == 0 && agents.output == "\(agent[0])\tversion 1\tclaude-sonnet-4-5\tHelper\n", "\(agents.output)")
            let sessions = try await swiftai(["sessions", "--agent", agent[0]])
            #expect(sessions.status == 0 && sessions.output == "\(session)\tidle\t\(agent[0])\t\n", "\(sessions.output)")

            let missing = try await swiftai(["run", "--session", "sesn_missing", "hi"])
            #expect(missing.status != 0 && missing.output.contains("sesn_missing"), "\(missing.output)")
            let incomplete = try await swiftai(["run", "--agent", agent[0], "hi"])
            #expect(incomplete.status != 0 && incomplete.output.contains("--environment"), "\(incomplete.output)")
        }
    }
}
