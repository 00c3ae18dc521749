import Foundation

/// Decodes each line of a JSON Lines body as `Element`.
package struct JSONLinesHandler<Element: Decodable & Sendable>: StreamHandler {
    private let decoder = FastJSONDecoder()

    package init() {}

    package mutating func handle(_ event: ServerSentEvent, context: StreamContext) throws -> StreamAction<Element> {
        do {
            return .yield(try decoder.decode(Element.self, from: event.data))
        } catch {
            throw APIError.decoding(error, body: event.data, status: context.status, headers: context.headers, what: "a JSON line")
        }
    }

    package mutating func endOfStream(droppedPartialEvent: Bool, context: StreamContext) throws {}
}
