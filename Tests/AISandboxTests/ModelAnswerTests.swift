import Foundation
import SwiftAITestSupport
import Testing

@testable import AISandbox

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// `SandboxBehavior.answer`: refusals, cut-off and filtered answers, broken JSON, forced tool calls and paused
/// turns, on each protocol's wire, plain and streamed.
@Suite("Model-answer overrides")
struct ModelAnswerTests {
    static var schema: [String: Any] { [
        "type": "object", "required": ["title", "tags"],
        "properties": ["title": ["type": "string"], "tags": ["type": "array", "items": ["type": "string"]]],
    ] }
    static var sample: String { SchemaSample.json(schema: schema) }

    private func chat(_ answer: SandboxBehavior.ModelAnswer, stream: Bool, extra: [String: Any] = [:]) async throws -> ChatTurn {
        try await Sandbox.withRunning { sandbox in
            sandbox.enqueue(.answer(answer), path: "/v1/chat/completions")
            var body: [String: Any] = ["model": "gpt-4o-mini", "messages": [["role": "user", "content": "Hi"]], "stream": stream]
            body.merge(extra) { $1 }
            let (status, data) = try await post(sandbox, "v1/chat/completions", body)
            #expect(status == 200)
            return ChatTurn(data, stream: stream)
        }
    }

    private func responses(_ answer: SandboxBehavior.ModelAnswer, stream: Bool, extra: [String: Any] = [:]) async throws -> ResponsesTurn {
        try await Sandbox.withRunning { sandbox in
            sandbox.enqueue(.answer(answer), path: "/v1/responses")
            var body: [String: Any] = ["model": "gpt-4.1", "input": "Hi", "stream": stream]
            body.merge(extra) { $1 }
            let (status, data) = try await post(sandbox, "v1/responses", body)
            #expect(status == 200)
            return ResponsesTurn(data, stream: stream)
        }
    }

    private func anthropic(_ answer: SandboxBehavior.ModelAnswer, stream: Bool, extra: [String: Any] = [:]) async throws -> AnthropicTurn {
        try await Sandbox.withRunning { sandbox in
            sandbox.enqueue(.answer(answer), path: "/v1/messages")
            var body: [String: Any] = ["model": "claude-sonnet-4-5", "max_tokens": 1024, "messages": [["role": "user", "content": "Hi"]], "stream": stream]
            body.merge(extra) { $1 }
            let (status, data) = try await postAnthropic(sandbox, body)
            #expect(status == 200)
            return AnthropicTurn(data, stream: stream)
        }
    }

    private static var chatSchema: [String: Any] { ["response_format": ["type": "json_schema", "json_schema": ["name": "Note", "schema": schema]]] }
    private static var responsesSchema: [String: Any] { ["text": ["format": ["type": "json_schema", "name": "Note", "schema": schema]]] }
    private static var anthropicSchema: [String: Any] { ["output_config": ["format": ["type": "json_schema", "schema": schema]]] }

    /// A cut structured answer: a non-empty strict prefix of the schema's sample, and not JSON.
    private func expectCut(_ text: String?) {
        let text = text ?? ""
        #expect(!text.isEmpty && text.count < Self.sample.count && Self.sample.hasPrefix(text), "\(text)")
        #expect(parse(text) == nil)
    }

    // MARK: Chat completions

    @Test("chat: refusal, length, content filter, broken JSON, unknown tools, text", arguments: [false, true])
    func chatOverrides(stream: Bool) async throws {
        let refusal = try await chat(.refusal("I can't help with that."), stream: stream)
        #expect(refusal.refusal == "I can't help with that." && refusal.content == nil && refusal.finish == "stop")

        let length = try await chat(.lengthCutoff, stream: stream, extra: Self.chatSchema)
        #expect(length.finish == "length")
        expectCut(length.content)

        let filtered = try await chat(.contentFilter, stream: stream)
        #expect(filtered.finish == "content_filter")
        #expect("Hello from AISandbox! You said: Hi".hasPrefix(filtered.content ?? "x") && filtered.content?.isEmpty == false)

        let malformed = try await chat(.malformedOutput, stream: stream, extra: Self.chatSchema)
        #expect(malformed.content == #"{"sandbox": tru"# && malformed.finish == "stop")

        let tools = try await chat(.toolCalls(["search", "no_such_tool"]), stream: stream, extra: ["tools": TestTools.chat])
        #expect(tools.finish == "tool_calls")
        #expect(tools.calls.map(\.name) == ["search", "no_such_tool"])
        #expect(tools.calls.map { parse($0.arguments) } == [TestTools.expectedArguments("search"), [:]])
        #expect(Set(tools.calls.map(\.id)).count == 2)

        let text = try await chat(.text("Scripted."), stream: stream, extra: ["tools": TestTools.chat])
        #expect(text.content == "Scripted." && text.finish == "stop" && text.calls.isEmpty)

        let paused = try await chat(.pauseTurn, stream: stream)
        #expect(paused.content == "Hello from AISandbox! You said: Hi")
    }

