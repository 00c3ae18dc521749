@_spi(Streaming) import AICore
import Foundation

// The fast path of a Realtime session's hot events: text, audio and transcript deltas and function-call argument
// deltas make up nearly every event of a response. They are read in one pass with AICore's JSONReader (the decoder
// reads each message twice: its `type`, then the payload); `FastJSONDecoder` takes every other event, and any
// delta the reader doesn't fully accept.

extension RealtimeServerEvent {
    /// The content delta types, with the case each one builds.
    private static let contentDeltas: [String: @Sendable (RealtimeContentEvent) -> RealtimeServerEvent] = [
        "response.output_text.delta": { .responseOutputTextDelta($0) },
        "response.output_audio.delta": { .responseOutputAudioDelta($0) },
        "response.output_audio_transcript.delta": { .responseOutputAudioTranscriptDelta($0) },
    ]
    private static let functionCallDelta = "response.function_call_arguments.delta"

    /// The fields of the delta models the reader fills; the coverage test checks them against the models' stored
    /// properties.
    static let readerFields: [String: Set<String>] = [
        "RealtimeContentEvent": ["responseID", "itemID", "outputIndex", "contentIndex", "delta"],
        "RealtimeFunctionCallEvent": ["responseID", "itemID", "outputIndex", "callID", "name", "delta", "arguments"],
    ]

    private struct NotADelta: Error {}

    /// Reads a delta event in one pass, or returns nil to leave the message to the decoder. Debug test runs check
    /// every event it reads against the decoder's.
    package static func readDelta(_ data: Data) throws -> RealtimeServerEvent? {
        guard let event = try? JSONReader.read(data, { try readDelta(&$0) }) else { return nil }
        #if DEBUG
        if FastJSONDecoder.verifiesEveryDecode {
            switch (event, try decodeWithDecoder(data)) {
            case (.responseOutputTextDelta(let a), .responseOutputTextDelta(let b)),
                (.responseOutputAudioDelta(let a), .responseOutputAudioDelta(let b)),
                (.responseOutputAudioTranscriptDelta(let a), .responseOutputAudioTranscriptDelta(let b)):
                if a == b { return event }
            case (.responseFunctionCallArgumentsDelta(let a), .responseFunctionCallArgumentsDelta(let b)):
                if a == b { return event }
            default:
                break
            }
            throw DecodingError.dataCorrupted(
                .init(codingPath: [], debugDescription: "The Realtime delta reader and the decoder disagree on \(String(decoding: data, as: UTF8.self))"))
        }
        #endif
        return event
    }

    private static func readDelta(_ reader: inout JSONReader) throws -> RealtimeServerEvent {
        var type: String?, responseID: String?, itemID: String?, outputIndex: Int?, contentIndex: Int?
        var delta: String?, callID: String?, name: String?, arguments: String?
        var seen = SeenKeys()
        try reader.readObject { reader, key in
            if key.matches("type") {
                try seen.first(0)
                type = try reader.readString()
                // Other events stop here (the API writes `type` first).
                guard contentDeltas[type!] != nil || type == functionCallDelta else { throw NotADelta() }
            } else if key.matches("delta") {
                try seen.first(1)
                delta = try reader.readOptional { try $0.readString() }
            } else if key.matches("response_id") {
                try seen.first(2)
                responseID = try reader.readOptional { try $0.readString() }
            } else if key.matches("item_id") {
                try seen.first(3)
                itemID = try reader.readOptional { try $0.readString() }
            } else if key.matches("output_index") {
                try seen.first(4)
                outputIndex = try reader.readOptional { try $0.readInt() }
            } else if key.matches("content_index") {
                try seen.first(5)
                contentIndex = try reader.readOptional { try $0.readInt() }
            } else if key.matches("call_id") {
                try seen.first(6)
                callID = try reader.readOptional { try $0.readString() }
            } else if key.matches("name") {
                try seen.first(7)
                name = try reader.readOptional { try $0.readString() }
            } else if key.matches("arguments") {
                try seen.first(8)
                arguments = try reader.readOptional { try $0.readString() }
            } else if key.matches("event_id") {
                try reader.skipValue()  // in no model: the decoder ignores it too
            } else {
                // `text`, `transcript`, `part` or a key a later API adds: the decoder decides.
                throw NotADelta()
            }
        }
        guard let type else { throw NotADelta() }
        if let make = contentDeltas[type] {
            guard callID == nil, name == nil, arguments == nil else { throw NotADelta() }
            return make(
                RealtimeContentEvent(
                    responseID: responseID, itemID: itemID, outputIndex: outputIndex, contentIndex: contentIndex, delta: delta))
        }
        guard contentIndex == nil else { throw NotADelta() }
        return .responseFunctionCallArgumentsDelta(
            RealtimeFunctionCallEvent(
                responseID: responseID, itemID: itemID, outputIndex: outputIndex, callID: callID, name: name, delta: delta,
                arguments: arguments))
    }
}
