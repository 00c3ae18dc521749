import Foundation

/// One event of a `text/event-stream` body.
public struct ServerSentEvent: Sendable, Equatable {
    /// The `event` field; `nil` when the event had none (the WHATWG default type, "message").
    public var event: String?
    /// The `data` lines joined with `\n`.
    public var data: Data
    /// The last event id seen on the stream when this event was dispatched.
    public var id: String?
    /// The last `retry` value seen on the stream, in milliseconds.
    public var retry: Int?

    public init(event: String? = nil, data: Data, id: String? = nil, retry: Int? = nil) {
        self.event = event
        self.data = data
        self.id = id
        self.retry = retry
    }

    /// The data decoded as UTF-8.
    public var dataString: String { String(decoding: data, as: UTF8.self) }
}
