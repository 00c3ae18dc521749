import AICore
import AISandbox
import Foundation
import SwiftAITestSupport
import SwiftOpenAI
import Testing

@Suite struct OpenAIToolRunnerTests {
    static func chat(_ text: String) -> ChatCompletionParameters {
        ChatCompletionParameters(messages: [.init(role: .user, content: .text(text))], model: .gpt4o)
    }

    @Test(arguments: TransportKind.allCases)
    func chatRunsParallelCallsOverSeveralTurns(transport: TransportKind) async throws {
        try await withService(transport) { sandbox, service in
            let runner = ToolRunner(tools: [addTool, clockTool])
            var events: [ToolRunEvent] = []
            var streamedText = ""
            for try await event in runner.run(service, chat: Self.chat("Add, then tell the time [sandbox-tools: add, clock | add]")) {
                events.append(event)
                if case .textDelta(let text) = event { streamedText += text }
            }
            guard case .finished(let result)? = events.last else { Issue.record("no result"); return }
            #expect(result.turns.count == 3)
            #expect(result.turns.map(\.toolCalls.count) == [2, 1, 0])
            #expect(result.toolResults.map(\.isError) == [false, false, false])
            #expect(result.toolResults[1].output == "12:00")
            #expect(result.finalText.contains("returned: "))
            #expect(streamedText.hasSuffix(result.finalText))
            #expect(result.usage.inputTokens > 0 && result.usage.outputTokens > 0)
            // The third request carries the whole conversation: assistant tool_calls then one tool message each.
            let third = try #require(bodies(sandbox, "/chat/completions").last)
            let roles = (third["messages"] as? [[String: Any]] ?? []).map { $0["role"] as? String ?? "" }
            #expect(roles == ["user", "assistant", "tool", "tool", "assistant", "tool"])
            let tools = third["tools"] as? [[String: Any]] ?? []
            #expect(tools.compactMap { ($0["function"] as? [String: Any])?["strict"] as? Bool } == [true, true])
        }
    }

    @Test func unknownAndThrowingToolsAreReportedToTheModel() async throws {
        try await withService(.asyncHTTPClient) { sandbox, service in
            sandbox.enqueue(.answer(.toolCalls(["nope", "broken"])))
            let result = try await ToolRunner(tools: [addTool, brokenTool]).run(service, chat: Self.chat("Go")).result()
            #expect(result.toolResults.map(\.isError) == [true, true])
            let messages = try #require(bodies(sandbox, "/chat/completions").last?["messages"] as? [[String: Any]])
            let toolContents = messages.filter { $0["role"] as? String == "tool" }.compactMap { $0["content"] as? String }
            #expect(toolContents.count == 2)
            #expect(toolContents[0].contains("no tool named nope"))
            #expect(toolContents[1].contains("broken failed"))
        }
    }

    @Test func maxTurnsIsATypedError() async throws {
        try await withService(.asyncHTTPClient) { sandbox, service in
            for _ in 0..<3 { sandbox.enqueue(.answer(.toolCalls(["add"]))) }
            do {
                _ = try await ToolRunner(tools: [addTool], maxTurns: 2).run(service, chat: Self.chat("Loop")).result()
                Issue.record("expected maxTurnsExceeded")
            } catch ToolRunError.maxTurnsExceeded(let maxTurns, let partial) {
                #expect(maxTurns == 2 && partial.turns.count == 2)
                #expect(bodies(sandbox, "/chat/completions").count == 2)
            }
        }
    }

    @Test(arguments: TransportKind.allCases)
    func responsesChainWithPreviousResponseID(transport: TransportKind) async throws {
        try await withService(transport) { sandbox, service in
            let parameters = ModelResponseParameter(input: .string("Sum it [sandbox-tools: add, add]"), model: .gpt4o)
            let result = try await ToolRunner(tools: [addTool]).run(service, responses: parameters).result()
            #expect(result.turns.map(\.toolCalls.count) == [2, 0])
            let requests = bodies(sandbox, "/responses")
            #expect(requests.count == 2)
            let second = try #require(requests.last)
            #expect((second["previous_response_id"] as? String)?.hasPrefix("resp_") == true)
            let input = second["input"] as? [[String: Any]] ?? []
            #expect(input.map { $0["type"] as? String } == ["function_call_output", "function_call_output"])
            #expect(result.finalText.contains("returned:"))
        }
    }

