import AICore
import Foundation
import Testing

/// The loop's own rules (parallelism, limits, failures reported back, approval, maxTurns, cancellation) with a
/// scripted model; the three providers' loops run against AISandbox in SwiftOpenAITests and SwiftAnthropicTests.
@Suite struct ToolRunnerTests {
    struct Sum: StructuredOutput, Encodable {
        var a: Int
        var b: Int
        static var jsonSchema: JSONSchema { .object(["a": .integer(), "b": .integer()]) }
    }

    /// Plays a model: turn n asks for `script[n]` (empty: a final answer); records what it was sent back.
    struct ScriptedModel: ToolLoopModel {
        static var toolDialect: SchemaDialect { .openAIStrict }
        let script: [[ToolCallRequest]]
        let received: LockedResults
        var turn = 0
        var pauseFirst = false

        mutating func nextTurn(tools: [AITool], onText: @Sendable (String) -> Void) async throws -> ToolLoopTurn {
            defer { turn += 1 }
            if pauseFirst, turn == 0 {
                return ToolLoopTurn(text: "", calls: [], outcome: .paused, stopReason: "pause_turn", usage: .init(inputTokens: 1, outputTokens: 1), rawResponse: nil)
            }
            let index = pauseFirst ? turn - 1 : turn
            let calls = index < script.count ? script[index] : []
            onText(calls.isEmpty ? "done" : "calling")
            return ToolLoopTurn(
                text: calls.isEmpty ? "done" : "calling", calls: calls, outcome: calls.isEmpty ? .finished : .toolCalls,
                stopReason: calls.isEmpty ? "stop" : "tool_calls", usage: .init(inputTokens: 10, outputTokens: 2), rawResponse: nil)
        }

        mutating func appendResults(_ results: [ToolCallResult]) { received.append(results) }
    }

    /// The result batches the loop sent back, in order.
    struct LockedResults: Sendable {
        private let batches = LockedValue<[[ToolCallResult]]>([])
        func append(_ results: [ToolCallResult]) { batches.withLock { $0.append(results) } }
        var all: [[ToolCallResult]] { batches.current }
    }

    static let add = AITool("add", description: "Adds") { (sum: Sum) in sum.a + sum.b }

    static func call(_ id: String, _ name: String, _ arguments: String = #"{"a": 2, "b": 3}"#) -> ToolCallRequest {
        ToolCallRequest(id: id, name: name, arguments: arguments)
    }

    @Test func failuresGoBackToTheModelAndTheRunFinishes() async throws {
        let boom = AITool("boom", description: "Throws") { (_: Sum) -> String in throw CocoaError(.fileNoSuchFile) }
        let received = LockedResults()
        let model = ScriptedModel(
            script: [[Self.call("1", "add"), Self.call("2", "missing"), Self.call("3", "boom"), Self.call("4", "add", "{not json")]],
            received: received)
        let runner = ToolRunner(tools: [Self.add, boom])
        var events: [ToolRunEvent] = []
        for try await event in runner.run(model) { events.append(event) }
        guard case .finished(let result)? = events.last else { Issue.record("no result"); return }
        #expect(result.finalText == "done")
        #expect(result.turns.count == 2)
        #expect(result.usage == TokenUsage(inputTokens: 20, outputTokens: 4))
        let sent = try #require(received.all.first)
        #expect(sent.map(\.callID) == ["1", "2", "3", "4"])
        #expect(sent.map(\.isError) == [false, true, true, true])
        #expect(sent[0].output == "5")
        #expect(sent[1].output.contains("no tool named missing"))
        #expect(sent[3].output.contains("Invalid arguments for add"))
        #expect(events.filter { if case .toolCallRequested = $0 { true } else { false } }.count == 4)
    }

    @Test func callsOfOneTurnRunInParallelWithinTheLimit() async throws {
        let running = LockedCounter()
        let slow = AITool("slow", description: "Sleeps") { (_: Sum) -> String in
            running.enter()
            try await Task.sleep(nanoseconds: 200_000_000)
            running.leave()
            return "ok"
        }
        let calls = (1...6).map { Self.call("\($0)", "slow") }
        let started = Date()
        let result = try await ToolRunner(tools: [slow], maxConcurrentTools: 3)
            .run(ScriptedModel(script: [calls], received: LockedResults())).result()
        let elapsed = Date().timeIntervalSince(started)
        #expect(result.toolResults.count == 6)
        // Three at once, never more: the limit is reached and kept (timing alone can't prove it on a loaded machine).
        #expect(running.peak == 3)
        #expect(elapsed >= 0.4, "6 calls of 0.2 s, 3 at a time: \(elapsed)")
    }

