import AICore
import AISandbox
import Foundation
import SwiftAITestSupport
import Testing

@testable import SwiftAnthropic

@Suite("Anthropic messages today: streaming")
struct MessagesTodayStreamingTests {
    /// The requests whose streamed answers must equal their plain ones.
    static func requests() -> [(String, MessageParameter)] {
        let search = MessageParameter.Message.Content.SearchResult(
            source: "https://kb.example.com/1", title: "KB", content: ["Answers live here."], citations: .init(enabled: true))
        let long = MessagesTodayTests.longTurn(50_100)
        let compaction = MessageParameter.Message(
            role: .assistant, content: .list([.compaction(.init(content: "Earlier we planned a trip."))]))
        return [
            ("compaction", .init(
                model: .claudeOpus46, messages: [long, .init(role: .user, content: "Next?")], maxTokens: 100,
                contextManagement: .init(edits: [.compact(.init(triggerTokens: 50_000))]))),
            ("paused compaction", .init(
                model: .claudeOpus46, messages: [long], maxTokens: 100,
                contextManagement: .init(edits: [.compact(.init(triggerTokens: 50_000, pauseAfterCompaction: true))]))),
            ("compaction sent back", .init(
                model: .claudeOpus46, messages: [long, compaction, .init(role: .user, content: "Go on")], maxTokens: 100)),
            ("compaction request", .init(
                model: .claudeOpus46, messages: [.init(role: .user, content: "Summarize us")], maxTokens: 100, compaction: .init())),
            ("skills, speed and adaptive thinking", .init(
                model: .claudeOpus46, messages: [.init(role: .user, content: "Chart it")], maxTokens: 2048,
                tools: [MessagesTodayTests.codeExecution], thinking: .adaptive(), outputConfig: .init(effort: .max),
                container: .init(skills: [.anthropic("xlsx")]), speed: .fast, inferenceGeo: "eu")),
            ("search results", .init(
                model: .claudeSonnet45, messages: [.init(role: .user, content: .list([.searchResult(search), .text("Where?")]))],
                maxTokens: 100)),
        ]
    }

    @Test("the accumulated stream equals the plain message for today's answers", arguments: TransportKind.allCases)
    func accumulatedEqualsPlain(kind: TransportKind) async throws {
        try await withAnthropic(transport: kind) { sandbox, service in
            for (name, parameter) in Self.requests() {
                let plain = try await service.createMessage(parameter)
                let streamed = try await service.streamMessage(parameter).accumulate()
                #expect(sandbox.lastRequest?.json?["stream"] as? Bool == true)
                #expect(try Self.comparable(streamed) == Self.comparable(plain), "\(name)")
                #expect(streamed.container?.id == plain.container?.id && streamed.container?.skills == plain.container?.skills, "\(name)")
            }
        }
    }

    /// A message as JSON without the container's expiry (a clock reading).
    static func comparable(_ message: MessageResponse) throws -> JSONValue {
        guard case .object(var members) = try JSONValue(parsing: JSONEncoder().encode(message)) else {
            throw DecodingError.dataCorrupted(.init(codingPath: [], debugDescription: "a message encodes as an object"))
        }
        members["container"] = nil
        return .object(members)
    }

    @Test("the accumulator keeps whole blocks, compaction deltas, unknown deltas and message_delta's extras")
    func accumulatorUnit() throws {
        let events = [
            #"{"type":"message_start","message":{"id":"msg_9","type":"message","role":"assistant","model":"claude-opus-4-6","content":[],"stop_reason":null,"stop_sequence":null,"usage":{"input_tokens":9,"output_tokens":1,"speed":"fast"}}}"#,
            #"{"type":"content_block_start","index":0,"content_block":{"type":"compaction","content":null,"signature":"sig"}}"#,
            #"{"type":"content_block_delta","index":0,"delta":{"type":"compaction_delta","content":"Summary","encrypted_content":"ENC"}}"#,
            #"{"type":"content_block_stop","index":0}"#,
            #"{"type":"content_block_start","index":1,"content_block":{"type":"fallback","from":{"model":"claude-opus-4-6"},"to":{"model":"claude-sonnet-4-6"}}}"#,
            #"{"type":"content_block_stop","index":1}"#,
            #"{"type":"content_block_start","index":2,"content_block":{"type":"web_fetch_tool_result","tool_use_id":"srvtoolu_1","content":{"type":"web_fetch_tool_result_error","error_code":"url_not_accessible"}}}"#,
            #"{"type":"content_block_stop","index":2}"#,
            #"{"type":"content_block_start","index":3,"content_block":{"type":"hologram","beam":1}}"#,
            #"{"type":"content_block_delta","index":3,"delta":{"type":"hologram_delta","beam":2}}"#,
            #"{"type":"content_block_stop","index":3}"#,
            #"{"type":"message_delta","delta":{"stop_reason":"refusal","stop_sequence":null,"stop_details":{"type":"refusal","category":"bio","explanation":null},"container":{"id":"container_9","expires_at":"2026-12-01T00:00:00Z"}},"context_management":{"applied_edits":[{"type":"clear_thinking_20251015","cleared_thinking_turns":2,"cleared_input_tokens":40}]},"usage":{"output_tokens":30,"iterations":[{"type":"message","input_tokens":9,"output_tokens":30}]}}"#,
            #"{"type":"message_stop"}"#,
        ]
        var accumulator = MessageStreamAccumulator()
        var unknownDelta: JSONValue?
        for event in events {
            let response = try JSONDecoder().decode(MessageStreamResponse.self, from: Data(event.utf8))
            if case .contentBlockDelta(_, .unknown("hologram_delta")) = response.event { unknownDelta = response.delta?.raw }
            accumulator.add(response)
        }
        #expect(unknownDelta?["beam"] == 2)
        let message = accumulator.response
        #expect(accumulator.isComplete && message.model == "claude-sonnet-4-6")
        guard case .compaction(let compaction) = message.content[0] else { Issue.record("compaction"); return }
        #expect(compaction == .init(content: "Summary", encryptedContent: "ENC", signature: "sig"))
        guard case .fallback(let fallback) = message.content[1], case .webFetchToolResult(let fetch) = message.content[2],
            case .error("url_not_accessible") = fetch.content, case .unknown("hologram", let raw) = message.content[3]
        else {
            Issue.record("blocks: \(message.content)")
            return
        }
        #expect(fallback.toModel == "claude-sonnet-4-6" && raw["beam"] == 1)
        #expect(message.stop == .refusal && message.stopDetails?.category == "bio")
        #expect(message.container?.id == "container_9")
        #expect(message.contextManagement?.appliedEdits.first?.clearedThinkingTurns == 2)
        #expect(message.usage.outputTokens == 30 && message.usage.speed == "fast" && message.usage.iterations?.count == 1)
    }
}
