@_spi(Streaming) import AICore
import Foundation

extension EventStreamHandler where Element: Decodable {
    /// Anthropic's streams: every event is JSON whose `type` repeats the event name.
    ///
    /// An `error` event throws ``APIError`` (an `overloaded_error` as `.overloaded`); events named in `skipping`
    /// are ignored; a body that ends before the final element is reported as truncated.
    ///
    /// - Parameters:
    ///   - missingEnd: the final event's name, for the truncation error.
    ///   - isFinal: whether an element is the final one.
    static func anthropic(
        skipping: Set<String> = [], missingEnd: String, isFinal: @escaping @Sendable (Element) -> Bool
    ) -> Self {
        EventStreamHandler(
            Rules(
                events: .all(except: skipping), decode: { event, decoder in try decoder.decode(Element.self, from: event.data) },
                isFinal: isFinal, payloadName: "a stream event", missingEnd: missingEnd))
    }
}

extension EventStreamHandler where Element == MessageStreamResponse {
    /// A streamed message: it ends with `message_stop`.
    ///
    /// Text, tool-input, thinking and signature fragments (nearly every event) go through the hand-written reader,
    /// everything else through `FastJSONDecoder`.
    package static var messages: Self {
        EventStreamHandler(
            Rules(
                events: .all(except: []),
                decode: { event, decoder in
                    try MessageStreamResponse.readFragment(event.data)
                        ?? decoder.decode(MessageStreamResponse.self, from: event.data)
                },
                isFinal: { $0.type == "message_stop" }, payloadName: "a stream event", missingEnd: "message_stop"))
    }
}
