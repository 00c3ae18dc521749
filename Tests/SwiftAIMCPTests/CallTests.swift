#if SwiftAIMCP
import Foundation
import SwiftAIMCP
import SwiftAITestSupport
import Testing

/// Calls, their results and failures, and the end of a server.
@Suite(.timeLimit(.minutes(1)))
struct CallTests {
    @Test func callsAddAndEcho() async throws {
        try await within(10) {
            let server = try await Fixture.launch()
            defer { Task { await server.close() } }
            let sum = try await server.callTool("add", arguments: ["a": 3, "b": 4])
            #expect(sum == MCPToolOutput(content: [.text("7")]))
            let fraction = try await server.callTool("add", arguments: ["a": 0.5, "b": 2])
            #expect(fraction.text == "2.5")
            let echo = try await server.callTool("echo", arguments: ["text": "héllo\nworld"])
            #expect(echo.text == "héllo\nworld")
        }
    }

    @Test func aToolErrorIsAResultNotAFailure() async throws {
        try await within(10) {
            let server = try await Fixture.launch()
            defer { Task { await server.close() } }
            let output = try await server.callTool("fail")
            #expect(output.isError)
            #expect(output.text == "the fixture failed on purpose")
        }
    }

    @Test func argumentsOfTheWrongShapeAreRefusedByTheServer() async throws {
        try await within(10) {
            let server = try await Fixture.launch()
            defer { Task { await server.close() } }
            let error = try await #require(throws: MCPServerError.self) {
                try await server.callTool("add", arguments: ["a": "three", "b": [4]])
            }
            guard case .requestFailed(_, let operation, let code, let message) = error else {
                Issue.record("expected requestFailed, got \(error)")
                return
            }
            #expect(operation == "tools/call add")
            #expect(code == -32602)
            #expect(message.contains("add needs numbers a and b"))
            // Not an object at all: refused before it is sent.
            await #expect(throws: MCPServerError.invalidArguments(tool: "add", reason: "MCP tools take a JSON object, not [3,4]")) {
                try await server.callTool("add", arguments: [3, 4])
            }
            let unknown = try await #require(throws: MCPServerError.self) { try await server.callTool("nope", arguments: [:]) }
            #expect(unknown.description.contains("Unknown tool: nope"))
            // The server is still fine.
            #expect(try await server.callTool("add", arguments: ["a": 1, "b": 1]).text == "2")
        }
    }

    @Test func imagesAndResourcesAreSummarized() async throws {
        try await within(10) {
            let server = try await Fixture.launch()
            defer { Task { await server.close() } }
            let output = try await server.callTool("media", arguments: nil)
            #expect(output.content.count == 3)
            #expect(output.text == "a picture and a note\n[image: image/png]\n[resource: note://1]")
            #expect(output.content[2] == .resource(uri: "note://1", mimeType: "text/plain", text: "remember the milk", blob: nil))
        }
    }

    @Test func aCallTimesOutOrIsCancelledAndTheServerGoesOn() async throws {
        try await within(10) {
            let server = try await Fixture.launch()
            defer { Task { await server.close() } }
            let error = try await #require(throws: MCPServerError.self) {
                try await server.callTool("slow", arguments: ["seconds": 30], timeout: 0.3)
            }
            guard case .timedOut(_, "tools/call slow", 0.3, _) = error else {
                Issue.record("expected timedOut, got \(error)")
                return
            }
            let call = Task { try await server.callTool("slow", arguments: ["seconds": 30]) }
            try await Task.sleep(nanoseconds: 200_000_000)
            call.cancel()
            await #expect(throws: CancellationError.self) { try await call.value }
            #expect(try await server.callTool("slow", arguments: ["seconds": 0.05]).text.hasPrefix("slept"))
        }
    }

    @Test func aCrashDuringACallReportsTheExit() async throws {
        try await within(10) {
            let server = try await Fixture.launch()
            let error = try await #require(throws: MCPServerError.self) { try await server.callTool("crash", arguments: [:]) }
            guard case .processExited(_, let exit, let stderr) = error else {
                Issue.record("expected processExited, got \(error)")
                return
            }
            #expect(exit == MCPProcessExit(status: 7, signaled: false))
            #expect(stderr.contains("fixture crashing on purpose"))
            #expect(await server.isRunning == false)
            // Later calls fail the same way, at once.
            await #expect(throws: MCPServerError.self) { try await server.callTool("add", arguments: ["a": 1, "b": 2]) }
            await server.close()
        }
    }

    @Test func closeEndsTheProcessAndLaterCallsFail() async throws {
        try await within(10) {
            let server = try await Fixture.launch()
            let pid = server.processIdentifier
            #expect(processExists(pid))
            await server.close()
            #expect(await server.isRunning == false)
            #expect(!processExists(pid))
            // It ends on its own when its input closes; on a loaded machine the half-second grace may pass first
            // and SIGTERM ends it. Either way it ended, and not by SIGKILL.
            let status = await server.exitStatus
            #expect(status == MCPProcessExit(status: 0, signaled: false) || status == MCPProcessExit(status: SIGTERM, signaled: true))
            await server.close()  // again: nothing happens
            await #expect(throws: MCPServerError.closed(server: "fixture")) {
                try await server.callTool("add", arguments: ["a": 1, "b": 2])
            }
            await #expect(throws: MCPServerError.closed(server: "fixture")) { try await server.listTools() }
        }
    }

    @Test func closeTerminatesAServerThatOutlivesItsInput() async throws {
        try await within(10) {
            let server = try await Fixture.launch(["--linger"])
            await server.close()
            // Half a second for it to leave on its own, then SIGTERM (which it must not have inherited blocked).
            #expect(await server.exitStatus == MCPProcessExit(status: SIGTERM, signaled: true))
            #expect(!processExists(server.processIdentifier))
        }
    }

    @Test func aServerNobodyClosedStopsItsProcessWhenReleased() async throws {
        try await within(10) {
            var server: MCPServer? = try await Fixture.launch()
            let pid = try #require(server).processIdentifier
            #expect(try await server?.callTool("add", arguments: ["a": 1, "b": 2]).text == "3")
            server = nil
            for _ in 0..<100 where processExists(pid) { try await Task.sleep(nanoseconds: 20_000_000) }
            #expect(!processExists(pid))
        }
    }

    @Test func closeDuringACallFailsTheCall() async throws {
        try await within(10) {
            let server = try await Fixture.launch()
            // A call in flight while closing fails with `closed`, not a hang.
            let call = Task { try await server.callTool("slow", arguments: ["seconds": 30]) }
            try await Task.sleep(nanoseconds: 100_000_000)
            await server.close()
            await #expect(throws: MCPServerError.closed(server: "fixture")) { try await call.value }
            #expect(!processExists(server.processIdentifier))
        }
    }

    @Test func parallelCallsShareOneServer() async throws {
        try await within(10) {
            let server = try await Fixture.launch()
            defer { Task { await server.close() } }
            let started = Date()
            async let first = server.callTool("slow", arguments: ["seconds": 2])
            async let second = server.callTool("slow", arguments: ["seconds": 2])
            async let sum = server.callTool("add", arguments: ["a": 20, "b": 22])
            let outputs = try await [first, second, sum]
            #expect(outputs.map(\.isError) == [false, false, false])
            #expect(outputs[2].text == "42")
            // One after the other would take four seconds (the margin absorbs a loaded machine).
            #expect(Date().timeIntervalSince(started) < 3.9)
        }
    }
}
#endif
