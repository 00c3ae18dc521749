import AISandbox
import Foundation
import SwiftAITestSupport
import SwiftOpenAI
import Testing

/// OpenAI-compatible servers write the Responses stream with less than OpenAI does: llama.cpp's llama-server leaves
/// out `output_index`, `content_index` and `sequence_number` (and the ids of function calls). What a client doesn't
/// need is read as absent, as openai-python's plain stream reads it.
@Suite("Responses streams from OpenAI-compatible servers")
struct ResponsesCompatibleServerTests {
    /// A stream shaped as llama-server writes it (its field order, its minimal `response` objects, no indexes): reasoning
    /// text, a message and a function call, then the items' ends and `response.completed`.
    static let llamaStream: String = {
        let events: [String] = [
            #"{"type":"response.created","response":{"id":"resp_llama","object":"response","status":"in_progress"}}"#,
            #"{"type":"response.in_progress","response":{"id":"resp_llama","object":"response","status":"in_progress"}}"#,
            #"{"type":"response.output_item.added","item":{"id":"rs_1","summary":[],"type":"reasoning","content":[],"encrypted_content":"","status":"in_progress"}}"#,
            #"{"type":"response.reasoning_text.delta","delta":"Think","item_id":"rs_1"}"#,
            #"{"type":"response.reasoning_text.delta","delta":" hard","item_id":"rs_1"}"#,
            #"{"type":"response.output_item.added","item":{"content":[],"id":"msg_1","role":"assistant","status":"in_progress","type":"message"}}"#,
            #"{"type":"response.content_part.added","item_id":"msg_1","part":{"type":"output_text","text":""}}"#,
            #"{"type":"response.output_text.delta","item_id":"msg_1","delta":"Hello"}"#,
            #"{"type":"response.output_text.delta","item_id":"msg_1","delta":", llama"}"#,
            #"{"type":"response.output_text.delta","item_id":"msg_1","delta":"!"}"#,
            #"{"type":"response.output_item.added","item":{"arguments":"","call_id":"fc_abc","name":"get_time","type":"function_call","status":"in_progress"}}"#,
            #"{"type":"response.function_call_arguments.delta","delta":"{\"tz\":","item_id":"fc_abc"}"#,
            #"{"type":"response.function_call_arguments.delta","delta":"\"UTC\"}","item_id":"fc_abc"}"#,
            #"{"type":"response.output_item.done","item":{"id":"rs_1","summary":[],"type":"reasoning","content":[{"text":"Think hard","type":"reasoning_text"}],"encrypted_content":""}}"#,
            #"{"type":"response.output_text.done","item_id":"msg_1","text":"Hello, llama!"}"#,
            #"{"type":"response.content_part.done","item_id":"msg_1","part":{"type":"output_text","annotations":[],"logprobs":[],"text":"Hello, llama!"}}"#,
            #"{"type":"response.output_item.done","item":{"type":"message","status":"completed","id":"msg_1","content":[{"type":"output_text","annotations":[],"logprobs":[],"text":"Hello, llama!"}],"role":"assistant"}}"#,
            #"{"type":"response.output_item.done","item":{"type":"function_call","status":"completed","arguments":"{\"tz\":\"UTC\"}","call_id":"fc_abc","name":"get_time"}}"#,
            #"{"type":"response.completed","response":{"id":"resp_llama","object":"response","created_at":1700000000,"status":"completed","model":"qwen3","output":[{"id":"rs_1","summary":[],"type":"reasoning","content":[{"text":"Think hard","type":"reasoning_text"}],"encrypted_content":""},{"type":"message","status":"completed","id":"msg_1","content":[{"type":"output_text","annotations":[],"logprobs":[],"text":"Hello, llama!"}],"role":"assistant"},{"type":"function_call","status":"completed","arguments":"{\"tz\":\"UTC\"}","call_id":"fc_abc","name":"get_time"}],"usage":{"input_tokens":5,"output_tokens":9,"total_tokens":14}}}"#,
        ]
        return events.map { json in
            let type = json.split(separator: "\"")[3]
            return "event: \(type)\ndata: \(json)\n\n"
        }.joined()
    }()

