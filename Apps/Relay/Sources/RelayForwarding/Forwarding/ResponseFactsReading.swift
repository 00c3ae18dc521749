@_spi(Forwarding) import AICore
import Foundation

/// Reads what a response says about its generation — id, model, why it stopped, cached and reasoning tokens —
/// for the call's span, and whether a streamed event carries generated output (which times the first chunk), in
/// every API's shape: chat completions, Responses and Anthropic Messages, as a JSON body or as stream events.
///
/// Like ``UsageReading`` it reads only the fields it needs, without building the document.
enum ResponseFactsReading {
    /// The facts of a whole JSON response (or of the object a stream event wraps: `response`, `message`).
    static func read(object bytes: UnsafeRawBufferPointer, into summary: inout ForwardedCallSummary) {
        guard let json = try? TopLevelJSON(bytes) else { return }
        read(object: bytes, json: json, into: &summary)
    }

    /// Reads only what is still unknown, so that a stream's events (chat chunks repeat their id and model) cost
    /// no allocation once the first has been read.
    private static func read(object bytes: UnsafeRawBufferPointer, json: TopLevelJSON, into summary: inout ForwardedCallSummary) {
        func member(_ key: String) -> TopLevelJSON.Member? {
            guard let found = try? json.member(key), !TopLevelJSON.isNull(bytes, found) else { return nil }
            return found
        }
        if summary.id == nil, let id = member("id").flatMap({ TopLevelJSON.string(bytes, $0) }), !id.isEmpty {
            summary.id = id
        }
        if summary.model == nil, let model = member("model").flatMap({ TopLevelJSON.string(bytes, $0) }), !model.isEmpty {
            summary.model = model
        }
        if let reason = member("stop_reason").flatMap({ TopLevelJSON.string(bytes, $0) }) { finished(reason, &summary) }
        // The Responses API has no finish reason: its status (and why it is incomplete) says how it ended.
        if let status = member("status"), let object = member("object"), TopLevelJSON.string(bytes, object) == "response",
            let text = TopLevelJSON.string(bytes, status), text != "in_progress", text != "queued"
        {
            let incomplete = UsageReading.member(in: bytes, path: ["incomplete_details", "reason"])
                .flatMap { TopLevelJSON.string(bytes, $0) }
            finished(incomplete ?? text, &summary)
        }
        if member("choices") != nil {
            for reason in ByteScan.stringValues(of: ByteScan.finishReason, in: bytes) { finished(reason, &summary) }
        }
        if let usage = member("usage") { readTokenDetails(usage: TopLevelJSON.slice(bytes, usage), into: &summary) }
    }

    /// Reads one stream event's payload (`json`, its top level already scanned); returns whether it carries
    /// generated output.
    static func read(
        event bytes: UnsafeRawBufferPointer, json: TopLevelJSON, type: String?, into summary: inout ForwardedCallSummary
    ) -> Bool {
        switch type {
        case nil:
            // A chat-completions chunk.
            read(object: bytes, json: json, into: &summary)
            return ByteScan.hasNonEmptyString(ByteScan.content, in: bytes)
                || ByteScan.hasNonEmptyString(ByteScan.refusal, in: bytes) || ByteScan.contains(ByteScan.toolCalls, in: bytes)
        case "message_start":
            if let message = member(in: bytes, path: ["message"]) {
                read(object: TopLevelJSON.slice(bytes, message), into: &summary)
            }
            return false
        case "message_delta":
            if let reason = member(in: bytes, path: ["delta", "stop_reason"]).flatMap({ TopLevelJSON.string(bytes, $0) }) {
                finished(reason, &summary)
            }
            if let usage = try? json.member("usage"), !TopLevelJSON.isNull(bytes, usage) {
                readTokenDetails(usage: TopLevelJSON.slice(bytes, usage), into: &summary)
            }
            return false
        case "content_block_delta":
            return true
        case "response.created", "response.queued", "response.in_progress", "response.completed", "response.incomplete",
            "response.failed":
            if let response = member(in: bytes, path: ["response"]) {
                read(object: TopLevelJSON.slice(bytes, response), into: &summary)
            }
            return false
        case "response.output_text.delta", "response.refusal.delta", "response.function_call_arguments.delta",
            "response.custom_tool_call_input.delta", "response.mcp_call_arguments.delta", "response.audio.delta",
            "response.audio.transcript.delta", "response.code_interpreter_call_code.delta":
            return true
        default:
            return false
        }
    }

