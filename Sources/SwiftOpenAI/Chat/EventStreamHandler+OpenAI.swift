@_spi(Streaming) import AICore
import Foundation

extension EventStreamHandler where Element: Decodable {
    /// OpenAI's `data:`-only streams (chat chunks, transcription and speech events).
    ///
    /// Elements come in unnamed events; a named one (`event: ping`, or any a server adds) is skipped rather than
    /// decoded as a chunk. `[DONE]` ends the stream; an `{"error": …}` payload throws ``APIError``; a body that
    /// ends before `[DONE]` and before a final element is reported as truncated.
    ///
    /// - Parameters:
    ///   - decode: decodes one payload; by default with the fast decoder (`JSONDecoder`-equal results).
    ///   - isFinal: whether an element completes the answer, so a missing `[DONE]` after it is tolerated.
    static func openAI(
        decode: @escaping @Sendable (Data, FastJSONDecoder) throws -> Element = { try $1.decode(Element.self, from: $0) },
        isFinal: @escaping @Sendable (Element) -> Bool
    ) -> Self {
        EventStreamHandler(
            Rules(
                events: .unnamed, endMarker: .finish, decode: { event, decoder in try decode(event.data, decoder) },
                isFinal: isFinal, payloadName: "a stream chunk",
                missingEnd: "it was complete (no [DONE] and no finish reason)"))
    }
}

extension EventStreamHandler where Element == ChatCompletionChunkObject {
    /// Chat completion chunks: the hand-written reader first, `FastJSONDecoder` for anything it declines.
    package static var chatCompletionChunks: Self {
        .openAI(decode: { try ChatCompletionChunkObject.decode(from: $0, fallback: $1) }, isFinal: { $0.isFinal })
    }
}

extension ChatCompletionChunkObject {
    /// Whether this chunk ends a choice or carries the final usage.
    var isFinal: Bool {
        usage != nil || choices.contains { $0.finishReason != nil }
    }
}