    @Test func responsesWithoutStoreReplayTheOutputItems() async throws {
        try await withService(.asyncHTTPClient) { sandbox, service in
            var parameters = ModelResponseParameter(input: .string("Sum [sandbox-tools: add]"), model: .gpt4o)
            parameters.store = false
            let result = try await ToolRunner(tools: [addTool]).run(service, responses: parameters).result()
            #expect(result.turns.count == 2)
            let second = try #require(bodies(sandbox, "/responses").last)
            #expect(second["previous_response_id"] == nil)
            let types = (second["input"] as? [[String: Any]] ?? []).compactMap { $0["type"] as? String }
            #expect(types.first == "message" && types.contains("function_call") && types.last == "function_call_output")
        }
    }

    @Test func backgroundResponsesArePolledUntilTheyEnd() async throws {
        try await withService(.asyncHTTPClient) { sandbox, service in
            var parameters = ModelResponseParameter(input: .string("Sum [sandbox-tools: add]"), model: .gpt4o)
            parameters.background = true
            let result = try await ToolRunner(tools: [addTool]).run(service, responses: parameters).result()
            #expect(result.turns.map(\.toolCalls.count) == [1, 0])
            #expect(result.turns.map(\.stopReason) == ["completed", "completed"])
            // Each turn: a create, then at least one GET of the queued response.
            #expect(sandbox.requests.filter { $0.method == "GET" && $0.path.hasPrefix("/v1/responses/") }.count >= 2)
        }
    }

    @Test(arguments: [true, false])
    func remoteMCPApprovalRequestsGoThroughTheHook(approve: Bool) async throws {
        try await withService(.asyncHTTPClient) { sandbox, service in
            let wiki = ModelResponseParameter.Tool.mcp(
                .init(serverLabel: "wiki", serverUrl: "https://mcp.example.com", allowedTools: ["search"], requireApproval: "always"))
            let parameters = ModelResponseParameter(input: .string("Look it up"), model: .gpt4o, tools: [wiki])
            let asked = ApprovalLog()
            let runner = ToolRunner(tools: []) { request in
                asked.append(request)
                return approve ? .approve : .refuse(reason: "not now")
            }
            let result = try await runner.run(service, responses: parameters).result()
            #expect(asked.values.map(\.name) == ["search"])
            let second = try #require(bodies(sandbox, "/responses").last)
            let response = try #require((second["input"] as? [[String: Any]])?.first)
            #expect(response["type"] as? String == "mcp_approval_response")
            #expect(response["approve"] as? Bool == approve)
            #expect((response["approval_request_id"] as? String)?.hasPrefix("mcpr_") == true)
            #expect(result.finalText.contains(approve ? "returned: sandbox result of wiki.search" : "not approved: not now"))
        }
    }

    @Test func cancellingARunClosesTheModelStream() async throws {
        try await withService(.asyncHTTPClient) { sandbox, service in
            sandbox.enqueue(.stall(afterEvents: 2))
            let run = ToolRunner(tools: [addTool]).run(service, chat: Self.chat("Hello"))
            let reader = Task { try await run.result() }
            // Cancel only once the model request is on the wire (a loaded machine can take seconds to send it).
            for _ in 0..<3000 where sandbox.requests.isEmpty { try await Task.sleep(nanoseconds: 10_000_000) }
            try await Task.sleep(nanoseconds: 100_000_000)
            reader.cancel()
            await #expect(throws: (any Error).self) { _ = try await reader.value }
            // A generous bound: the stalled stream never ends by itself, so only the cancellation can close it (a
            // loaded CI machine once took over 5 s).
            #expect(await sandbox.waitForClosedConnections(1, timeout: 30))
        }
    }
}

/// The calls an approval hook was asked about.
struct ApprovalLog: Sendable {
    private let requests = LockedValue<[ToolCallRequest]>([])
    func append(_ request: ToolCallRequest) { requests.withLock { $0.append(request) } }
    var values: [ToolCallRequest] { requests.current }
}
