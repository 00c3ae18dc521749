import AISandbox
import Foundation
import Testing

@testable import SwiftAnthropic

@Suite("Anthropic streaming")
struct AnthropicStreamingTests {
    private let hello = MessageParameter(
        model: .claude35Haiku, messages: [.init(role: .user, content: "Stream a greeting with émojis 😀 please")], maxTokens: 100)

    @Test("a streamed message equals the plain one; typed events arrive in protocol order")
    func streamMatchesPlain() async throws {
        try await withAnthropic { sandbox, service in
            let plain = try await service.createMessage(hello)
            var kinds: [String] = []
            var printed = ""
            var accumulator = MessageStreamAccumulator()
            for try await event in try await service.streamMessage(hello) {
                switch event.event {
                case .messageStart: kinds.append("start")
                case .contentBlockStart: kinds.append("block_start")
                case .contentBlockDelta(_, .text(let text)):
                    printed += text
                    if kinds.last != "text" { kinds.append("text") }
                case .contentBlockStop: kinds.append("block_stop")
                case .messageDelta(let reason, _, let usage):
                    kinds.append("delta:\(reason ?? "-"):\(usage?.outputTokens ?? -1)")
                case .messageStop: kinds.append("stop")
                case .ping: kinds.append("ping")
                default: kinds.append("other")
                }
                accumulator.add(event)
            }
            #expect(kinds == ["start", "block_start", "ping", "text", "block_stop", "delta:end_turn:\(plain.usage.outputTokens)", "stop"])
            #expect(printed == plain.text)
            #expect(accumulator.isComplete)
            let assembled = accumulator.response
            #expect(assembled.text == plain.text)
            #expect(assembled.stopReason == "end_turn")
            #expect(assembled.usage.outputTokens == plain.usage.outputTokens)
            #expect(assembled.usage.inputTokens == plain.usage.inputTokens)
            #expect(sandbox.lastRequest?.json?["stream"] as? Bool == true)
        }
    }

    @Test("the same stream arrives intact at many chunkings", arguments: [
        SandboxBehavior.Splitting.every(3), .every(17), .random(seed: 7, maxSize: 9), .random(seed: 8, maxSize: 200),
    ])
    func chunkings(splitting: SandboxBehavior.Splitting) async throws {
        try await withAnthropic { sandbox, service in
            let expected = try await service.streamMessage(hello).accumulate()
            sandbox.enqueue(.split(splitting, interval: 0.0005))
            let split = try await service.streamMessage(hello).accumulate()
            #expect(split.text == expected.text)
            #expect(split.usage.outputTokens == expected.usage.outputTokens)
        }
    }

    @Test("tool input is assembled from input_json_delta fragments; thinking keeps its signature")
    func toolAndThinking() async throws {
        try await withAnthropic { _, service in
            let tool = MessageParameter.Tool(
                name: "lookup", description: "Find",
                inputSchema: .init(type: .object, properties: ["query": .init(type: .string), "limit": .init(type: .integer)], required: ["query", "limit"]))
            var fragments = 0
            var message: MessageResponse?
            let stream = try await service.streamMessage(
                .init(model: .claudeSonnet4, messages: [.init(role: .user, content: "find it")], maxTokens: 300,
                      tools: [tool], thinking: .enabled(budgetTokens: 1024)))
            var accumulator = MessageStreamAccumulator()
            for try await event in stream {
                if case .contentBlockDelta(_, .inputJSON) = event.event { fragments += 1 }
                if case .contentBlockStart(_, let block) = event.event, block.type == "tool_use" {
                    #expect(block.toolUse?.name == "lookup")
                }
                accumulator.add(event)
            }
            message = accumulator.response
            #expect(fragments > 3)
            let response = try #require(message)
            #expect(response.stopReason == "tool_use")
            guard case .thinking(let thinking, let signature) = response.content.first else {
                Issue.record("thinking first")
                return
            }
            #expect(thinking == "Let me think about this request step by step.")
            #expect(signature == "sig_sandbox_1")
            let call = try #require(response.toolUses.first)
            #expect(call.input == ["limit": .integer(2), "query": .string("sandbox query")])
            #expect(call.inputJSON == #"{"limit":2,"query":"sandbox query"}"#)
        }
    }

    @Test("citations_delta attaches citations to the streamed text block")
    func citationsDelta() async throws {
        try await withAnthropic { _, service in
            let message = MessageParameter.Message(role: .user, content: .list([
                .document(.content(["First chunk.", "Second chunk."], citations: .init(enabled: true), title: "Doc")),
                .text("Cite it"),
            ]))
            let response = try await service.streamMessage(.init(model: .claude37Sonnet, messages: [message], maxTokens: 200)).accumulate()
            let citations = response.content.compactMap { block -> [MessageResponse.Citation]? in
                if case .textWithCitations(_, let citations) = block { return citations }
                return nil
            }.flatMap { $0 }
            #expect(citations.first?.citedText == "First chunk.")
            guard case .contentBlockLocation(_, _, let title, let start, let end) = citations.first else {
                Issue.record("content block citation")
                return
            }
            #expect(title == "Doc" && start == 0 && end == 1)
        }
    }

    @Test("an overloaded_error event throws .overloaded after the events before it")
    func inStreamError() async throws {
        try await withAnthropic { sandbox, service in
            var behavior = SandboxBehavior()
            behavior.streamErrorAfterEvents = 4
            sandbox.enqueue(behavior, path: "/v1/messages")
            var received = 0
            let error = await #expect(throws: APIError.self) {
                for try await _ in try await service.streamMessage(hello) { received += 1 }
            }
            #expect(error?.kind == .overloaded)
            #expect(error?.type == "overloaded_error")
            #expect(received == 4)
        }
    }

    @Test("a stream cut before message_stop is a connection error; dropped connections too")
    func truncated() async throws {
        try await withAnthropic { sandbox, service in
            var noStop = SandboxBehavior()
            noStop.omitDone = true
            sandbox.enqueue(noStop, path: "/v1/messages")
            let cut = await #expect(throws: APIError.self) { _ = try await service.streamMessage(hello).accumulate() }
            #expect(cut?.kind == .connection)
            sandbox.enqueue(.close(afterEvents: 3), path: "/v1/messages")
            var received = 0
            let dropped = await #expect(throws: APIError.self) {
                for try await _ in try await service.streamMessage(hello) { received += 1 }
            }
            #expect(dropped?.kind == .connection)
            #expect(received == 3)
        }
    }

    @Test("unknown event types are yielded and do not end the stream")
    func unknownEvents() throws {
        let json = #"{"type":"content_block_future","index":0}"#
        let event = try JSONDecoder().decode(MessageStreamResponse.self, from: Data(json.utf8))
        guard case .unknown(let type) = event.event else {
            Issue.record("expected unknown")
            return
        }
        #expect(type == "content_block_future")
        var accumulator = MessageStreamAccumulator()
        #expect(accumulator.add(event) == nil)
        #expect(!accumulator.isComplete)
    }
}
