import Foundation
import Testing

@testable import SwiftOpenAI

@Suite("Responses delta fast path")
struct ResponseDeltaFastPathTests {
    static func encoded(_ event: ResponseStreamEvent) throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        return try encoder.encode(event)
    }

    @Test("the reader builds the same delta events as JSONDecoder, and leaves it what it does not accept")
    func sameAsJSONDecoder() throws {
        var read = 0
        for fixture in ResponsesTests.eventFixtures() {
            var object = fixture.fields
            object["type"] = fixture.type
            object["sequence_number"] = 7
            let data = try JSONSerialization.data(withJSONObject: object)
            let reference = try JSONDecoder().decode(ResponseStreamEvent.self, from: data)
            guard let fast = try ResponseStreamEvent.readDelta(data) else {
                // Shell-call deltas carry structured payloads of their own; every other delta is a text delta.
                #expect(!fixture.type.hasSuffix(".delta") || fixture.type.hasPrefix("response.shell_call"), "\(fixture.type) should take the fast path")
                continue
            }
            read += 1
            #expect(try Self.encoded(fast) == Self.encoded(reference), "\(fixture.type)")
        }
        #expect(read == 10, "every text-delta type of the spec")

        let variants: [(String, Bool)] = [
            (#"{"type":"response.output_text.delta","delta":"Hi \u00e9\n","item_id":null,"output_index":0,"content_index":0,"sequence_number":1,"logprobs":[],"obfuscation":"abc","extra":{"a":[1]}}"#, true),
            (#"{"delta":"late type","sequence_number":2,"type":"response.reasoning_summary_text.delta","summary_index":1}"#, true),
            (#"{"type":"response.output_text.delta","delta":"x","logprobs":[{"token":"x","logprob":-0.1,"bytes":[120],"top_logprobs":[]}]}"#, false),
            (#"{"type":"response.output_text.delta","delta":5}"#, false),
            (#"{"type":"response.output_text.delta","item_id":"m"}"#, false),
            (#"{"type":"response.output_text.done","text":"x","item_id":"m"}"#, false),
            (#"{"type":"response.output_text.delta","delta":"x"} trailing"#, false),
            // Repeated keys: JSONDecoder's choice is the reference, so the reader steps aside.
            (#"{"type":"response.output_text.delta","delta":"a","delta":"b"}"#, false),
            (#"{"type":"response.output_text.delta","type":"response.refusal.delta","delta":"a"}"#, false),
            (#"{"type":"response.output_text.delta","delta":"a","sequence_number":1,"sequence_number":null}"#, false),
        ]
        for (json, fastPath) in variants {
            let data = Data(json.utf8)
            let fast = try ResponseStreamEvent.readDelta(data)
            #expect((fast != nil) == fastPath, "\(json)")
            if let fast {
                #expect(try Self.encoded(fast) == Self.encoded(JSONDecoder().decode(ResponseStreamEvent.self, from: data)))
            }
        }
    }
}
