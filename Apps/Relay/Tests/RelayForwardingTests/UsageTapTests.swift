@_spi(Forwarding) import AICore
import AISandbox
import Foundation
import NIOCore
import RelayCore
@_spi(Forwarding) import RelayForwarding
import Testing

@Suite("Usage tap on real sandbox answers")
struct UsageTapTests {
    /// The tap's result for `answer` cut into two chunks at every offset, and fed byte by byte; all must agree.
    func tapEverySplit(_ answer: SandboxAnswer, cap: Int = UsageTap.defaultCap) -> ObservedUsage? {
        var whole = UsageTap(contentType: answer.contentType, cap: cap)
        whole.consume(answer.buffer)
        let expected = whole.finish()
        for split in 0...answer.bytes.count {
            var tap = UsageTap(contentType: answer.contentType, cap: cap)
            tap.consume(ByteBuffer(bytes: answer.bytes[..<split]))
            tap.consume(ByteBuffer(bytes: answer.bytes[split...]))
            let usage = tap.finish()
            #expect(usage == expected, "split at \(split)")
            if usage != expected { break }
        }
        var bytewise = UsageTap(contentType: answer.contentType, cap: cap)
        for byte in answer.bytes { bytewise.consume(ByteBuffer(bytes: [byte])) }
        #expect(bytewise.finish() == expected)
        return expected
    }

    func int(_ value: Any?) -> Int { (value as? NSNumber)?.intValue ?? -1 }

    @Test("chat completions: JSON and a stream with include_usage")
    func chat() async throws {
        try await Sandbox.withRunning { sandbox in
            let json = try await SandboxUpstream.post(sandbox, "/v1/chat/completions", body: SandboxUpstream.chatBody)
            let usage = try #require(json.json?["usage"] as? [String: Any])
            let expected = ObservedUsage(inputTokens: int(usage["prompt_tokens"]), outputTokens: int(usage["completion_tokens"]))
            #expect(expected.outputTokens > 0 && expected.inputTokens > 0)
            #expect(tapEverySplit(json) == expected)

            let stream = try await SandboxUpstream.post(sandbox, "/v1/chat/completions", body: SandboxUpstream.chatStreamUsageBody)
            #expect(stream.contentType?.hasPrefix("text/event-stream") == true)
            let last = try #require(stream.eventPayloads.last?["usage"] as? [String: Any])
            #expect(tapEverySplit(stream) == ObservedUsage(inputTokens: int(last["prompt_tokens"]), outputTokens: int(last["completion_tokens"])))

            let withoutUsage = try await SandboxUpstream.post(sandbox, "/v1/chat/completions", body: SandboxUpstream.chatStreamBody)
            #expect(tapEverySplit(withoutUsage) == nil)
        }
    }

    @Test("Responses: JSON and the response.completed event")
    func responses() async throws {
        try await Sandbox.withRunning { sandbox in
            let json = try await SandboxUpstream.post(sandbox, "/v1/responses", body: SandboxUpstream.responsesBody)
            let usage = try #require(json.json?["usage"] as? [String: Any])
            let expected = ObservedUsage(inputTokens: int(usage["input_tokens"]), outputTokens: int(usage["output_tokens"]))
            #expect(expected.outputTokens > 0)
            #expect(tapEverySplit(json) == expected)

            let stream = try await SandboxUpstream.post(sandbox, "/v1/responses", body: SandboxUpstream.responsesStreamBody)
            let completed = try #require(stream.eventPayloads.first { $0["type"] as? String == "response.completed" })
            let streamUsage = try #require((completed["response"] as? [String: Any])?["usage"] as? [String: Any])
            #expect(tapEverySplit(stream) == ObservedUsage(inputTokens: int(streamUsage["input_tokens"]), outputTokens: int(streamUsage["output_tokens"])))
        }
    }

    @Test("Anthropic Messages: JSON (cache tokens added) and message_start + message_delta")
    func anthropic() async throws {
        try await Sandbox.withRunning { sandbox in
            let json = try await SandboxUpstream.post(sandbox, "/v1/messages", body: SandboxUpstream.messagesBody, headers: SandboxUpstream.anthropicHeaders)
            #expect(json.status == 200)
            let usage = try #require(json.json?["usage"] as? [String: Any])
            let input = int(usage["input_tokens"]) + max(int(usage["cache_creation_input_tokens"]), 0) + max(int(usage["cache_read_input_tokens"]), 0)
            let expected = ObservedUsage(inputTokens: input, outputTokens: int(usage["output_tokens"]))
            #expect(expected.outputTokens > 1)
            #expect(tapEverySplit(json) == expected)

            let stream = try await SandboxUpstream.post(
                sandbox, "/v1/messages", body: SandboxUpstream.messagesStreamBody, headers: SandboxUpstream.anthropicHeaders)
            let delta = try #require(stream.eventPayloads.last { $0["type"] as? String == "message_delta" }?["usage"] as? [String: Any])
            let start = try #require((stream.eventPayloads.first { $0["type"] as? String == "message_start" }?["message"] as? [String: Any])?["usage"] as? [String: Any])
            let startInput = int(start["input_tokens"]) + max(int(start["cache_creation_input_tokens"]), 0) + max(int(start["cache_read_input_tokens"]), 0)
            let tapped = try #require(tapEverySplit(stream))
            #expect(tapped.outputTokens == int(delta["output_tokens"]))
            #expect(tapped.inputTokens == startInput)
            #expect(tapped == expected)
        }
    }

