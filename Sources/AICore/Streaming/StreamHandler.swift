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

    /// Called when the body ends without a ``StreamAction/finish``; throw to report a truncated stream.
    ///
    /// - Parameter droppedPartialEvent: whether the body ended inside an event.
    mutating func endOfStream(droppedPartialEvent: Bool, context: StreamContext) throws
}
