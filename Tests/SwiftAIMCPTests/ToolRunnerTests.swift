#if SwiftAIMCP
import AICore
import Foundation
import SwiftAIMCP
import SwiftAITestSupport
import Testing

/// One tool loop over the fixture's tools: both results, one of them an error, reach the model.
@Suite(.timeLimit(.minutes(1)))
struct ToolRunnerTests {
    /// Plays a model: turn 1 asks for `add` and `fail` at once, turn 2 answers. Records what it is sent.
    struct ScriptedModel: ToolLoopModel {
        static var toolDialect: SchemaDialect { .openAIStrict }
        let received: LockedValue<[ToolCallResult]>
        let offered: LockedValue<[String]>
        var turn = 0

        mutating func nextTurn(tools: [AITool], onText: @Sendable (String) -> Void) async throws -> ToolLoopTurn {
            defer { turn += 1 }
            offered.withLock { $0 = tools.map(\.name) }
            if turn == 0 {
                return ToolLoopTurn(
                    text: "", calls: [
                        ToolCallRequest(id: "call_1", name: "mcp_add", arguments: #"{"a": 3, "b": 4}"#),
                        ToolCallRequest(id: "call_2", name: "mcp_fail", arguments: "{}"),
                    ], outcome: .toolCalls, stopReason: "tool_calls", usage: TokenUsage(), rawResponse: nil)
            }
            onText("3 + 4 is 7; fail failed.")
            return ToolLoopTurn(
                text: "3 + 4 is 7; fail failed.", calls: [], outcome: .finished, stopReason: "stop", usage: TokenUsage(),
                rawResponse: nil)
        }

        mutating func appendResults(_ results: [ToolCallResult]) { received.withLock { $0 += results } }
    }

    @Test func resultsAndErrorsReachTheModel() async throws {
        try await within(10) {
            let server = try await Fixture.launch()
            defer { Task { await server.close() } }
            let received = LockedValue<[ToolCallResult]>([])
            let offered = LockedValue<[String]>([])
            // Not strict: the runner doesn't check MCP schemas against OpenAI's strict rules.
            let runner = ToolRunner(tools: try await server.tools(prefix: "mcp_"), toolTimeout: 5)
            let result = try await runner.run(ScriptedModel(received: received, offered: offered)).result()
            #expect(result.finalText == "3 + 4 is 7; fail failed.")
            #expect(result.turns.count == 2)
            #expect(offered.current.contains("mcp_add"))
            let sent = received.current
            #expect(sent == result.toolResults)
            #expect(sent.map(\.callID) == ["call_1", "call_2"])
            #expect(sent.map(\.isError) == [false, true])
            #expect(sent.first?.output == "7")
            #expect(sent.last?.output.contains("the fixture failed on purpose") == true)
        }
    }
}
#endif
