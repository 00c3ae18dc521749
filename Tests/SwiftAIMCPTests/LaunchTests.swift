#if SwiftAIMCP
import Foundation
import SwiftAIMCP
import SwiftAITestSupport
import Testing

/// Starting a server, and every way starting one fails: each fails fast, with a typed error that says why.
@Suite(.timeLimit(.minutes(1)))
struct LaunchTests {
    @Test func launchesAndListsEveryPageOfTools() async throws {
        try await within(10) {
            let server = try await Fixture.launch()
            #expect(server.serverName == "swiftai-mcp-fixture")
            #expect(server.instructions == "A fixture for tests.")
            #expect(await server.isRunning)
            let tools = try await server.listTools()
            await server.close()
            // Two per page: all six only if nextCursor was followed.
            #expect(tools.map(\.name) == ["add", "echo", "fail", "slow", "media", "crash"])
            let add = try #require(tools.first)
            #expect(add.description == "Adds two numbers.")
            #expect(add.inputSchema.types == [.object])
            #expect(add.inputSchema.propertyList?.map(\.name) == ["a", "b"])
            #expect(add.inputSchema.required == ["a", "b"])
            #expect(add.inputSchema.propertyList?.first?.schema.types == [.number])
            // `media` lists `{}`: an object schema without a type gets one.
            #expect(tools[4].inputSchema.types == [.object])
        }
    }

    @Test func aMissingExecutableFailsAtOnce() async throws {
        let started = Date()
        await #expect(throws: MCPServerError.executableNotFound("/nonexistent/mcp-server")) {
            try await MCPServer.launch(executable: "/nonexistent/mcp-server")
        }
        await #expect(throws: MCPServerError.executableNotFound("no-such-mcp-server-anywhere")) {
            try await MCPServer.launch(executable: "no-such-mcp-server-anywhere")
        }
        // Without spawning anything: no connect or initialize timeout is waited for.
        #expect(Date().timeIntervalSince(started) < 5)
    }

    @Test func aServerThatExitsEarlyReportsItsStatusAndStandardError() async throws {
        let error = try await within(10) {
            try await #require(throws: MCPServerError.self) { try await Fixture.launch(["--exit", "3"]) }
        }
        guard case .processExited(let server, let exit, let stderr) = error else {
            Issue.record("expected processExited, got \(error)")
            return
        }
        #expect(server == "fixture")
        #expect(exit == MCPProcessExit(status: 3, signaled: false))
        #expect(stderr.contains("fixture refusing to start"))
        #expect(error.description.contains("exited with status 3"))
    }

    @Test func aServerThatNeverAnswersTimesOutAndIsStopped() async throws {
        let started = Date()
        let error = try await within(20) {
            try await #require(throws: MCPServerError.self) { try await Fixture.launch(["--silent"], timeout: 0.5) }
        }
        guard case .timedOut(_, let operation, let seconds, _) = error else {
            Issue.record("expected timedOut, got \(error)")
            return
        }
        #expect(operation == "initialize")
        #expect(seconds == 0.5)
        // 0.5 s to time out, then the silent fixture ignores its closed input: SIGTERM after another 0.5 s
        // (the bound only proves nothing waited for the 30 s default; on a loaded 2-core CI machine this took 8.7 s).
        #expect(Date().timeIntervalSince(started) < 20)
    }

    @Test func aProgramThatIsNotAnMCPServerFailsToInitialize() async throws {
        // `cat` echoes the client's own request back: the client refuses it as an unknown method, and `cat`
        // echoes that refusal as the answer to `initialize`.
        let error = try await within(10) {
            try await #require(throws: MCPServerError.self) {
                try await MCPServer.launch(executable: "cat", name: "cat", timeout: 3)
            }
        }
        guard case .initializationFailed(let server, let reason, _) = error else {
            Issue.record("expected initializationFailed, got \(error)")
            return
        }
        #expect(server == "cat")
        #expect(reason.contains("Method not found"))
    }

    @Test func aServerGetsItsEnvironmentAndNotOurSecrets() async throws {
        // The test process's own variables beyond the inherited few stand for the secrets. (Setting one here with
        // `setenv` would race with the other suites' process launches, which copy the environment: it once
        // crashed the whole test run.)
        // `sh` sets PWD, SHLVL and `_` itself.
        let setByTheShell: Set<String> = ["PWD", "OLDPWD", "SHLVL", "_"]
        let ours = Set(ProcessInfo.processInfo.environment.keys).subtracting(MCPServer.inheritedVariables)
            .subtracting(setByTheShell)
        try #require(!ours.isEmpty, "the test process has no variable of its own to leave out")
        // A "server" that shows its environment on standard error and leaves: the error quotes it.
        let error = try await within(10) {
            try await #require(throws: MCPServerError.self) {
                try await MCPServer.launch(
                    executable: "sh", arguments: ["-c", "env >&2; exit 9"], environment: ["FIXTURE_VALUE": "given"])
            }
        }
        guard case .processExited(let server, let exit, let stderr) = error else {
            Issue.record("expected processExited, got \(error)")
            return
        }
        #expect(server == "sh")
        #expect(exit.status == 9)
        #expect(stderr.contains("FIXTURE_VALUE=given"))
        #expect(stderr.contains("PATH="))
        let passed = Set(
            stderr.split(separator: "\n").compactMap { $0.split(separator: "=", maxSplits: 1).first.map(String.init) })
        #expect(passed.isDisjoint(with: ours), "passed on: \(passed.intersection(ours).sorted())")
    }

    @Test func aBareNameIsLookedUpOnPath() async throws {
        try await within(10) {
            let directory = URL(fileURLWithPath: try Fixture.executable()).deletingLastPathComponent().path
            let server = try await MCPServer.launch(executable: Fixture.executableName, environment: ["PATH": directory])
            #expect(server.name == Fixture.executableName)
            await server.close()
        }
    }
}
#endif
