import Foundation
import RelayCore

/// Reads a `usage` object, whichever API wrote it: chat and embeddings (`prompt_tokens`, `completion_tokens`),
/// Responses (`input_tokens`, `output_tokens`) and Anthropic (`input_tokens` plus `cache_creation_input_tokens`
/// and `cache_read_input_tokens`, which Anthropic counts apart; `output_tokens`).
enum UsageReading {
    static func usage(_ bytes: UnsafeRawBufferPointer) -> ObservedUsage? {
        guard let json = try? TopLevelJSON(bytes) else { return nil }
        func tokens(_ key: String) -> Int? {
            guard let member = try? json.member(key) else { return nil }
            return TopLevelJSON.integer(bytes, member)
        }
        guard let input = tokens("prompt_tokens") ?? tokens("input_tokens") else { return nil }
        let cached = (tokens("cache_creation_input_tokens") ?? 0) + (tokens("cache_read_input_tokens") ?? 0)
        return ObservedUsage(inputTokens: input + cached, outputTokens: tokens("completion_tokens") ?? tokens("output_tokens") ?? 0)
    }

    /// The `usage` member of an object, or of the object under `path` (`response`, `message`); nil when absent or null.
    static func usage(in bytes: UnsafeRawBufferPointer, under path: [String] = []) -> ObservedUsage? {
        guard let member = member(in: bytes, path: path + ["usage"]), !TopLevelJSON.isNull(bytes, member) else { return nil }
        return usage(TopLevelJSON.slice(bytes, member))
    }

    /// Output tokens alone (Anthropic's `message_delta`, whose `usage` may carry only `output_tokens`).
    static func outputTokens(in bytes: UnsafeRawBufferPointer) -> Int? {
        guard let usageMember = member(in: bytes, path: ["usage"]), bytes[usageMember.valueStart] == UInt8(ascii: "{") else { return nil }
        let usage = TopLevelJSON.slice(bytes, usageMember)
        guard let json = try? TopLevelJSON(usage), let output = try? json.member("output_tokens") else { return nil }
        return TopLevelJSON.integer(usage, output)
    }

    /// A member found by following object keys; offsets relative to `bytes`.
    static func member(in bytes: UnsafeRawBufferPointer, path: [String]) -> TopLevelJSON.Member? {
        var offset = 0
        var current = bytes
        for (index, key) in path.enumerated() {
            guard let json = try? TopLevelJSON(current), let found = try? json.member(key) else { return nil }
            if index == path.count - 1 {
                return TopLevelJSON.Member(
                    key: key, keyStart: found.keyStart + offset, valueStart: found.valueStart + offset, valueEnd: found.valueEnd + offset)
            }
            guard current[found.valueStart] == UInt8(ascii: "{") else { return nil }
            offset += found.valueStart
            current = TopLevelJSON.slice(current, found)
        }
        return nil
    }
}