    static let parameters = ModelResponseParameter(input: .string("What time is it?"), model: .custom("qwen3"))

    /// Reads a whole stream.
    static func events(_ service: any OpenAIService, _ parameters: ModelResponseParameter = parameters) async throws -> [ResponseStreamEvent] {
        var events: [ResponseStreamEvent] = []
        for try await event in try await service.responseCreateStream(parameters) { events.append(event) }
        return events
    }

    /// What the events say before the final `response.completed` (as when a stream breaks there).
    static func assembled(_ events: [ResponseStreamEvent]) -> ResponseModel? {
        var accumulator = ResponseStreamAccumulator()
        for event in events where !["response.completed", "response.incomplete"].contains(event.type) { accumulator.add(event) }
        #expect(!accumulator.isComplete)
        return accumulator.response
    }

    @Test("a llama-server stream is read to its end: the text, the reasoning and the function call")
    func llamaServerStream() async throws {
        try await withService { sandbox, service in
            sandbox.enqueue(.raw(200, body: Self.llamaStream, contentType: "text/event-stream"), path: "/v1/responses")
            let events = try await Self.events(service)
            #expect(events.count == 19)
            #expect(!events.contains { if case .unknown = $0 { true } else { false } })
            var deltas = ""
            for case .outputTextDelta(let delta) in events {
                #expect(delta.outputIndex == nil && delta.sequenceNumber == nil)
                deltas += delta.delta
            }
            #expect(deltas == "Hello, llama!")
            guard case .outputItemAdded(let added) = events[2] else {
                Issue.record("not an output_item.added: \(events[2].type)")
                return
            }
            #expect(added.outputIndex == nil)

            var accumulator = ResponseStreamAccumulator()
            for event in events { accumulator.add(event) }
            let response = try #require(accumulator.response)
            #expect(response.status == "completed")
            #expect(response.outputText == "Hello, llama!")
            #expect(response.functionCalls.map(\.callId) == ["fc_abc"])
            #expect(response.usage?.totalTokens == 14)

            // Before `response.completed`, the items are placed by their ids and their order.
            let partial = try #require(Self.assembled(events))
            #expect(partial.output.map(\.type) == ["reasoning", "message", "function_call"])
            #expect(partial.outputText == "Hello, llama!")
            #expect(partial.functionCalls.first?.arguments == #"{"tz":"UTC"}"#)
            #expect(partial.functionCalls.first?.name == "get_time")
            guard case .reasoning(let reasoning) = partial.output.first else { return }
            #expect(reasoning.content?.map(\.text) == ["Think hard"])
        }
    }

    @Test("the sandbox's own stream without indexes and sequence numbers gives the same text as with them")
    func sandboxStreamWithoutIndexes() async throws {
        try await withService { sandbox, service in
            let parameters = ModelResponseParameter(input: .string("Tell me about foxes and crows"), model: .gpt4o)
            let full = try await Self.events(service, parameters)
            var lean = SandboxBehavior()
            lean.omitStreamIndexes = true
            sandbox.enqueue(lean, path: "/v1/responses")
            let bare = try await Self.events(service, parameters)

            #expect(bare.map(\.type) == full.map(\.type))
            // The fields really were left out (the sandbox sends them otherwise).
            for event in bare {
                switch event {
                case .outputItemAdded(let value), .outputItemDone(let value): #expect(value.outputIndex == nil && value.sequenceNumber == nil)
                case .contentPartAdded(let value), .contentPartDone(let value): #expect(value.outputIndex == nil && value.contentIndex == nil)
                case .outputTextDelta(let value): #expect(value.outputIndex == nil && value.contentIndex == nil && value.sequenceNumber == nil)
                default: break
                }
            }
            guard case .outputItemAdded(let indexed) = full.first(where: { $0.type == "response.output_item.added" }) else { return }
            #expect(indexed.outputIndex == 0)

            let expected = try await service.responseCreate(parameters).outputText
            #expect(!expected.isEmpty)
            var accumulator = ResponseStreamAccumulator()
            for event in bare { accumulator.add(event) }
            #expect(accumulator.outputText == expected)
            #expect(Self.assembled(bare)?.outputText == expected)
            #expect(Self.assembled(full)?.outputText == expected)
        }
    }