    // MARK: Responses

    @Test("Responses: refusal, incomplete answers, broken JSON, unknown tools", arguments: [false, true])
    func responsesOverrides(stream: Bool) async throws {
        let refusal = try await responses(.refusal("No."), stream: stream)
        #expect(refusal.part["type"] as? String == "refusal" && refusal.part["refusal"] as? String == "No.")
        #expect(refusal.response["status"] as? String == "completed")
        if stream {
            #expect(refusal.eventTypes.contains("response.refusal.delta") && refusal.eventTypes.contains("response.refusal.done"))
            #expect(refusal.deltas[0] == "No.")
        }

        for (answer, reason) in [(SandboxBehavior.ModelAnswer.lengthCutoff, "max_output_tokens"), (.contentFilter, "content_filter")] {
            let cut = try await responses(answer, stream: stream, extra: Self.responsesSchema)
            #expect(cut.response["status"] as? String == "incomplete")
            #expect((cut.response["incomplete_details"] as? [String: Any])?["reason"] as? String == reason)
            expectCut(cut.part["text"] as? String)
            if stream { #expect(cut.eventTypes.last == "response.incomplete") }
        }

        let malformed = try await responses(.malformedOutput, stream: stream, extra: Self.responsesSchema)
        #expect(malformed.part["text"] as? String == #"{"sandbox": tru"# && malformed.response["status"] as? String == "completed")

        let tools = try await responses(.toolCalls(["weather", "no_such_tool"]), stream: stream, extra: ["tools": TestTools.responses])
        #expect(tools.calls.map(\.name) == ["weather", "no_such_tool"])
        #expect(tools.calls.map { parse($0.arguments) } == [TestTools.expectedArguments("weather"), [:]])
        if stream { #expect(tools.deltas[0] == tools.calls.first?.arguments && tools.deltas[1] == "{}") }

        let paused = try await responses(.pauseTurn, stream: stream)
        #expect(paused.part["text"] as? String == "Hello from AISandbox! You said: Hi")
    }

    // MARK: Anthropic

    @Test("Anthropic: refusal, max_tokens, filter, broken JSON, unknown tools, pause_turn", arguments: [false, true])
    func anthropicOverrides(stream: Bool) async throws {
        let refusal = try await anthropic(.refusal("I won't."), stream: stream)
        #expect(refusal.stopReason == "refusal" && refusal.text == "I won't.")

        let length = try await anthropic(.lengthCutoff, stream: stream, extra: Self.anthropicSchema)
        #expect(length.stopReason == "max_tokens")
        expectCut(length.text)

        let filtered = try await anthropic(.contentFilter, stream: stream)
        #expect(filtered.stopReason == "refusal" && "Hello from AISandbox (Claude)! You said: Hi".hasPrefix(filtered.text))

        let malformed = try await anthropic(.malformedOutput, stream: stream, extra: Self.anthropicSchema)
        #expect(malformed.stopReason == "end_turn" && malformed.text == #"{"sandbox": tru"#)

        let tools = try await anthropic(.toolCalls(["time", "no_such_tool"]), stream: stream, extra: ["tools": TestTools.anthropic])
        #expect(tools.stopReason == "tool_use")
        #expect(tools.calls.map(\.name) == ["time", "no_such_tool"])
        #expect(tools.calls.map { parse($0.arguments) } == [TestTools.expectedArguments("time"), [:]])

        let paused = try await anthropic(.pauseTurn, stream: stream, extra: ["tools": TestTools.anthropic])
        #expect(paused.stopReason == "pause_turn" && paused.text == "Pausing." && paused.calls.isEmpty)
    }

    @Test("Anthropic: a paused turn resumes when the conversation comes back with the paused content")
    func pauseAndResume() async throws {
        try await Sandbox.withRunning { sandbox in
            sandbox.enqueue(.answer(.pauseTurn), path: "/v1/messages")
            var messages: [[String: Any]] = [["role": "user", "content": "Research this"]]
            let (_, first) = try await postAnthropic(sandbox, ["model": "m", "max_tokens": 100, "messages": messages])
            let paused = AnthropicTurn(first, stream: false)
            #expect(paused.stopReason == "pause_turn")
            messages.append(["role": "assistant", "content": paused.blocks])
            let (_, second) = try await postAnthropic(sandbox, ["model": "m", "max_tokens": 100, "messages": messages])
            let resumed = AnthropicTurn(second, stream: false)
            #expect(resumed.stopReason == "end_turn" && resumed.text == "Hello from AISandbox (Claude)! You said: Research this")
        }
    }

    // MARK: Routing and specs

    @Test("an answer queued over the control API applies to Azure's chat route, streamed")
    func azureOverControlAPI() async throws {
        try await Sandbox.withRunning { sandbox in
            var control = URLRequest(url: sandbox.baseURL.appendingPathComponent("sandbox/behaviors"))
            control.httpMethod = "POST"
            control.httpBody = Data(#"{"path": "/chat/completions", "tool_calls": ["weather", "time"]}"#.utf8)
            let (queued, _) = try await URLSession.shared.data(for: control)
            #expect(((try JSONSerialization.jsonObject(with: queued)) as? [String: Any])?["queued"] as? Int == 1)
            var request = URLRequest(url: URL(string: "openai/deployments/gpt-4o/chat/completions?api-version=2024-10-21", relativeTo: sandbox.baseURL)!)
            request.httpMethod = "POST"
            request.setValue("k", forHTTPHeaderField: "api-key")
            request.setValue("application/json", forHTTPHeaderField: "Content-Type")
            request.httpBody = try JSONSerialization.data(withJSONObject: [
                "messages": [["role": "user", "content": "Hi"]], "tools": TestTools.chat, "stream": true,
            ])
            let (data, _) = try await URLSession.shared.data(for: request)
            let turn = ChatTurn(data, stream: true)
            #expect(turn.calls.map(\.name) == ["weather", "time"] && turn.finish == "tool_calls")
        }
    }

    @Test("specs read the answer keys in both forms", arguments: [
        ("tool_calls=a+b", SandboxBehavior.ModelAnswer.toolCalls(["a", "b"])),
        (#"{"tool_calls": ["a", "b"]}"#, .toolCalls(["a", "b"])),
        ("refusal=Not today", .refusal("Not today")),
        (#"{"refusal": "Not today"}"#, .refusal("Not today")),
        ("length-cutoff=true", .lengthCutoff),
        (#"{"content_filter": true}"#, .contentFilter),
        ("malformed_output=true", .malformedOutput),
        (#"{"pause_turn": true, "length_cutoff": false}"#, .pauseTurn),
        ("answer_text=42", .text("42")),
        (#"{"answer_text": "Done."}"#, .text("Done.")),
    ])
    func answerSpecs(text: String, expected: SandboxBehavior.ModelAnswer) throws {
        #expect(try SandboxBehaviorSpec(parsing: text).behavior.answer == expected)
    }

    @Test("specs refuse two answers at once, and badly typed answer keys", arguments: [
        (#"{"refusal": "No", "length_cutoff": true}"#, "only one answer key at a time, not refusal, length_cutoff"),
        ("pause_turn=true,answer_text=hi", "only one answer key at a time, not pause_turn, answer_text"),
        (#"{"tool_calls": "a"}"#, "tool_calls must be a list of strings"),
        (#"{"tool_calls": []}"#, "tool_calls must name at least one tool"),
        (#"{"length_cutoff": "yes"}"#, "length_cutoff must be true or false"),
        (#"{"refusal": "No", "answer": "x"}"#, "unknown key: answer"),
    ])
    func badAnswerSpecs(text: String, expected: String) {
        do {
            _ = try SandboxBehaviorSpec(parsing: text)
            Issue.record("accepted \(text)")
        } catch {
            #expect(String(describing: error).contains(expected), "\(error)")
        }
    }

    @Test("a spec without answer keys leaves the answer alone")
    func noAnswer() throws {
        #expect(try SandboxBehaviorSpec(parsing: "status=500").behavior.answer == nil)
    }
}
