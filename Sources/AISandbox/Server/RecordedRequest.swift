import AIServerKit
import Foundation
import HTTPTypes

/// A request the sandbox received, as it came over the wire.
public struct RecordedRequest: Sendable {
    /// The HTTP method, e.g. `POST`.
    public var method: String
    /// The path without the query, e.g. `/v1/chat/completions`.
    public var path: String
    /// The query items in order.
    public var query: [(name: String, value: String)]
    /// The header fields in order, names as sent (every field, `Connection` and `Upgrade` included).
    public var headers: HTTPFields
    /// The body bytes as received.
    public var body: Data
    /// The sandbox's own `host:port` the request arrived on, for a request without a `Host` header.
    var localAddress = "127.0.0.1"

    /// The first value of header `name`, compared case-insensitively.
    public func header(_ name: String) -> String? {
        guard let name = HTTPField.Name(name) else { return nil }
        return headers[fields: name].first?.value
    }

    public init(method: String, path: String, query: [(name: String, value: String)], headers: HTTPFields, body: Data) {
        self.method = method
        self.path = path
        self.query = query
        self.headers = headers
        self.body = body
    }

    /// The request as the server kit read it.
    init(_ request: ServerRequest) {
        self.init(
            method: request.method.rawValue, path: request.path, query: request.query, headers: request.headerFields,
            body: request.body)
        localAddress = request.localAddress
    }

    /// `http://` and the address the request came in on (its `Host` header, port included), for the absolute
    /// URLs the sandbox hands out.
    var origin: String { "http://" + (header("host") ?? localAddress) }

    /// The first value of query item `name`.
    public func queryValue(_ name: String) -> String? {
        query.first { $0.name == name }?.value
    }

    /// The body as Foundation objects (strings, numbers, arrays, dictionaries), or nil when it is not a JSON
    /// object: kept for tests written before ``jsonBody``, which reads the same body with typed values.
    public var json: [String: Any]? {
        // JSONSerialization itself, so numbers are the `NSNumber`s old tests cast to `Int` or `Double` alike.
        (try? JSONSerialization.jsonObject(with: body)) as? [String: Any]
    }

    /// The body parsed as a JSON object, or nil (for a body that is not JSON, or JSON but not an object).
    public var jsonBody: JSON? {
        guard let value = try? JSON(parsing: body), value.object != nil else { return nil }
        return value
    }
}
