import NIOCore

/// The fake upstream's answers, encoded once at start so that serving one costs only a write.
///
/// Shapes follow OpenAI's chat completions: a `chat.completion` object with usage, and for streams `chat.completion.chunk`
/// events (role first, content deltas, `finish_reason` on the last, then a usage-only chunk when asked) and `[DONE]`.
struct ChatFixtures: Sendable {
    /// The plain (non-streaming) completion, with its usage.
    let completion: ByteBuffer
    /// Every event of a stream without the usage chunk, each one framed `data: …\n\n`, `[DONE]` last.
    let streamEvents: [ByteBuffer]
    /// The usage-only chunk sent before `[DONE]` when the request set `stream_options.include_usage`.
    let usageEvent: ByteBuffer
    let health: ByteBuffer

    /// - Parameters:
    ///   - contentEvents: How many content deltas a stream carries (after one role-only chunk).
    ///   - eventBytes: How many characters of text each content delta carries.
    init(contentEvents: Int, eventBytes: Int, model: String = "gpt-4o-mini") {
        let text = String(repeating: "x", count: max(eventBytes, 1))
        let created = 1_700_000_000
        let header = #""id":"chatcmpl-bench","object":"chat.completion.chunk","created":\#(created),"model":"\#(model)","system_fingerprint":"fp_bench""#
        func chunk(delta: String, finish: String) -> ByteBuffer {
            let json = #"{\#(header),"choices":[{"index":0,"delta":\#(delta),"logprobs":null,"finish_reason":\#(finish)}]}"#
            return ByteBuffer(string: "data: \(json)\n\n")
        }
        var events = [chunk(delta: #"{"role":"assistant","content":"","refusal":null}"#, finish: "null")]
        let contentCount = max(contentEvents, 1)
        for index in 0..<contentCount {
            let last = index == contentCount - 1
            events.append(chunk(delta: #"{"content":"\#(text)"}"#, finish: last ? #""stop""# : "null"))
        }
        self.streamEvents = events + [ByteBuffer(string: "data: [DONE]\n\n")]
        let completionTokens = contentCount * max(eventBytes / 4, 1)
        let usage = #"{"prompt_tokens":12,"completion_tokens":\#(completionTokens),"total_tokens":\#(12 + completionTokens)}"#
        self.usageEvent = ByteBuffer(string: #"data: {\#(header),"choices":[],"usage":\#(usage)}"# + "\n\n")
        let content = String(repeating: "x", count: max(eventBytes, 1) * contentCount)
        let completion = #"""
            {"id":"chatcmpl-bench","object":"chat.completion","created":\#(created),"model":"\#(model)","system_fingerprint":"fp_bench","choices":[{"index":0,"message":{"role":"assistant","content":"\#(content)","refusal":null},"logprobs":null,"finish_reason":"stop"}],"usage":\#(usage)}
            """#
        self.completion = ByteBuffer(string: completion)
        self.health = ByteBuffer(string: #"{"status":"ok"}"#)
    }
}
