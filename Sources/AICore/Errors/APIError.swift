import Foundation
import HTTPTypes

/// The one error type of every SwiftAI service.
///
/// It carries what the server said (status, provider error type, code, param and message, request id,
/// retry-after, headers and the raw body) or what went wrong locally (timeout, connection, decoding,
/// cancellation). It never contains request headers, so API keys cannot leak through it.
public struct APIError: Error, LocalizedError, CustomStringConvertible, Sendable {
    /// What kind of failure this is; match the kinds you handle and end a `switch` with `default:`.
    public var kind: Kind
    /// The HTTP status, when a response arrived.
    public var statusCode: Int?
    /// The provider's error type, e.g. `invalid_request_error` or `overloaded_error`.
    public var type: String?
    /// The provider's error code, e.g. `rate_limit_exceeded`.
    public var code: String?
    /// The request parameter the provider blames.
    public var param: String?
    /// A readable message: the provider's own when it sent one.
    public var message: String
    /// The request id from `x-request-id`, `request-id` or `apim-request-id`.
    public var requestID: String?
    /// How long the server asked to wait before retrying, in seconds.
    public var retryAfter: TimeInterval?
    /// The response headers.
    public var headers: HTTPFields
    /// The raw response body or event payload, when there was one.
    public var rawBody: Data?
    /// How many attempts were made before giving up.
    public var attempts: Int
    /// The WebSocket close code, for ``Kind/closed`` (e.g. 1011 for a server error, 1008 for a policy violation).
    public var closeCode: Int?

    public init(
        kind: Kind, statusCode: Int? = nil, type: String? = nil, code: String? = nil, param: String? = nil,
        message: String, requestID: String? = nil, retryAfter: TimeInterval? = nil,
        headers: HTTPFields = [:], rawBody: Data? = nil, attempts: Int = 1
    ) {
        self.kind = kind
        self.statusCode = statusCode
        self.type = type
        self.code = code
        self.param = param
        self.message = message
        self.requestID = requestID
        self.retryAfter = retryAfter
        self.headers = headers
        self.rawBody = rawBody
        self.attempts = attempts
    }

    /// The raw body as text, when it is valid UTF-8.
    public var rawBodyString: String? { rawBody.flatMap { String(data: $0, encoding: .utf8) } }

    public var description: String {
        var parts: [String] = []
        if let statusCode { parts.append("HTTP \(statusCode)") }
        if let closeCode { parts.append("close code \(closeCode)") }
        parts.append(kind.rawValue)
        if let type { parts.append(type) }
        if let code { parts.append("code=\(code)") }
        if let param { parts.append("param=\(param)") }
        var text = "APIError(\(parts.joined(separator: ", "))): \(message)"
        if let requestID { text += " [request id \(requestID)]" }
        if let retryAfter { text += " [retry after \(retryAfter) s]" }
        return text
    }

    public var errorDescription: String? { description }
}

extension APIError {
    /// The kind an HTTP status maps to.
    package static func kind(forStatus status: Int) -> Kind {
        switch status {
        case 400: .badRequest
        case 401: .authentication
        case 403: .permissionDenied
        case 404: .notFound
        case 408: .timeout
        case 409: .conflict
        case 422: .unprocessableEntity
        case 429: .rateLimited
        case 529: .overloaded
        case 500...599: .server
        default: .unexpectedStatus
        }
    }

    /// The request id a response carries, under any of the providers' header names.
    package static func requestID(in headers: HTTPFields) -> String? {
        headers["x-request-id"] ?? headers["request-id"] ?? headers["apim-request-id"]
    }

    /// Builds the error for a non-success response from its status, headers and body.
    ///
    /// Understands OpenAI (`{"error":{"message","type","param","code"}}`), Anthropic
    /// (`{"type":"error","error":{"type","message"}}`), Azure and plain-text or HTML bodies.
    package static func fromResponse(status: Int, headers: HTTPFields, body: Data) -> APIError {
        var error = APIError(
            kind: kind(forStatus: status), statusCode: status,
            message: "HTTP \(status)", requestID: requestID(in: headers),
            retryAfter: RetryPolicy.retryAfter(from: headers), headers: headers,
            rawBody: body.isEmpty ? nil : body)
        let details = ProviderErrorDetails(body: body)
        if let message = details.message, !message.isEmpty {
            error.message = HeaderRedaction.maskSecrets(in: message)
        } else if !body.isEmpty {
            error.message = describeNonJSONBody(body, status: status, contentType: headers["content-type"])
        } else {
            error.message = "HTTP \(status) with an empty body"
        }
        error.type = details.type
        error.code = details.code
        error.param = details.param
        if details.type == "overloaded_error" { error.kind = .overloaded }
        return error
    }

