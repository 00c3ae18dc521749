import Foundation

/// A request to a provider API, relative to the service's base URL.
public struct APIRequest: Sendable {
    public var method: HTTPMethod
    /// The path below the base URL, e.g. `/chat/completions`.
    public var path: String
    public var query: [URLQueryItem]
    public var headers: HTTPHeaderFields
    public var body: Data?

    public init(
        method: HTTPMethod, path: String, query: [URLQueryItem] = [], headers: HTTPHeaderFields = [:],
        body: Data? = nil
    ) {
        self.method = method
        self.path = path
        self.query = query
        self.headers = headers
        self.body = body
    }

    /// A request whose body is `value` encoded as JSON.
    public static func json(
        _ method: HTTPMethod, _ path: String, body value: some Encodable, query: [URLQueryItem] = [],
        encoder: JSONEncoder = APIRequest.jsonEncoder
    ) throws -> APIRequest {
        let data: Data
        do {
            data = try encoder.encode(value)
        } catch {
            throw APIError(kind: .invalidRequest, message: "Could not encode the request body: \(error)")
        }
        return APIRequest(
            method: method, path: path, query: query, headers: ["Content-Type": "application/json"], body: data)
    }

    /// A JSON request whose response is a `text/event-stream`.
    public static func eventStream(
        _ method: HTTPMethod, _ path: String, body value: some Encodable, query: [URLQueryItem] = []
    ) throws -> APIRequest {
        var request = try json(method, path, body: value, query: query)
        request.headers["Accept"] = "text/event-stream"
        return request
    }

    /// A request whose body is a multipart form.
    public static func multipart(_ method: HTTPMethod, _ path: String, form: MultipartFormData) -> APIRequest {
        APIRequest(method: method, path: path, headers: ["Content-Type": form.contentType], body: form.encoded())
    }

    /// The encoder used for request bodies: compact, no escaped slashes.
    public static var jsonEncoder: JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.withoutEscapingSlashes]
        return encoder
    }
}

/// Per-call settings that override the service's configuration.
public struct RequestOptions: Sendable {
    /// Total seconds for a call (all of it for plain calls; up to the response head for streams).
    public var timeout: TimeInterval?
    /// Seconds a stream may go without a byte before it fails with `.timeout`.
    public var streamIdleTimeout: TimeInterval?
    /// Overrides the service's retry count.
    public var maxRetries: Int?
    /// Headers added to (or replacing) the service's headers.
    public var extraHeaders: HTTPHeaderFields
    /// Query items added to the URL.
    public var extraQuery: [URLQueryItem]
    /// Called with the metadata of the successful response (for streams: when its head arrives).
    public var onResponse: (@Sendable (ResponseMetadata) -> Void)?

    public init(
        timeout: TimeInterval? = nil, streamIdleTimeout: TimeInterval? = nil, maxRetries: Int? = nil,
        extraHeaders: HTTPHeaderFields = [:], extraQuery: [URLQueryItem] = [],
        onResponse: (@Sendable (ResponseMetadata) -> Void)? = nil
    ) {
        self.timeout = timeout
        self.streamIdleTimeout = streamIdleTimeout
        self.maxRetries = maxRetries
        self.extraHeaders = extraHeaders
        self.extraQuery = extraQuery
        self.onResponse = onResponse
    }

    /// No overrides.
    public static let `default` = RequestOptions()
}
