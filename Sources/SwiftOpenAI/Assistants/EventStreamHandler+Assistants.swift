@_spi(Streaming) import AICore
import Foundation

extension EventStreamHandler where Element == AssistantStreamEvent {
    /// Assistant stream events, decoded by their SSE `event` name; the stream ends after `done`.
    package static var assistants: Self {
        EventStreamHandler(
            Rules(
                events: .named, endMarker: .yield(.done),
                decode: { event, decoder in
                    try AssistantStreamEvent.decode(type: event.event ?? "", data: event.data, decoder: decoder)
                },
                isFinal: { if case .done = $0 { true } else { false } }, finishesAfterFinal: true,
                payloadName: "an assistant stream event", missingEnd: "its done event"))
    }
}
