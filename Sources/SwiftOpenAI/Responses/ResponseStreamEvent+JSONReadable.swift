@_spi(Streaming) import AICore
import Foundation

// The fast path of the Responses stream's hot events: the text deltas (`response.output_text.delta`,
// `response.function_call_arguments.delta`, reasoning deltas, …) make up nearly every event of a stream.
// They are read with AICore's JSONReader; `JSONDecoder` stays the reference and takes every other event,
// and any delta the reader does not fully accept (token logprobs, a missing field, a wrong type).

extension ResponseStreamEvent {
    /// The delta event types, with the case each one builds.
    private static let deltaCases: [String: @Sendable (TextDelta) -> ResponseStreamEvent] = [
        "response.output_text.delta": { .outputTextDelta($0) },
        "response.refusal.delta": { .refusalDelta($0) },
        "response.function_call_arguments.delta": { .functionCallArgumentsDelta($0) },
        "response.reasoning_summary_text.delta": { .reasoningSummaryTextDelta($0) },
        "response.reasoning_text.delta": { .reasoningTextDelta($0) },
        "response.code_interpreter_call_code.delta": { .codeInterpreterCallCodeDelta($0) },
        "response.mcp_call_arguments.delta": { .mcpCallArgumentsDelta($0) },
        "response.custom_tool_call_input.delta": { .customToolCallInputDelta($0) },
        "response.audio.delta": { .audioDelta($0) },
        "response.audio.transcript.delta": { .audioTranscriptDelta($0) },
    ]

    private struct NotADelta: Error {}

    /// Reads a text-delta event, or returns nil to leave the payload to `FastJSONDecoder`. Debug test runs
    /// check every event it reads against `JSONDecoder`.
    package static func readDelta(_ data: Data) throws -> ResponseStreamEvent? {
        try JSONReader.readOrDecline(data) { reader in
            var make: (@Sendable (TextDelta) -> ResponseStreamEvent)?
            var delta: String?, sequenceNumber: Int?, itemID: String?, outputIndex: Int?, contentIndex: Int?
            var summaryIndex: Int?, obfuscation: String?, logprobs: [ResponseModel.OutputItem.Message.LogProb]?
            // A key seen twice goes to JSONDecoder, whose choice between the two is the reference.
            var seen: UInt16 = 0
            func first(_ bit: UInt16) throws {
                guard seen & bit == 0 else { throw NotADelta() }
                seen |= bit
            }
            try reader.readObject { reader, key in
                if key.matches("type") {
                    try first(1 << 0)
                    // Other events stop here (the API writes `type` first).
                    guard let found = deltaCases[try reader.readString()] else { throw NotADelta() }
                    make = found
                } else if key.matches("delta") {
                    try first(1 << 1)
                    delta = try reader.readString()
                } else if key.matches("sequence_number") {
                    try first(1 << 2)
                    sequenceNumber = try reader.readOptional { try $0.readInt() }
                } else if key.matches("item_id") {
                    try first(1 << 3)
                    itemID = try reader.readOptional { try $0.readString() }
                } else if key.matches("output_index") {
                    try first(1 << 4)
                    outputIndex = try reader.readOptional { try $0.readInt() }
                } else if key.matches("content_index") {
                    try first(1 << 5)
                    contentIndex = try reader.readOptional { try $0.readInt() }
                } else if key.matches("summary_index") {
                    try first(1 << 6)
                    summaryIndex = try reader.readOptional { try $0.readInt() }
                } else if key.matches("obfuscation") {
                    try first(1 << 7)
                    obfuscation = try reader.readOptional { try $0.readString() }
                } else if key.matches("logprobs") {
                    try first(1 << 8)
                    // An empty list is read here; token logprobs go to JSONDecoder.
                    logprobs = try reader.readOptional { reader -> [ResponseModel.OutputItem.Message.LogProb] in
                        try reader.readArray(of: { _ -> ResponseModel.OutputItem.Message.LogProb in throw NotADelta() })
                    }
                } else {
                    try reader.skipValue()
                }
            }
            guard let make, let delta else { throw NotADelta() }
            var value = TextDelta(
                sequenceNumber: sequenceNumber, itemID: itemID, outputIndex: outputIndex, contentIndex: contentIndex,
                summaryIndex: summaryIndex, delta: delta)
            value.logprobs = logprobs
            value.obfuscation = obfuscation
            return make(value)
        }
    }
}
