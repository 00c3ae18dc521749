import AICore
import AISandbox
import Foundation
import SwiftAITestSupport
import Testing

@testable import SwiftOpenAI

/// The Realtime read path: deltas read in one pass (the same events the decoder makes), a slow reader's backlog
/// bounded by the connection's read pacing, and every event still delivered in order.
@Suite("Realtime read path")
struct RealtimePacingTests {
    static let deltas = [
        #"{"type":"response.output_text.delta","event_id":"e1","response_id":"r1","item_id":"i1","output_index":0,"content_index":0,"delta":"Once"}"#,
        #"{"type":"response.output_audio.delta","response_id":"r1","item_id":"i1","output_index":0,"content_index":0,"delta":"AAECAw=="}"#,
        #"{"type":"response.output_audio_transcript.delta","response_id":"r1","item_id":"i1","output_index":0,"content_index":0,"delta":"\u00e9t\u00e9 \"x\""}"#,
        #"{"type":"response.function_call_arguments.delta","event_id":"e2","response_id":"r1","item_id":"i2","output_index":1,"call_id":"c1","delta":"{\"a\":"}"#,
        #"{ "delta" : "late type", "output_index" : 0, "type" : "response.output_text.delta" }"#,
    ]

    /// Messages the reader must leave to the decoder.
    static let declined = [
        #"{"type":"response.output_text.done","response_id":"r1","item_id":"i1","output_index":0,"content_index":0,"text":"Once"}"#,
        #"{"type":"response.output_text.delta","response_id":"r1","delta":"x","part":{"type":"text","text":"x"}}"#,
        #"{"type":"response.output_text.delta","response_id":"r1","delta":"x","future_field":1}"#,
        #"{"type":"response.output_text.delta","delta":"a","delta":"b"}"#,
        #"{"type":"response.output_text.delta","delta":"a","call_id":"c1"}"#,
        #"{"type":"session.created","session":{"type":"realtime"}}"#,
    ]

    @Test("deltas: read in one pass into the events the decoder makes", arguments: deltas)
    func readsDeltas(_ json: String) throws {
        let data = Data(json.utf8)
        let read = try #require(try RealtimeServerEvent.readDelta(data), "the reader declined a delta")
        let decoded = try RealtimeServerEvent.decodeWithDecoder(data)
        #expect(String(describing: read) == String(describing: decoded))
    }

    @Test("other events and unusual deltas go to the decoder", arguments: declined)
    func declines(_ json: String) throws {
        #expect(try RealtimeServerEvent.readDelta(Data(json.utf8)) == nil)
    }

    @Test("every stored field of the delta models is one the reader fills, or one it declines on")
    func coverage() {
        let content = RealtimeContentEvent(responseID: "r", itemID: "i", outputIndex: 0, contentIndex: 0, delta: "d")
        let contentFields = Set(Mirror(reflecting: content).children.compactMap(\.label))
        #expect(contentFields == RealtimeServerEvent.readerFields["RealtimeContentEvent"]!.union(["text", "transcript", "part"]))
        let call = RealtimeFunctionCallEvent(responseID: "r", itemID: "i", outputIndex: 0, callID: "c", name: "n", delta: "d", arguments: "a")
        #expect(Set(Mirror(reflecting: call).children.compactMap(\.label)) == RealtimeServerEvent.readerFields["RealtimeFunctionCallEvent"])
    }

    @Test("a reader that falls behind a long response holds a bounded backlog, then gets every delta in order", arguments: realtimeTransports)
    func slowReader(transport: WebSocketTransport) async throws {
        try await withRealtimeService { _, service in
            let session = try await service.realtimeSession(model: "gpt-realtime", connection: realtimeOptions(transport, idle: 60))
            // One text delta per word: about 2.5 MB of events, ten times what the connection may hold.
            let words = 20_000
            try await session.sendText((1...words).map { "w\($0)" }.joined(separator: " "))
            try await session.createResponse(.init(outputModalities: ["text"]))
            // Not reading: the connection fills up to its limit and stops reading from the network.
            var peak = 0
            let deadline = Date().addingTimeInterval(30)
            while peak <= WebSocketActivity.pauseAboveBytes, Date() < deadline {
                try await Task.sleep(nanoseconds: 10_000_000)
                peak = max(peak, session.bufferedBytes)
            }
            #expect(peak > WebSocketActivity.pauseAboveBytes, "the backlog reached the limit")
            // Paused: it stays there while nobody reads.
            for _ in 0..<30 {
                try await Task.sleep(nanoseconds: 10_000_000)
                peak = max(peak, session.bufferedBytes)
            }
            // The limit, plus what one network read can add past it.
            #expect(peak <= WebSocketActivity.pauseAboveBytes + 256 << 10, "backlog \(peak) bytes")
            let reply = try await session.collectResponse()
            // The sandbox's reply repeats the prompt's words after a short preamble.
            let received = reply.text.split(separator: " ").suffix(words).map(String.init)
            #expect(received == (1...words).map { "w\($0)" })
            #expect(session.bufferedBytes < WebSocketActivity.resumeBelowBytes, "reading resumed once the reader caught up")
            await session.close()
        }
    }

    @Test("a loop on the main actor gets the same events as one off it")
    func mainActorLoop() async throws {
        try await withRealtimeService { _, service in
            let session = try await service.realtimeSession(model: "gpt-realtime", connection: realtimeOptions(realtimeTransports[0]))
            try await session.sendText("one two three four five")
            try await session.createResponse(.init(outputModalities: ["text"]))
            let text = try await Self.textOnMainActor(session)
            #expect(text.contains("five"))
            await session.close()
        }
    }

    /// A response's text, read by a loop on the main actor.
    @MainActor
    static func textOnMainActor(_ session: RealtimeSession) async throws -> String {
        var text = ""
        for try await event in session.events {
            if case .responseOutputTextDelta(let delta) = event { text += delta.delta ?? "" }
            if case .responseDone = event { break }
        }
        return text
    }
}
