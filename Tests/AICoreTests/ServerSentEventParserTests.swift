import AICore
import Foundation
import Testing

@testable import AICore

/// Feeds `text` to a fresh parser in the given chunks and returns every event plus whether finish dropped data.
private func parse(_ chunks: [[UInt8]]) -> [ServerSentEvent] {
    var parser = ServerSentEventParser()
    var events: [ServerSentEvent] = []
    for chunk in chunks {
        parser.parse(Data(chunk)) { events.append($0) }
    }
    parser.finish()
    return events
}

private func parse(_ text: String) -> [ServerSentEvent] {
    parse([Array(text.utf8)])
}

private func event(_ data: String, type: String? = nil, id: String? = nil, retry: Int? = nil) -> ServerSentEvent {
    ServerSentEvent(event: type, data: Data(data.utf8), id: id, retry: retry)
}

/// Streams with their expected events, written with LF; the tests derive CRLF and CR versions.
private let corpus: [(String, [ServerSentEvent])] = [
    ("data: hello\n\n", [event("hello")]),
    ("data: a\ndata: b\n\n", [event("a\nb")]),
    ("event: add\ndata: 73857293\n\n", [event("73857293", type: "add")]),
    (": comment\ndata: x\n\n: another\n\n", [event("x")]),
    ("id: 7\ndata: first\n\ndata: second\n\n", [event("first", id: "7"), event("second", id: "7")]),
    ("retry: 1500\ndata: r\n\n", [event("r", retry: 1500)]),
    ("retry: 15x0\ndata: r\n\n", [event("r")]),
    ("data:no-space\n\ndata:  two-spaces\n\n", [event("no-space"), event(" two-spaces")]),
    ("data\n\ndata:\n\n", [event(""), event("")]),
    ("event: ping\n\ndata: after\n\n", [event("after")]),
    ("data: {\"delta\":\"h\u{e9}llo \u{1F600} \u{2028} end\"}\n\n", [event("{\"delta\":\"h\u{e9}llo \u{1F600} \u{2028} end\"}")]),
    ("unknown: field\ndata: ok\n\n", [event("ok")]),
    ("data: ok\n\ndata: unterminated", [event("ok")]),
    ("data: ok\n\ndata: unterminated\n", [event("ok")]),
    ("id: a\u{0}b\ndata: x\n\n", [event("x")]),
    ("data: [DONE]\n\n", [event("[DONE]")]),
]

private func variants(_ text: String) -> [String] {
    [text, text.replacingOccurrences(of: "\n", with: "\r\n"), text.replacingOccurrences(of: "\n", with: "\r")]
}

@Suite("Server-sent event parser")
struct ServerSentEventParserTests {
    @Test("WHATWG cases with LF, CRLF and CR line ends", arguments: 0..<corpus.count)
    func whatwgCases(index: Int) {
        let (text, expected) = corpus[index]
        for variant in variants(text) {
            #expect(parse(variant) == expected, "\(variant.debugDescription)")
        }
    }

    @Test("every stream, split at every position, with every line ending")
    func everySplitPoint() {
        for (text, expected) in corpus {
            for variant in variants(text) {
                let bytes = Array(variant.utf8)
                for cut in 0...bytes.count {
                    let events = parse([Array(bytes[..<cut]), Array(bytes[cut...])])
                    #expect(events == expected, "cut \(cut) of \(variant.debugDescription)")
                }
                for first in 0...bytes.count {
                    for second in first...bytes.count where (second - first) % 3 == 0 {
                        let events = parse([Array(bytes[..<first]), Array(bytes[first..<second]), Array(bytes[second...])])
                        #expect(events == expected, "cuts \(first),\(second) of \(variant.debugDescription)")
                    }
                }
            }
        }
    }

    @Test("random chunkings of the whole corpus, byte by byte included")
    func randomChunkings() {
        let all = corpus.map(\.0).filter { !$0.hasSuffix("unterminated") && !$0.hasSuffix("unterminated\n") }
        let text = all.joined()
        var generator = SystemRandomNumberGenerator()
        for variant in variants(text) {
            let bytes = Array(variant.utf8)
            let expected = parse([bytes])
            #expect(expected.count == 17)
            #expect(parse(bytes.map { [$0] }) == expected)
            for _ in 0..<200 {
                var chunks: [[UInt8]] = []
                var index = 0
                while index < bytes.count {
                    let size = Int.random(in: 1...17, using: &generator)
                    chunks.append(Array(bytes[index..<min(bytes.count, index + size)]))
                    index += size
                }
                #expect(parse(chunks) == expected)
            }
        }
    }

    @Test("a leading byte-order mark is skipped, also when split, and only once")
    func byteOrderMark() {
        let bytes: [UInt8] = [0xEF, 0xBB, 0xBF] + Array("data: x\n\n".utf8)
        for cut in 0...bytes.count {
            #expect(parse([Array(bytes[..<cut]), Array(bytes[cut...])]) == [event("x")])
        }
        let twice: [UInt8] = [0xEF, 0xBB, 0xBF] + bytes
        #expect(parse([twice]).isEmpty, "a second BOM is part of the first field name")
        let partial: [UInt8] = [0xEF, 0xBB] + Array("\ndata: y\n\n".utf8)
        #expect(parse([partial]) == [event("y")])
    }

    @Test("a multi-byte character split across chunks stays intact")
    func multiByteSplit() {
        let text = "data: 😀é中\n\n"
        let bytes = Array(text.utf8)
        for cut in 6..<(bytes.count - 2) {
            let events = parse([Array(bytes[..<cut]), Array(bytes[cut...])])
            #expect(events.map(\.dataString) == ["😀é中"])
        }
    }

    @Test("no dispatch without a blank line; finish reports the dropped event")
    func unterminatedEvent() {
        var parser = ServerSentEventParser()
        #expect(parser.parse(Data("data: a\n".utf8)).isEmpty)
        #expect(parser.finish() == true)
        var clean = ServerSentEventParser()
        #expect(clean.parse(Data("data: a\n\n".utf8)).count == 1)
        #expect(clean.finish() == false)
    }

    @Test("a CR at the end of one chunk and LF at the start of the next are one line end")
    func crlfAcrossChunks() {
        let events = parse([Array("data: a\r".utf8), Array("\n\r".utf8), Array("\ndata: b\r\n\r\n".utf8)])
        #expect(events == [event("a"), event("b")])
    }

    @Test("a 4 MB single-line event arrives whole, fed in 16 KB chunks")
    func largeEvent() {
        let payload = String(repeating: "x", count: 4 * 1024 * 1024)
        let bytes = Array("data: \(payload)\n\n".utf8)
        var chunks: [[UInt8]] = []
        var index = 0
        while index < bytes.count {
            chunks.append(Array(bytes[index..<min(bytes.count, index + 16 * 1024)]))
            index += 16 * 1024
        }
        let started = Date()
        let events = parse(chunks)
        let elapsed = Date().timeIntervalSince(started)
        #expect(events.count == 1)
        #expect(events.first?.data.count == payload.utf8.count)
        #expect(elapsed < 10, "took \(elapsed) s")
    }
}