    @Test func aToolThatOverrunsItsTimeoutIsReportedAndAbandoned() async throws {
        let finished = LockedCounter()
        let stuck = AITool("stuck", description: "Ignores cancellation") { (_: Sum) -> String in
            // Waits 2 s whatever happens (without holding a thread), like a call that can't be interrupted.
            await withCheckedContinuation { continuation in
                DispatchQueue.global().asyncAfter(deadline: .now() + 2) { continuation.resume() }
            }
            finished.enter()
            return "late"
        }
        let received = LockedResults()
        _ = try await ToolRunner(tools: [stuck], toolTimeout: 0.2)
            .run(ScriptedModel(script: [[Self.call("1", "stuck")]], received: received)).result()
        // The run ended before the tool did: it was abandoned, not awaited.
        #expect(finished.peak == 0)
        #expect(received.all.first?.first?.output.contains("did not finish within 0.2 seconds") == true)
    }

    @Test func theApprovalHookRefusesOrEdits() async throws {
        let received = LockedResults()
        let runner = ToolRunner(tools: [Self.add]) { request in
            request.id == "1" ? .refuse(reason: "not today") : .approveEditing(arguments: #"{"a": 40, "b": 2}"#)
        }
        _ = try await runner.run(ScriptedModel(script: [[Self.call("1", "add"), Self.call("2", "add")]], received: received)).result()
        let sent = try #require(received.all.first)
        #expect(sent[0].isError && sent[0].output.contains("not today"))
        #expect(sent[1].output == "42")
    }

    @Test func maxTurnsEndsWithATypedErrorHoldingWhatHappened() async throws {
        let script = Array(repeating: [Self.call("x", "add")], count: 10)
        do {
            _ = try await ToolRunner(tools: [Self.add], maxTurns: 3).run(ScriptedModel(script: script, received: LockedResults())).result()
            Issue.record("expected maxTurnsExceeded")
        } catch ToolRunError.maxTurnsExceeded(let maxTurns, let partial) {
            #expect(maxTurns == 3)
            #expect(partial.turns.count == 3)
            #expect(partial.toolResults.count == 3)
        }
    }

    @Test func aPausedTurnIsSentAgain() async throws {
        var model = ScriptedModel(script: [], received: LockedResults())
        model.pauseFirst = true
        let result = try await ToolRunner(tools: []).run(model).result()
        #expect(result.turns.map(\.stopReason) == ["pause_turn", "stop"])
    }

    @Test func strictToolsWithSchemasTheProviderRejectsFailBeforeAnyRequest() async throws {
        struct Scores: StructuredOutput {
            var scores: [String: Int]
            static var jsonSchema: JSONSchema { .object(["scores": .dictionary(values: .integer())]) }
        }
        let tool = AITool("scores", description: nil) { (_: Scores) in "ok" }
        await #expect(throws: ToolRunError.self) {
            _ = try await ToolRunner(tools: [tool]).run(ScriptedModel(script: [], received: LockedResults())).result()
        }
        await #expect(throws: ToolRunError.self) {
            _ = try await ToolRunner(tools: [Self.add, Self.add]).run(ScriptedModel(script: [], received: LockedResults())).result()
        }
    }

    @Test func cancellingTheReaderCancelsRunningTools() async throws {
        let cancelled = LockedCounter()
        let started = LockedCounter()
        let waits = AITool("waits", description: nil) { (_: Sum) -> String in
            started.enter()
            do { try await Task.sleep(nanoseconds: 10_000_000_000) } catch { cancelled.enter(); throw error }
            return "never"
        }
        let run = ToolRunner(tools: [waits]).run(ScriptedModel(script: [[Self.call("1", "waits")]], received: LockedResults()))
        let reader = Task {
            for try await event in run {
                guard case .toolCallRequested = event else { continue }
                while started.peak == 0 { try await Task.sleep(nanoseconds: 5_000_000) }
                break
            }
        }
        _ = try? await reader.value
        // Leaving the loop ends the stream, which cancels the run and its tools.
        for _ in 0..<100 where cancelled.peak == 0 { try await Task.sleep(nanoseconds: 20_000_000) }
        #expect(cancelled.peak == 1)
    }
}

/// How many callers are inside at once, and the most there ever were.
struct LockedCounter: Sendable {
    private let state = LockedValue((inside: 0, peak: 0))
    func enter() { state.withLock { $0.inside += 1; $0.peak = max($0.peak, $0.inside) } }
    func leave() { state.withLock { $0.inside -= 1 } }
    var peak: Int { state.current.peak }
}
