import Foundation
import SwiftAITestSupport
import Testing

@testable import AISandbox

/// Multi-turn tool conversations driven by `[sandbox-tools: …]`: parallel calls, several rounds, then text.
@Suite("Multi-turn tool conversations")
struct ToolConversationTests {
    static let prompt = "Plan my day. [sandbox-tools: weather, time | search, weather]"

    /// Checks a turn's calls: the names in order, arguments from the schemas, ids new to the conversation.
    private func check(_ calls: [SeenCall], names: [String], prefix: String, seen: inout Set<String>) {
        #expect(calls.map(\.name) == names)
        for call in calls {
            #expect(call.id.hasPrefix(prefix), "\(call.id)")
            #expect(!seen.contains(call.id), "\(call.id) repeats")
            seen.insert(call.id)
            #expect(parse(call.arguments) == TestTools.expectedArguments(call.name), "\(call.name): \(call.arguments)")
        }
    }

    private static func result(_ call: SeenCall) -> String { "\(call.name) says \(call.id.suffix(4))" }

    @Test("the directive parser ignores spaces and empty names and segments")
    func directiveParsing() {
        #expect(ToolDirective(in: "go [ sandbox-tools :  a ,, b |  | c ] now")?.turns == [["a", "b"], ["c"]])
        #expect(ToolDirective(in: "[SANDBOX-TOOLS: lookup]")?.turns == [["lookup"]])
        #expect(ToolDirective(in: "sandbox-tools: a [sandbox-tools: b]")?.turns == [["b"]])
        #expect(ToolDirective(in: "[sandbox-tools: | ]") == nil)
        #expect(ToolDirective(in: "no directive here") == nil)
        #expect(ToolDirective(in: "[sandbox-tools: a, b | c]")?.turnsCovered(byCalls: 2) == 1)
        #expect(ToolDirective(in: "[sandbox-tools: a, b | c]")?.turnsCovered(byCalls: 1) == 0)
    }

    @Test("chat: two turns of parallel calls, then text about every result", arguments: [false, true])
    func chat(stream: Bool) async throws {
        try await Sandbox.withRunning { sandbox in
            var messages: [[String: Any]] = [["role": "user", "content": Self.prompt]]
            var seen: Set<String> = []
            func turn() async throws -> ChatTurn {
                let (status, data) = try await post(sandbox, "v1/chat/completions", [
                    "model": "gpt-4o-mini", "messages": messages, "tools": TestTools.chat, "stream": stream,
                ])
                #expect(status == 200)
                return ChatTurn(data, stream: stream)
            }
            for names in [["weather", "time"], ["search", "weather"]] {
                let answer = try await turn()
                #expect(answer.finish == "tool_calls")
                check(answer.calls, names: names, prefix: "call_", seen: &seen)
                messages.append([
                    "role": "assistant", "content": NSNull(),
                    "tool_calls": answer.calls.map { ["id": $0.id, "type": "function", "function": ["name": $0.name, "arguments": $0.arguments]] },
                ])
                messages += answer.calls.map { ["role": "tool", "tool_call_id": $0.id, "content": Self.result($0)] }
            }
            let last = try await turn()
            #expect(last.finish == "stop" && last.calls.isEmpty)
            let finalCalls = messages.suffix(2)
            let expected = finalCalls.map { "The tool call \($0["tool_call_id"] ?? "") returned: \($0["content"] ?? "")" }
            #expect(last.content == expected.joined(separator: "\n"))
        }
    }

