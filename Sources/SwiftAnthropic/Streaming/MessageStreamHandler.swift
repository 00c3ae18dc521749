import AICore
import Foundation

/// Decodes Anthropic stream events. An `error` event throws ``APIError`` (an `overloaded_error` as
/// `.overloaded`); unknown events are yielded (or skipped, as listed); a body that ends before the final
/// event is reported as truncated.
struct AnthropicStreamHandler<Element: Decodable & Sendable>: ServerSentEventHandler, @unchecked Sendable {
    private let decoder = JSONDecoder()
    private let isEnd: (Element) -> Bool
    private let skippedEvents: Set<String>
    private let endDescription: String
    private var sawEnd = false

    init(skippedEvents: Set<String> = [], endDescription: String, isEnd: @escaping (Element) -> Bool) {
        self.skippedEvents = skippedEvents
        self.endDescription = endDescription
        self.isEnd = isEnd
    }

    mutating func handle(_ event: ServerSentEvent, context: StreamContext) throws -> StreamAction<Element> {
        guard !event.data.isEmpty else { return .skip }
        if let name = event.event, skippedEvents.contains(name) { return .skip }
        if event.event == "error" || Self.isErrorPayload(event.data) {
            throw APIError.fromStreamPayload(event.data, headers: context.headers, status: context.status)
        }
        let element: Element
        do {
            element = try decoder.decode(Element.self, from: event.data)
        } catch {
            throw APIError.decoding(error, body: event.data, status: context.status, headers: context.headers, what: "a stream event")
        }
        if isEnd(element) { sawEnd = true }
        return .yield(element)
    }

    mutating func endOfStream(droppedPartialEvent: Bool, context: StreamContext) throws {
        guard !sawEnd || droppedPartialEvent else { return }
        throw APIError(
            kind: .connection, statusCode: context.status,
            message: "The stream ended before \(endDescription)" + (droppedPartialEvent ? "; a partial event was dropped." : "."),
            requestID: context.requestID, headers: context.headers)
    }

    /// `{"type":"error", …}` without an `event:` line, found by a prefix check before any decoding.
    private static func isErrorPayload(_ data: Data) -> Bool {
        data.starts(with: #"{"type":"error""#.utf8)
    }
}