    @Test("embeddings report input only; errors report nothing")
    func embeddingsAndErrors() async throws {
        try await Sandbox.withRunning { sandbox in
            let json = try await SandboxUpstream.post(sandbox, "/v1/embeddings", body: SandboxUpstream.embeddingsBody)
            let usage = try #require(json.json?["usage"] as? [String: Any])
            var tap = UsageTap(contentType: json.contentType)
            tap.consume(json.buffer)
            #expect(tap.finish() == ObservedUsage(inputTokens: int(usage["prompt_tokens"]), outputTokens: 0))

            sandbox.enqueue(.status(429, message: "slow down"), path: "/v1/chat/completions")
            let error = try await SandboxUpstream.post(sandbox, "/v1/chat/completions", body: SandboxUpstream.chatBody)
            #expect(error.status == 429)
            #expect(tapEverySplit(error) == nil)
        }
    }

    /// The tap's summary of `answer` fed in one chunk, and how many chunks it flagged as carrying output when fed
    /// event by event.
    func facts(_ answer: SandboxAnswer) -> (summary: ForwardedCallSummary, outputEvents: Int) {
        var tap = UsageTap(contentType: answer.contentType)
        var outputs = 0
        for event in String(decoding: answer.bytes, as: UTF8.self).components(separatedBy: "\n\n") where !event.isEmpty {
            if tap.consume(ByteBuffer(string: event + "\n\n")) { outputs += 1 }
        }
        _ = tap.finish()
        return (tap.summary, outputs)
    }

    @Test("what the span reports: id, model, finish reasons and which events carry output, for every API")
    func summaries() async throws {
        try await Sandbox.withRunning { sandbox in
            let chat = try await SandboxUpstream.post(sandbox, "/v1/chat/completions", body: SandboxUpstream.chatStreamUsageBody)
            let chatFacts = facts(chat)
            let first = try #require(chat.eventPayloads.first)
            #expect(chatFacts.summary.id == first["id"] as? String)
            #expect(chatFacts.summary.model == first["model"] as? String)
            #expect(chatFacts.summary.finishReasons == ["stop"])
            let contentEvents = chat.eventPayloads.filter { payload in
                let delta = ((payload["choices"] as? [[String: Any]])?.first?["delta"] as? [String: Any])
                return (delta?["content"] as? String)?.isEmpty == false
            }
            #expect(chatFacts.outputEvents == contentEvents.count && contentEvents.count > 0)
            #expect(chatFacts.summary.outputTokens ?? 0 > 0)

            let responses = try await SandboxUpstream.post(sandbox, "/v1/responses", body: SandboxUpstream.responsesStreamBody)
            let responsesFacts = facts(responses)
            #expect(responsesFacts.summary.id?.hasPrefix("resp") == true)
            #expect(responsesFacts.summary.finishReasons == ["completed"])
            #expect(responsesFacts.outputEvents == responses.eventPayloads.filter { $0["type"] as? String == "response.output_text.delta" }.count)

            let json = try await SandboxUpstream.post(sandbox, "/v1/messages", body: SandboxUpstream.messagesBody, headers: SandboxUpstream.anthropicHeaders)
            var tap = UsageTap(contentType: json.contentType)
            tap.consume(json.buffer)
            _ = tap.finish()
            #expect(tap.summary.id == json.json?["id"] as? String)
            #expect(tap.summary.finishReasons == [json.json?["stop_reason"] as? String].compactMap { $0 })
            #expect(tap.summary.inputTokens ?? 0 > 0)
        }
    }

    @Test("the tap gives up past its cap instead of holding more")
    func cap() async throws {
        try await Sandbox.withRunning { sandbox in
            let json = try await SandboxUpstream.post(sandbox, "/v1/chat/completions", body: SandboxUpstream.chatBody)
            var small = UsageTap(contentType: json.contentType, cap: json.bytes.count - 1)
            small.consume(json.buffer)
            #expect(small.finish() == nil)
            var exact = UsageTap(contentType: json.contentType, cap: json.bytes.count)
            exact.consume(json.buffer)
            #expect(exact.finish() != nil)

            let stream = try await SandboxUpstream.post(sandbox, "/v1/chat/completions", body: SandboxUpstream.chatStreamUsageBody)
            var tight = UsageTap(contentType: stream.contentType, cap: 16)
            tight.consume(stream.buffer)
            #expect(tight.finish() == nil)
            var audio = UsageTap(contentType: "audio/mpeg")
            audio.consume(json.buffer)
            #expect(audio.finish() == nil)
        }
    }
}