    /// Cached and reasoning tokens from a `usage` object: Anthropic's cache reads and writes, OpenAI's
    /// `cached_tokens` and `reasoning_tokens` (under chat's or Responses' names).
    private static func readTokenDetails(usage bytes: UnsafeRawBufferPointer, into summary: inout ForwardedCallSummary) {
        guard bytes.first == UInt8(ascii: "{") else { return }
        func integer(_ path: [String]) -> Int? {
            UsageReading.member(in: bytes, path: path).flatMap { TopLevelJSON.integer(bytes, $0) }
        }
        if let read = integer(["cache_read_input_tokens"]) ?? integer(["prompt_tokens_details", "cached_tokens"])
            ?? integer(["input_tokens_details", "cached_tokens"])
        {
            summary.cacheReadTokens = read
        }
        if let created = integer(["cache_creation_input_tokens"]) { summary.cacheCreationTokens = created }
        if let reasoning = integer(["completion_tokens_details", "reasoning_tokens"])
            ?? integer(["output_tokens_details", "reasoning_tokens"])
        {
            summary.reasoningTokens = reasoning
        }
    }

    private static func finished(_ reason: String, _ summary: inout ForwardedCallSummary) {
        if !summary.finishReasons.contains(reason) { summary.finishReasons.append(reason) }
    }

    private static func member(in bytes: UnsafeRawBufferPointer, path: [String]) -> TopLevelJSON.Member? {
        UsageReading.member(in: bytes, path: path)
    }
}

/// Byte-level checks on one compact JSON event, for the few nested fields a chat chunk keeps inside its `choices`
/// array. A key can't match inside a string value: JSON escapes the quotes around it there.
enum ByteScan {
    /// The keys looked for, quotes included (made once: a stream's every event is scanned).
    static let content = Array(#""content""#.utf8)
    static let refusal = Array(#""refusal""#.utf8)
    static let toolCalls = Array(#""tool_calls""#.utf8)
    static let finishReason = Array(#""finish_reason""#.utf8)

    static func contains(_ needle: [UInt8], in bytes: UnsafeRawBufferPointer) -> Bool {
        firstIndex(of: needle, in: bytes, from: 0) != nil
    }

    /// Whether `key: "<at least one character>"` occurs (`key` with its quotes).
    static func hasNonEmptyString(_ key: [UInt8], in bytes: UnsafeRawBufferPointer) -> Bool {
        var found = false
        forEachStringValue(of: key, in: bytes) { start, end in
            found = found || end > start
            return !found
        }
        return found
    }

    /// Every string value of `key` (with its quotes), in order (escapes kept as written: the values read are plain
    /// words).
    static func stringValues(of key: [UInt8], in bytes: UnsafeRawBufferPointer) -> [String] {
        var values: [String] = []
        forEachStringValue(of: key, in: bytes) { start, end in
            values.append(String(decoding: UnsafeRawBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self))
            return true
        }
        return values
    }

    /// Calls `body` with the bounds of each string value of `key` (without its quotes) until it returns false.
    private static func forEachStringValue(
        of needle: [UInt8], in bytes: UnsafeRawBufferPointer, _ body: (Int, Int) -> Bool
    ) {
        var from = 0
        while let keyStart = firstIndex(of: needle, in: bytes, from: from) {
            var index = keyStart + needle.count
            from = index
            while index < bytes.count, TopLevelJSON.Scanner.isWhitespace(bytes[index]) { index += 1 }
            guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else { continue }
            index += 1
            while index < bytes.count, TopLevelJSON.Scanner.isWhitespace(bytes[index]) { index += 1 }
            guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else { continue }
            let start = index + 1
            var end = start
            while end < bytes.count, bytes[end] != UInt8(ascii: "\"") {
                end += bytes[end] == UInt8(ascii: "\\") ? 2 : 1
            }
            guard end < bytes.count else { return }
            from = end + 1
            guard body(start, end) else { return }
        }
    }

    private static func firstIndex(of needle: [UInt8], in bytes: UnsafeRawBufferPointer, from start: Int) -> Int? {
        guard let first = needle.first, bytes.count >= needle.count else { return nil }
        return needle.withUnsafeBytes { needle in
            var index = start
            let last = bytes.count - needle.count
            while index <= last {
                if bytes[index] == first, memcmp(bytes.baseAddress! + index, needle.baseAddress!, needle.count) == 0 {
                    return index
                }
                index += 1
            }
            return nil
        }
    }
}
