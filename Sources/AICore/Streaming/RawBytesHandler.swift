import Foundation

/// Yields the raw chunks of a body (audio, files) as they arrive.
package struct RawBytesHandler: StreamHandler {
    package init() {}

    package mutating func handle(_ event: ServerSentEvent, context: StreamContext) throws -> StreamAction<Data> {
        event.data.isEmpty ? .skip : .yield(event.data)
    }

    package mutating func endOfStream(droppedPartialEvent: Bool, context: StreamContext) throws {}
}
