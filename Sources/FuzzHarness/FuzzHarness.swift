@_spi(Streaming) import AICore
import AISandbox
import Foundation
@_spi(Streaming) import SwiftAnthropic
@_spi(Streaming) import SwiftOpenAI

/// The checks the fuzzers run on arbitrary bytes: each returns nil when every invariant holds, or what broke.
///
/// A libFuzzer target (`Fuzz/`, built by `scripts/fuzz.sh`) stops on a non-nil answer; the test suite runs the
/// same checks over the seed corpus and random mutations of it (`FuzzSmokeTests`), so CI exercises them without a
/// second, instrumented build. Neither may crash on any input: that is the other half of the invariant.
package enum FuzzHarness {
    /// The targets by name, as `scripts/fuzz.sh` and the corpus folders (`Fuzz/Corpus/<name>`) spell them.
    package static let targets: [String: @Sendable (Data) -> String?] = [
        "sse": serverSentEvents, "json": json, "events": streamEvents, "multipart": multipart,
    ]

    /// The SSE parser: any chunking of the same bytes yields the same events and the same end state.
    package static func serverSentEvents(_ data: Data) -> String? {
        var whole = ServerSentEventParser()
        let expected = whole.parse(data)
        let droppedWhole = whole.finish()
        // Cut points derived from the input itself, so a crash reproduces from the input alone.
        var seed = data.reduce(UInt64(0x9E37_79B9_7F4A_7C15)) { ($0 &* 31) &+ UInt64($1) }
        var parser = ServerSentEventParser()
        var events: [ServerSentEvent] = []
        var offset = 0
        while offset < data.count {
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            let length = 1 + Int((seed >> 33) % 17)
            let end = min(data.count, offset + length)
            events += parser.parse(data.subdata(in: offset..<end))
            offset = end
        }
        let dropped = parser.finish()
        if events != expected { return "chunked parse gave \(events.count) events, one-chunk parse \(expected.count)" }
        if dropped != droppedWhole { return "chunked parse dropped a partial event: \(dropped), one chunk: \(droppedWhole)" }
        return nil
    }

    /// The fast JSON paths against `JSONDecoder`: `FastJSONDecoder` agrees exactly (value or failure), and the
    /// hand-written chat-chunk reader either declines or gives `JSONDecoder`'s value.
    package static func json(_ data: Data) -> String? {
        let reference = try? JSONDecoder().decode(JSONValue.self, from: data)
        let fast = try? FastJSONDecoder().decode(JSONValue.self, from: data)
        if reference != fast { return "FastJSONDecoder gave \(String(describing: fast)), JSONDecoder \(String(describing: reference))" }
        let chunk = try? JSONDecoder().decode(ChatCompletionChunkObject.self, from: data)
        let fastChunk = try? FastJSONDecoder().decode(ChatCompletionChunkObject.self, from: data)
        if encoded(chunk) != encoded(fastChunk) { return "FastJSONDecoder and JSONDecoder differ on a chat chunk" }
        if let read = try? JSONReader.read(data, { try ChatCompletionChunkObject(reading: &$0) }), encoded(read) != encoded(chunk) {
            return "the chat-chunk reader accepted what JSONDecoder reads differently"
        }
        return nil
    }

    /// The four providers' stream decoders on the bytes as an SSE body: events or a typed `APIError`, nothing else.
    package static func streamEvents(_ data: Data) -> String? {
        let events = { () -> [ServerSentEvent] in
            var parser = ServerSentEventParser()
            return parser.parse(data)
        }()
        let context = StreamContext(status: 200, headers: [:])
        func run<Element>(_ name: String, _ initial: EventStreamHandler<Element>) -> String? {
            var handler = initial
            for event in events {
                do {
                    if case .finish = try handler.handle(event, context: context) { return nil }
                } catch is APIError {
                    return nil
                } catch {
                    return "\(name): an event threw \(type(of: error)), not APIError: \(error)"
                }
            }
            do {
                try handler.endOfStream(droppedPartialEvent: false, context: context)
            } catch is APIError {
            } catch {
                return "\(name): the end threw \(type(of: error)), not APIError"
            }
            return nil
        }
        return run("chat", EventStreamHandler.chatCompletionChunks) ?? run("responses", EventStreamHandler.responses)
            ?? run("assistants", EventStreamHandler.assistants) ?? run("anthropic", EventStreamHandler.messages)
    }

    /// The sandbox's multipart parser, with the boundary taken from the body's first line: parts or nil.
    package static func multipart(_ data: Data) -> String? {
        let firstLine = data.prefix(80).split(separator: UInt8(ascii: "\r"), maxSplits: 1).first ?? Data()
        let boundary = String(decoding: firstLine.drop { $0 == UInt8(ascii: "-") }, as: UTF8.self)
        for contentType in ["multipart/form-data; boundary=\(boundary)", "multipart/form-data; boundary=\"x\"", "multipart/form-data"] {
            if let parts = Multipart.parse(data, contentType: contentType), parts.contains(where: { $0.data.count > data.count }) {
                return "a part is larger than the body"
            }
        }
        return nil
    }

    private static func encoded<T: Encodable>(_ value: T?) -> Data? {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        return value.flatMap { try? encoder.encode($0) }
    }
}