    @Test("Responses: two turns of parallel calls, chained or replayed, then text", arguments: [false, true], [false, true])
    func responses(stream: Bool, chained: Bool) async throws {
        try await Sandbox.withRunning { sandbox in
            var input: [[String: Any]] = [["role": "user", "content": Self.prompt]]
            var previousID: String?
            var seen: Set<String> = []
            func turn() async throws -> ResponsesTurn {
                var body: [String: Any] = ["model": "gpt-4.1", "input": input, "tools": TestTools.responses, "stream": stream]
                if let previousID { body["previous_response_id"] = previousID }
                let (status, data) = try await post(sandbox, "v1/responses", body)
                #expect(status == 200)
                return ResponsesTurn(data, stream: stream)
            }
            var lastCalls: [SeenCall] = []
            for names in [["weather", "time"], ["search", "weather"]] {
                let answer = try await turn()
                #expect(answer.response["status"] as? String == "completed")
                check(answer.calls, names: names, prefix: "call_", seen: &seen)
                #expect(answer.output.allSatisfy { ($0["id"] as? String)?.hasPrefix("fc_") == true })
                if stream {
                    #expect(answer.eventTypes.filter { $0 == "response.output_item.added" }.count == names.count)
                    for (index, call) in answer.calls.enumerated() { #expect(answer.deltas[index] == call.arguments) }
                }
                let outputs: [[String: Any]] = answer.calls.map { ["type": "function_call_output", "call_id": $0.id, "output": Self.result($0)] }
                if chained {
                    previousID = answer.response["id"] as? String
                    input = outputs
                } else {
                    // The documented loop: each call followed by its output.
                    for (call, output) in zip(answer.output, outputs) { input += [call, output] }
                }
                lastCalls = answer.calls
            }
            let last = try await turn()
            #expect(last.calls.isEmpty)
            let expected = lastCalls.map { "The tool call \($0.id) returned: \(Self.result($0))" }.joined(separator: "\n")
            #expect(last.part["text"] as? String == expected)
        }
    }

    @Test("Anthropic: two turns of parallel tool_use blocks, then text naming failed results", arguments: [false, true])
    func anthropic(stream: Bool) async throws {
        try await Sandbox.withRunning { sandbox in
            var messages: [[String: Any]] = [["role": "user", "content": Self.prompt]]
            var seen: Set<String> = []
            func turn() async throws -> AnthropicTurn {
                let (status, data) = try await postAnthropic(sandbox, [
                    "model": "claude-sonnet-4-5", "max_tokens": 1024, "messages": messages, "tools": TestTools.anthropic, "stream": stream,
                ])
                #expect(status == 200)
                return AnthropicTurn(data, stream: stream)
            }
            var lastCalls: [SeenCall] = []
            for names in [["weather", "time"], ["search", "weather"]] {
                let answer = try await turn()
                #expect(answer.stopReason == "tool_use")
                #expect(answer.text == "I'll use the \(names[0]) and \(names[1]) tools.")
                check(answer.calls, names: names, prefix: "toolu_", seen: &seen)
                messages.append(["role": "assistant", "content": answer.blocks])
                messages.append(["role": "user", "content": answer.calls.enumerated().map { index, call in
                    ["type": "tool_result", "tool_use_id": call.id, "content": Self.result(call), "is_error": index == 1]
                }])
                lastCalls = answer.calls
            }
            let last = try await turn()
            #expect(last.stopReason == "end_turn" && last.calls.isEmpty)
            #expect(last.text == """
                The tool call \(lastCalls[0].id) returned: \(Self.result(lastCalls[0]))
                The tool call \(lastCalls[1].id) failed: \(Self.result(lastCalls[1]))
                """)
        }
    }

    @Test("without a directive: the first tool once, then text about its result (chat)")
    func defaultLoop() async throws {
        try await Sandbox.withRunning { sandbox in
            var messages: [[String: Any]] = [["role": "user", "content": "What's the weather?"]]
            let (_, data) = try await post(sandbox, "v1/chat/completions", ["model": "m", "messages": messages, "tools": TestTools.chat])
            let first = ChatTurn(data, stream: false)
            #expect(first.calls.map(\.name) == ["weather"])
            messages.append(["role": "assistant", "tool_calls": first.calls.map { ["id": $0.id, "type": "function", "function": ["name": $0.name, "arguments": $0.arguments]] }])
            messages.append(["role": "tool", "tool_call_id": first.calls.first?.id ?? "", "content": "18°C"])
            let (_, next) = try await post(sandbox, "v1/chat/completions", ["model": "m", "messages": messages, "tools": TestTools.chat])
            #expect(ChatTurn(next, stream: false).content == "The tool call \(first.calls.first?.id ?? "") returned: 18°C")
        }
    }
}
