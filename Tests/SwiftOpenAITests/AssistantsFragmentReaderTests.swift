import AICore
import Foundation
import Testing

@testable import SwiftOpenAI

/// The hand-written reader of Assistants text fragments (`thread.message.delta`) repeats its models' keys. These
/// tests fail when a model gains a field the reader doesn't account for, and check that what it reads is what
/// Codable reads.
@Suite("Assistants' message-delta reader")
struct AssistantsFragmentReaderTests {
    static let fragments = [
        #"{"id":"msg_1","object":"thread.message.delta","delta":{"content":[{"index":0,"type":"text","text":{"value":"Once","annotations":[]}}]}}"#,
        #"{"id":"msg_1","object":"thread.message.delta","delta":{"role":"assistant","content":[{"index":0,"type":"text","text":{"value":"a \"quoted\" é"}}]}}"#,
        #"{ "delta" : { "content" : [ ] }, "object" : "thread.message.delta", "id" : "msg_2" }"#,
        #"{"id":"msg_1","object":"thread.message.delta","delta":{"role":null,"content":null}}"#,
    ]

    /// Deltas the reader must leave to the decoder (which keeps everything they carry).
    static let declined = [
        #"{"id":"msg_1","object":"thread.message.delta","delta":{"content":[{"index":0,"type":"text","text":{"value":"x","annotations":[{"type":"file_path","text":"sandbox:/a","file_path":{"file_id":"f"},"start_index":0,"end_index":1}]}}]}}"#,
        #"{"id":"msg_1","object":"thread.message.delta","delta":{"content":[{"index":0,"type":"image_file","image_file":{"file_id":"f"}}]}}"#,
        #"{"id":"msg_1","object":"thread.message.delta","delta":{"content":[{"index":0,"type":"refusal","refusal":"no"}]}}"#,
        #"{"id":"msg_1","object":"thread.message.delta","delta":{"content":[]},"extra":1}"#,
        #"{"id":"msg_1","object":"thread.message.delta","delta":{"content":[{"index":0,"type":"text","text":{"value":"x"},"new":1}]}}"#,
        #"{"id":"msg_1","id":"msg_2","object":"thread.message.delta","delta":{"content":[]}}"#,
    ]

    @Test("text fragments: the reader accepts them and gives what Codable gives", arguments: fragments)
    func readsFragments(_ json: String) throws {
        let data = Data(json.utf8)
        let read = try #require(try MessageDeltaObject.readTextFragment(data), "the reader declined a plain fragment")
        let reference = try JSONDecoder().decode(MessageDeltaObject.self, from: data)
        #expect(try ReaderCoverageTests.canonical(read) == ReaderCoverageTests.canonical(reference))
    }

    @Test("other deltas go to the decoder", arguments: declined)
    func declines(_ json: String) throws {
        #expect(try MessageDeltaObject.readTextFragment(Data(json.utf8)) == nil)
    }

    @Test("every stored field of the models is one the reader fills (or, for a text part's annotations, declines on)")
    func coverage() throws {
        let data = Data(Self.fragments[1].utf8)
        let delta = try JSONDecoder().decode(MessageDeltaObject.self, from: data)
        guard case .text(let text)? = delta.delta.content.first else {
            Issue.record("the fixture has no text part")
            return
        }
        let models: [(String, Any)] = [
            ("MessageDeltaObject", delta), ("Delta", delta.delta), ("Text", text), ("TextContent", text.text),
        ]
        for (name, value) in models {
            let fields = Set(Mirror(reflecting: value).children.compactMap(\.label))
            #expect(fields == MessageDeltaObject.readerFields[name], "\(name) has fields the reader doesn't account for")
        }
    }
}
