import Foundation
import HTTPTypes

/// A request to a provider API, relative to the service's base URL.
package struct APIRequest: Sendable {
    package var method: HTTPRequest.Method
    /// The path below the base URL, e.g. `/chat/completions`.
    package var path: String
    package var query: [URLQueryItem]
    package var headers: HTTPFields
    package var body: Data?
    /// What the request asks of a model, for traces and metrics; nil for requests that aren't generations.
    package var operation: GenAIOperation?

    package init(
        method: HTTPRequest.Method, path: String, query: [URLQueryItem] = [], headers: HTTPFields = [:],
        body: Data? = nil
    ) {
        self.method = method
        self.path = path
        self.query = query
        self.headers = headers
        self.body = body
    }

    /// A request whose body is `value` encoded as JSON.
    package static func json(
        _ method: HTTPRequest.Method, _ path: String, body value: some Encodable, query: [URLQueryItem] = []
    ) throws -> APIRequest {
        let data: Data
        do {
            data = try OrderedJSONEncoder().encode(value)
            #if DEBUG
            if FastJSONDecoder.verifiesEveryDecode { try OrderedJSONEncoder.verify(value, encoded: data) }
            #endif
        } catch {
            throw APIError(kind: .invalidRequest, message: "Could not encode the request body: \(error)")
        }
        return APIRequest(
            method: method, path: path, query: query, headers: [.contentType: "application/json"], body: data)
    }

    /// A JSON request whose response is a `text/event-stream`.
    package static func eventStream(
        _ method: HTTPRequest.Method, _ path: String, body value: some Encodable, query: [URLQueryItem] = []
    ) throws -> APIRequest {
        var request = try json(method, path, body: value, query: query)
        request.headers[.accept] = "text/event-stream"
        return request
    }

    /// A request whose body is a multipart form.
    package static func multipart(_ method: HTTPRequest.Method, _ path: String, form: MultipartFormData) -> APIRequest {
        APIRequest(method: method, path: path, headers: [.contentType: form.contentType], body: form.encoded())
    }

    /// The encoder used for request bodies: compact, no escaped slashes.
    package static var jsonEncoder: JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.withoutEscapingSlashes]
        return encoder
    }
}