    /// This error with the credentials sent in `headers` masked in its message (see
    /// ``HeaderRedaction/maskCredentials(sentIn:in:)``); the raw body stays as received.
    package func maskingCredentials(sentIn headers: HTTPFields) -> APIError {
        var masked = self
        masked.message = HeaderRedaction.maskCredentials(sentIn: headers, in: message)
        return masked
    }

    /// Builds the error for an `error` reported inside a stream.
    package static func fromStreamPayload(_ payload: Data, headers: HTTPFields, status: Int?) -> APIError {
        let details = ProviderErrorDetails(body: payload)
        var kind = Kind.streamError
        switch details.type {
        case "overloaded_error": kind = .overloaded
        case "rate_limit_error": kind = .rateLimited
        case "api_error", "server_error": kind = .server
        default:
            switch details.code {
            case "rate_limit_exceeded": kind = .rateLimited
            case "server_error": kind = .server
            default: break
            }
        }
        return APIError(
            kind: kind, statusCode: status, type: details.type, code: details.code, param: details.param,
            message: HeaderRedaction.maskSecrets(in: details.message ?? "The stream reported an error."),
            requestID: requestID(in: headers),
            headers: headers, rawBody: payload)
    }

    /// Builds the error for a body that could not be decoded.
    package static func decoding(
        _ error: any Error, body: Data, status: Int? = nil, headers: HTTPFields = [:], what: String
    ) -> APIError {
        APIError(
            kind: .decoding, statusCode: status,
            message: "Could not decode \(what): \(describeDecodingError(error))",
            requestID: requestID(in: headers), headers: headers, rawBody: body)
    }

    private static func describeNonJSONBody(_ body: Data, status: Int, contentType: String?) -> String {
        let text = String(decoding: body.prefix(512), as: UTF8.self)
        let flattened = text.replacingOccurrences(of: "\\s+", with: " ", options: .regularExpression)
            .trimmingCharacters(in: .whitespaces)
        let kind = contentType.map { " (\($0))" } ?? ""
        return HeaderRedaction.maskSecrets(
            in: "HTTP \(status) with a non-JSON body\(kind): \(flattened)\(body.count > 512 ? "…" : "")")
    }

    static func describeDecodingError(_ error: any Error) -> String {
        guard let decodingError = error as? DecodingError else { return String(describing: error) }
        func path(_ context: DecodingError.Context) -> String {
            let keys = context.codingPath.map { key in key.intValue.map { "[\($0)]" } ?? key.stringValue }
            return keys.isEmpty ? "top level" : keys.joined(separator: ".")
        }
        switch decodingError {
        case .keyNotFound(let key, let context):
            return "missing key '\(key.stringValue)' at \(path(context))"
        case .typeMismatch(let type, let context):
            return "expected \(type) at \(path(context)): \(context.debugDescription)"
        case .valueNotFound(let type, let context):
            return "null where \(type) was expected at \(path(context))"
        case .dataCorrupted(let context):
            return "invalid data at \(path(context)): \(context.debugDescription)"
        @unknown default:
            return String(describing: decodingError)
        }
    }
}

/// The fields providers put in an error body, found wherever each provider puts them.
struct ProviderErrorDetails {
    var message: String?
    var type: String?
    var code: String?
    var param: String?

    init(body: Data) {
        guard let object = (try? JSONSerialization.jsonObject(with: body)) as? [String: Any] else { return }
        let inner = object["error"] as? [String: Any]
        message = Self.string(inner?["message"]) ?? Self.string(object["error"]) ?? Self.string(object["message"])
            ?? Self.string(object["detail"])
        type = Self.string(inner?["type"]) ?? (object["type"] as? String).flatMap { $0 == "error" ? nil : $0 }
        code = Self.string(inner?["code"]) ?? Self.string(object["code"])
        param = Self.string(inner?["param"]) ?? Self.string(object["param"])
    }

    private static func string(_ value: Any?) -> String? {
        switch value {
        case let string as String: string
        case let integer as Int: String(integer)
        case let number as Double: String(number)
        default: nil
        }
    }
}
