import Foundation

/// The streams a benchmark asks the sandbox for: one realistic event of each provider's hottest kind, repeated
/// as fast as the socket takes it, between the events that open and close a real stream of that kind.
package enum BenchmarkStream: String, CaseIterable, Sendable {
    /// Chat completion chunks (`POST /v1/chat/completions`, `stream: true`).
    case chat
    /// Responses API `response.output_text.delta` events (`POST /v1/responses`, `stream: true`).
    case responses
    /// Anthropic `content_block_delta` events (`POST /v1/messages`, `stream: true`).
    case anthropic
    /// Assistants `thread.message.delta` events (`POST /v1/threads/{id}/runs`, `stream: true`).
    case assistants

    /// The JSON payload of the repeated event (for measuring a bare decode of the same bytes).
    package var eventJSON: String {
        switch self {
        case .chat: OpenAIChat.benchmarkChunk
        case .responses:
            #"{"type":"response.output_text.delta","sequence_number":12,"item_id":"msg_bench","output_index":0,"content_index":0,"delta":" token","logprobs":[],"obfuscation":"sbx"}"#
        case .anthropic: #"{"type":"content_block_delta","index":0,"delta":{"type":"text_delta","text":" token"}}"#
        case .assistants:
            #"{"id":"msg_bench","object":"thread.message.delta","delta":{"content":[{"index":0,"type":"text","text":{"value":" token","annotations":[]}}]}}"#
        }
    }

    /// Twenty digits a stamped event carries where the write time goes.
    package static let stampPlaceholder = "00000000000000000000"

    /// The repeated event with its id (chat, Anthropic's text, Responses' and Assistants' item ids) set to
    /// ``stampPlaceholder``: written by ``SandboxBehavior/latencyProbe(_:events:)`` with the write time in it.
    var stampedEvent: String {
        switch self {
        case .chat: event.replacingOccurrences(of: "chatcmpl-bench", with: "chatcmpl-\(Self.stampPlaceholder)")
        case .anthropic: event.replacingOccurrences(of: "\" token\"", with: "\"\(Self.stampPlaceholder)\"")
        case .responses, .assistants: event.replacingOccurrences(of: "msg_bench", with: "msg_\(Self.stampPlaceholder)")
        }
    }

    /// Replaces the placeholder in `bytes` with `nanoseconds`, zero-padded.
    static func stamp(_ bytes: inout [UInt8], nanoseconds: UInt64) {
        let placeholder = Array(stampPlaceholder.utf8)
        guard let start = bytes.indices.first(where: { bytes[$0...].starts(with: placeholder) }) else { return }
        let digits = Array(String(nanoseconds).utf8)
        let padded = Array(repeating: UInt8(ascii: "0"), count: placeholder.count - digits.count) + digits
        bytes.replaceSubrange(start..<start + placeholder.count, with: padded)
    }

    /// The server's write time carried by a stamped event's text (the first 20-digit run), in nanoseconds.
    package static func stampedTime(in text: String) -> UInt64? {
        var digits = Substring()
        for run in text.split(whereSeparator: { !$0.isNumber }) where run.count == stampPlaceholder.count {
            digits = run
            break
        }
        return UInt64(digits)
    }

    /// The repeated event as it goes over the wire.
    var event: String { frame(name: eventName, eventJSON) }

    private var eventName: String? {
        switch self {
        case .chat: nil
        case .responses: "response.output_text.delta"
        case .anthropic: "content_block_delta"
        case .assistants: "thread.message.delta"
        }
    }

    /// The events before the repeated ones.
    var prefix: String {
        switch self {
        case .chat: ""
        case .responses:
            frame(name: "response.created", #"{"type":"response.created","sequence_number":0,"response":{"id":"resp_bench","object":"response","created_at":1700000000,"status":"in_progress","model":"gpt-4o-mini","output":[]}}"#)
        case .anthropic:
            frame(name: "message_start", #"{"type":"message_start","message":{"id":"msg_bench","type":"message","role":"assistant","model":"claude-sonnet-4-5","content":[],"stop_reason":null,"stop_sequence":null,"usage":{"input_tokens":10,"output_tokens":1}}}"#)
                + frame(name: "content_block_start", #"{"type":"content_block_start","index":0,"content_block":{"type":"text","text":""}}"#)
        case .assistants:
            frame(name: "thread.run.created", #"{"id":"run_bench","object":"thread.run","created_at":1700000000,"assistant_id":"asst_bench","thread_id":"thread_bench","status":"queued","model":"gpt-4o-mini","instructions":"","tools":[]}"#)
        }
    }

    /// The events after the repeated ones, ending the stream the way the provider does.
    var trailer: String {
        switch self {
        case .chat:
            let finish = OpenAIChat.benchmarkChunk.replacingOccurrences(of: #"{"content":" token"}"#, with: "{}")
                .replacingOccurrences(of: #""finish_reason":null"#, with: #""finish_reason":"stop""#)
            return frame(name: nil, finish) + frame(name: nil, "[DONE]")
        case .responses:
            return frame(name: "response.completed", #"{"type":"response.completed","sequence_number":13,"response":{"id":"resp_bench","object":"response","created_at":1700000000,"status":"completed","model":"gpt-4o-mini","output":[]}}"#)
        case .anthropic:
            return frame(name: "content_block_stop", #"{"type":"content_block_stop","index":0}"#)
                + frame(name: "message_delta", #"{"type":"message_delta","delta":{"stop_reason":"end_turn","stop_sequence":null},"usage":{"output_tokens":2}}"#)
                + frame(name: "message_stop", #"{"type":"message_stop"}"#)
        case .assistants:
            return frame(name: "thread.run.completed", #"{"id":"run_bench","object":"thread.run","created_at":1700000000,"assistant_id":"asst_bench","thread_id":"thread_bench","status":"completed","model":"gpt-4o-mini","instructions":"","tools":[]}"#)
                + frame(name: "done", "[DONE]")
        }
    }

    private func frame(name: String?, _ data: String) -> String {
        (name.map { "event: \($0)\n" } ?? "") + "data: \(data)\n\n"
    }
}
