import AICore
import Foundation
import Testing

@testable import SwiftAnthropic

/// The hand-written reader of `content_block_delta` fragments repeats its models' keys. These tests fail when a
/// model gains a field the reader doesn't account for, and check that what it reads is what Codable reads.
@Suite("Anthropic's fragment reader")
struct FragmentReaderTests {
    static let fragments = [
        #"{"type":"content_block_delta","index":0,"delta":{"type":"text_delta","text":"Once upon a time"}}"#,
        #"{"type":"content_block_delta","index":1,"delta":{"type":"input_json_delta","partial_json":"{\"location\": \"Pa"}}"#,
        #"{"type":"content_block_delta","index":0,"delta":{"type":"thinking_delta","thinking":"Let me think ✨"}}"#,
        #"{"type":"content_block_delta","index":0,"delta":{"type":"signature_delta","signature":"EqQBCgIYAh"}}"#,
        #"{ "delta" : { "text" : "later \"type\"", "type" : "text_delta" }, "index" : 3, "type" : "content_block_delta" }"#,
        #"{"type":"content_block_delta","index":null,"delta":{"type":"text_delta","text":null}}"#,
    ]

    /// Events the reader must leave to the decoder (which keeps everything they carry).
    static let declined = [
        #"{"type":"message_delta","delta":{"stop_reason":"end_turn","stop_sequence":null},"usage":{"output_tokens":5}}"#,
        #"{"type":"content_block_delta","index":0,"delta":{"type":"citations_delta","citation":{"type":"char_location","cited_text":"x","document_index":0,"document_title":null,"start_char_index":0,"end_char_index":1}}}"#,
        #"{"type":"content_block_delta","index":0,"delta":{"type":"compaction_delta","content":"summary"}}"#,
        #"{"type":"content_block_delta","index":0,"delta":{"type":"future_delta","text":"x"}}"#,
        #"{"type":"content_block_delta","index":0,"delta":{"type":"text_delta","text":"x","new_field":1}}"#,
        #"{"type":"content_block_delta","index":0,"delta":{"type":"text_delta","text":"x"},"extra":true}"#,
        #"{"type":"content_block_delta","index":0,"index":1,"delta":{"type":"text_delta","text":"x"}}"#,
        #"{"type":"content_block_delta","index":0,"delta":{"type":"text_delta","text":"a","text":"b"}}"#,
        #"{"type":"content_block_start","index":0,"content_block":{"type":"text","text":""}}"#,
    ]

    @Test("fragments: the reader accepts them and gives what Codable gives", arguments: fragments)
    func readsFragments(_ json: String) throws {
        let data = Data(json.utf8)
        let read = try #require(try MessageStreamResponse.readFragment(data), "the reader declined a plain fragment")
        let reference = try JSONDecoder().decode(MessageStreamResponse.self, from: data)
        #expect(try Self.canonical(read) == Self.canonical(reference))
    }

    @Test("other events and unusual fragments go to the decoder", arguments: declined)
    func declines(_ json: String) throws {
        #expect(try MessageStreamResponse.readFragment(Data(json.utf8)) == nil)
    }

    @Test("every stored field of the event and of its delta is read by the reader or makes it decline")
    func coverage() throws {
        // The event: a fragment event has only these fields; any other key makes the reader decline.
        let event = try JSONDecoder().decode(MessageStreamResponse.self, from: Data(Self.fragments[0].utf8))
        let eventFields = Set(Mirror(reflecting: event).children.compactMap(\.label))
        #expect(MessageStreamResponse.readerFields.isSubset(of: eventFields))
        // The delta: every field the reader doesn't read must be one whose key makes it decline. A new field
        // shows up here until the reader reads it or the list below names it.
        let declinedDeltaFields: Set<String> = [
            "stopReason", "stopSequence", "citation", "content", "encryptedContent", "container", "stopDetails", "raw",
        ]
        let delta = try #require(event.delta)
        let deltaFields = Set(Mirror(reflecting: delta).children.compactMap(\.label))
        // The rarer fields live in the delta's box (`rare`), which a fragment never has.
        #expect(deltaFields == MessageStreamResponse.Delta.readerFields.union(["rare"]))
        let stop = try JSONDecoder().decode(
            MessageStreamResponse.Delta.self,
            from: Data(#"{"stop_reason":"end_turn","stop_sequence":null}"#.utf8))
        let rareDelta = try #require(Mirror(reflecting: stop).children.first { $0.label == "rare" }?.value)
        let deltaBox = try #require(Mirror(reflecting: rareDelta).children.first?.value, "a message_delta's stop reason is boxed")
        #expect(Set(Mirror(reflecting: deltaBox).children.compactMap(\.label)) == declinedDeltaFields)
        #expect(stop.stopReason == "end_turn")
        // The fields only other events have live in one box (`rare`); a fragment never has it, and any of their
        // keys makes the reader decline. A new field of the box shows up here too.
        #expect(eventFields == MessageStreamResponse.readerFields.union(["rare"]))
        let withUsage = try JSONDecoder().decode(
            MessageStreamResponse.self,
            from: Data(#"{"type":"message_delta","delta":{"stop_reason":"end_turn","stop_sequence":null},"usage":{"input_tokens":1,"output_tokens":3}}"#.utf8))
        let rare = try #require(Mirror(reflecting: withUsage).children.first { $0.label == "rare" }?.value)
        let box = try #require(Mirror(reflecting: rare).children.first?.value, "message_delta's usage is boxed")
        let rareFields = Set(Mirror(reflecting: box).children.compactMap(\.label))
        #expect(rareFields == ["contentBlock", "message", "usage", "error", "contextManagement"])
        #expect(withUsage.usage?.outputTokens == 3)
    }

    static func canonical(_ value: some Encodable) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return String(decoding: try encoder.encode(value), as: UTF8.self)
    }
}
