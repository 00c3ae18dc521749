import Foundation
import HTTPTypes

/// One step of writing a response: the kit performs them in order, each after the previous write completed
/// (back-pressure). Pauses, stalls and early closes are how a server misbehaves on purpose, byte by byte.
public enum WriteAction {
    /// The status line and header fields.
    case head(HTTPResponse)
    case write([UInt8])
    /// Bytes made at the moment they are written (a benchmark stamps the clock into them).
    case writeNow(() -> [UInt8])
    /// Flushes, then waits this many seconds.
    case pause(TimeInterval)
    /// Flushes and writes nothing more, leaving the connection open.
    case stall
    /// Flushes and closes the connection (a response cut short).
    case close
    /// Ends the response; the connection waits for its next request.
    case end
}

/// A source of write actions, asked for one at a time (so a long stream is produced as it is written).
public protocol ResponseWrites {
    /// The next action, nil when there is none (then the connection is left as it is).
    mutating func next() -> WriteAction?
}

/// A complete response: head, body, end — for servers that don't misbehave.
public struct CompleteResponse: ResponseWrites {
    private var actions: [WriteAction]

    /// `Content-Length` is added; `Connection: close` when the client does not keep the connection.
    public init(status: HTTPResponse.Status, headerFields: HTTPFields = [:], body: [UInt8] = [], keepAlive: Bool = true) {
        var fields = headerFields
        fields[.contentLength] = String(body.count)
        if !keepAlive { fields[.connection] = "close" }
        actions = [.head(HTTPResponse(status: status, headerFields: fields))]
        if !body.isEmpty { actions.append(.write(body)) }
        actions.append(.end)
        actions.reverse()
    }

    /// A JSON answer, `Content-Type: application/json`.
    public init(status: HTTPResponse.Status = .ok, json: JSON, headerFields: HTTPFields = [:], keepAlive: Bool = true) {
        var fields = headerFields
        fields[.contentType] = "application/json"
        self.init(status: status, headerFields: fields, body: Array(json.serialized()), keepAlive: keepAlive)
    }

    public mutating func next() -> WriteAction? { actions.popLast() }
}
