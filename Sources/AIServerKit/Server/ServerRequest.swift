import Foundation
import HTTPTypes

/// A request as it arrived whole: what the kit hands a server's responder.
public struct ServerRequest: Sendable {
    /// The method, e.g. `POST`.
    public var method: HTTPRequest.Method
    /// The path without the query, e.g. `/v1/chat/completions`.
    public var path: String
    /// The query items in order, as sent (`+` and percent escapes decoded).
    public var query: [(name: String, value: String)]
    /// The header fields in order, names as sent — every field the client sent, `Connection` and `Upgrade`
    /// included (a test checks what went over the wire).
    public var headerFields: HTTPFields
    /// The body bytes as received.
    public var body: Data
    /// The server's own `host:port` the request arrived on (IPv6 in brackets), for absolute URLs.
    public var localAddress: String
    /// Whether the client keeps the connection open after this request (HTTP/1.1 default, `Connection: close`).
    public var keepAlive: Bool

    public init(
        method: HTTPRequest.Method, path: String, query: [(name: String, value: String)] = [], headerFields: HTTPFields = [:],
        body: Data = Data(), localAddress: String = "127.0.0.1", keepAlive: Bool = true
    ) {
        self.method = method
        self.path = path
        self.query = query
        self.headerFields = headerFields
        self.body = body
        self.localAddress = localAddress
        self.keepAlive = keepAlive
    }

    /// The first value of header `name`, compared case-insensitively (nil for a name that can't be a header).
    public func header(_ name: String) -> String? {
        guard let name = HTTPField.Name(name) else { return nil }
        return headerFields[fields: name].first?.value
    }

    /// The first value of query item `name`.
    public func queryValue(_ name: String) -> String? {
        query.first { $0.name == name }?.value
    }

    /// The body parsed as JSON.
    /// - Throws: ``JSON/ParseError`` when it is not JSON.
    public func json() throws(JSON.ParseError) -> JSON {
        try JSON(parsing: body)
    }
}
