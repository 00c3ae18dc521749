@_spi(Streaming) import AICore
import Foundation
import Testing

@testable import SwiftOpenAI

/// The hand-written readers repeat their models' keys. These tests fail when a model gains a field: first
/// because the fixture leaves it nil, then (once the fixture carries it) until the reader reads it too.
@Suite("Hand-written readers read every field of their models")
struct ReaderCoverageTests {
    /// A chat chunk with a value for every field of `ChatCompletionChunkObject`.
    static let everyChatField = #"""
        {"id":"c1","object":"chat.completion.chunk","created":1700000000,"model":"gpt-4o-mini",
         "system_fingerprint":"fp_1","service_tier":"default",
         "usage":{"prompt_tokens":9,"completion_tokens":12,"total_tokens":21,
                  "prompt_tokens_details":{"cached_tokens":1,"audio_tokens":2},
                  "completion_tokens_details":{"reasoning_tokens":5,"audio_tokens":3,"accepted_prediction_tokens":4,"rejected_prediction_tokens":6}},
         "choices":[{"index":0,"finish_reason":"stop","finish_details":{"type":"stop"},
                     "delta":{"role":"assistant","content":"a","refusal":"no",
                              "tool_calls":[{"index":0,"id":"call_1","type":"function","function":{"name":"f","arguments":"{}"}}],
                              "function_call":{"name":"g","arguments":"{}"}},
                     "logprobs":{"content":[{"token":"a","logprob":-0.5,"bytes":[97],"top_logprobs":[{"token":"a","logprob":-0.5,"bytes":[97]}]}],
                                 "refusal":[{"token":"n","logprob":-0.25,"bytes":[110],"top_logprobs":[]}]}}]}
        """#

    /// A Responses text delta with a value for every field of `ResponseStreamEvent.TextDelta`.
    static let everyDeltaField = #"""
        {"type":"response.reasoning_summary_text.delta","sequence_number":3,"item_id":"rs_1","output_index":1,
         "content_index":2,"summary_index":0,"delta":" word","logprobs":[],"obfuscation":"x"}
        """#

    @Test("chat chunk: no field of the model is left out, and the reader gives what Codable gives")
    func chatChunk() throws {
        let data = Data(Self.everyChatField.utf8)
        let reference = try JSONDecoder().decode(ChatCompletionChunkObject.self, from: data)
        #expect(Self.nilFields(reference) == [], "the fixture (and perhaps the reader) leaves these fields of the model out")
        let read = try JSONReader.read(data) { try ChatCompletionChunkObject(reading: &$0) }
        #expect(try Self.canonical(read) == Self.canonical(reference))
    }

    @Test("Responses text delta: no field of the model is left out, and the reader gives what Codable gives")
    func responsesDelta() throws {
        let data = Data(Self.everyDeltaField.utf8)
        let reference = try JSONDecoder().decode(ResponseStreamEvent.self, from: data)
        #expect(Self.nilFields(reference) == [], "the fixture (and perhaps the reader) leaves these fields of the model out")
        let read = try #require(try ResponseStreamEvent.readDelta(data), "the reader declined a plain delta")
        #expect(try Self.canonical(read) == Self.canonical(reference))
    }

    /// Paths of the optional stored properties that are nil, through nested values, the first element of
    /// arrays and enum payloads.
    static func nilFields(_ value: Any, path: String = "") -> [String] {
        let mirror = Mirror(reflecting: value)
        switch mirror.displayStyle {
        case .optional:
            guard let wrapped = mirror.children.first else { return [path] }
            return nilFields(wrapped.value, path: path)
        case .struct, .class, .enum, .tuple:
            return mirror.children.flatMap { nilFields($0.value, path: path + "." + ($0.label ?? "?")) }
        case .collection:
            return mirror.children.first.map { nilFields($0.value, path: path + "[0]") } ?? []
        default:
            return []
        }
    }

    static func canonical(_ value: some Encodable) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return String(decoding: try encoder.encode(value), as: UTF8.self)
    }
}
