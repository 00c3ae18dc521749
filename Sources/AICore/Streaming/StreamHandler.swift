import Foundation

/// Turns the items of a streamed body into a provider's typed stream elements.
///
/// The items are server-sent events, JSON Lines or raw chunks (see ``StreamFraming``); the last two reach the
/// handler as events with only `data`. One handler value serves one stream; it may keep state between events
/// (and should keep one `JSONDecoder` for the whole stream).
package protocol StreamHandler: Sendable {
    associatedtype Output: Sendable

    /// Decides what to do with `event`; throws ``APIError`` for an in-stream error or an undecodable payload.
    mutating func handle(_ event: ServerSentEvent, context: StreamContext) throws -> StreamAction<Output>

    /// Handles `event`, appending what it yields to `outputs`; the reader calls this one. (The default calls
    /// ``handle(_:context:)``; a handler of a hot stream implements it so no ``StreamAction`` is made per event.)
    mutating func handle(_ event: ServerSentEvent, context: StreamContext, into outputs: inout [Output]) throws -> StreamControl

    /// Called when the body ends without a ``StreamAction/finish``; throw to report a truncated stream.
    ///
    /// - Parameter droppedPartialEvent: whether the body ended inside an event.
    mutating func endOfStream(droppedPartialEvent: Bool, context: StreamContext) throws
}

extension StreamHandler {
    package mutating func handle(_ event: ServerSentEvent, context: StreamContext, into outputs: inout [Output]) throws -> StreamControl {
        switch try handle(event, context: context) {
        case .yield(let output):
            outputs.append(output)
            return .proceed
        case .skip:
            return .proceed
        case .finish:
            return .finish
        }
    }
}
