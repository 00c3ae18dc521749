import Foundation

/// What a stream does with one server-sent event.
public enum StreamAction<Output: Sendable>: Sendable {
    /// Yield a value to the consumer.
    case yield(Output)
    /// Ignore the event.
    case skip
    /// The stream is complete (e.g. `data: [DONE]`); later events are ignored.
    case finish
}

/// What a handler knows about the response it is reading.
public struct StreamContext: Sendable {
    public var status: Int
    public var headers: HTTPHeaderFields
    public var requestID: String? { APIError.requestID(in: headers) }
}

/// Turns server-sent events into a provider's typed stream elements.
///
/// One handler value serves one stream; it may keep state between events (and should keep one
/// `JSONDecoder` for the whole stream).
public protocol ServerSentEventHandler: Sendable {
    associatedtype Output: Sendable

    /// Decides what to do with `event`; throws ``APIError`` for an in-stream error or an undecodable payload.
    mutating func handle(_ event: ServerSentEvent, context: StreamContext) throws -> StreamAction<Output>

    /// Called when the body ends without a ``StreamAction/finish``; throw to report a truncated stream.
    ///
    /// - Parameter droppedPartialEvent: whether the body ended inside an event.
    mutating func endOfStream(droppedPartialEvent: Bool, context: StreamContext) throws
}