    @Test("a background response cut at max_output_tokens ends incomplete, with the reason")
    func backgroundIncomplete() async throws {
        try await withService { _, service in
            let created = try await service.responseCreate(
                ModelResponseParameter(input: .string("Write a long story about a fox"), model: .gpt4o, background: true, maxOutputTokens: 3))
            #expect(created.status == "queued")
            #expect(created.incompleteDetails == nil)
            _ = try await service.responseModel(id: created.id)
            let ended = try await service.responseModel(id: created.id)
            #expect(ended.status == "incomplete")
            #expect(ended.incompleteDetails?.reason == "max_output_tokens")
            #expect(ended.usage?.outputTokens == 3)
            #expect(!ended.outputText.isEmpty)
        }
    }
}

@Suite("swiftai chat and respond: sampling options reach the wire")
struct ResponsesCommandLineSamplingTests {
    @Test("chat sends temperature, seed and max_completion_tokens; respond temperature and max_output_tokens")
    func samplingOptions() async throws {
        try await withSandbox { sandbox in
            let base = ["--base-url", sandbox.baseURL.absoluteString]
            let chat = try await SwiftAICommandRunner.run(
                ["chat"] + base + ["--temperature", "0.25", "--seed", "42", "--max-tokens", "64", "Hello"])
            #expect(chat.status == 0, "\(chat.output)")
            let chatBody = try #require(sandbox.requests.last { $0.path == "/v1/chat/completions" }?.json)
            #expect(chatBody["temperature"] as? Double == 0.25)
            #expect(chatBody["seed"] as? Int == 42)
            #expect(chatBody["max_completion_tokens"] as? Int == 64)

            let streamed = try await SwiftAICommandRunner.run(["chat"] + base + ["--stream", "--temperature", "1.5", "Hi"])
            #expect(streamed.status == 0, "\(streamed.output)")
            let streamedBody = try #require(sandbox.requests.last { $0.path == "/v1/chat/completions" }?.json)
            #expect(streamedBody["temperature"] as? Double == 1.5)
            #expect(streamedBody["seed"] == nil && streamedBody["max_completion_tokens"] == nil)

            let respond = try await SwiftAICommandRunner.run(["respond"] + base + ["--temperature", "0.5", "--max-tokens", "3", "Tell a story"])
            #expect(respond.status == 0, "\(respond.output)")
            let respondBody = try #require(sandbox.requests.last { $0.path == "/v1/responses" }?.json)
            #expect(respondBody["temperature"] as? Double == 0.5)
            #expect(respondBody["max_output_tokens"] as? Int == 3)
            #expect(respondBody["seed"] == nil)
            #expect(respond.output.contains("incomplete"), "\(respond.output)")
        }
    }

    @Test("out-of-range values are refused before anything is sent; respond has no --seed and says why")
    func refusals() async throws {
        try await withSandbox { sandbox in
            let base = ["--base-url", sandbox.baseURL.absoluteString]
            for arguments in [["chat", "--temperature", "2.5"], ["chat", "--max-tokens", "0"], ["respond", "--temperature=-1"], ["respond", "--seed", "1"]] {
                let result = try await SwiftAICommandRunner.run(arguments + base + ["Hello"])
                #expect(result.status != 0, "\(arguments): \(result.output)")
            }
            #expect(sandbox.requests.isEmpty)
            let help = try await SwiftAICommandRunner.run(["respond", "--help"])
            #expect(help.output.contains("the Responses API takes no seed"), "\(help.output)")
            #expect(help.output.contains("--temperature") && help.output.contains("--max-tokens"))
        }
    }
}
