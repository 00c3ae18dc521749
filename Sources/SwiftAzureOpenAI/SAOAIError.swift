import AICore
import Foundation

/// The errors of ``SAOAIClient``.
///
/// HTTP errors and in-stream errors arrive as ``apiError(_:)`` with the server's message, type, code, the HTTP
/// status, the request id and any `retry-after`.
public enum SAOAIError: Error, LocalizedError, Sendable {
    case invalidAPIKey
    case rateLimitExceeded
    case serverError(statusCode: Int)
    case invalidRequest(String)
    /// The connection failed or broke (a truncated stream included).
    case networkError(any Error)
    /// A body or event could not be decoded; the underlying error keeps the raw payload.
    case decodingError(any Error)
    /// The server reported an error.
    case apiError(ErrorResponse)
    case timeoutError(TimeInterval)
    case quotaExceeded
    case contentFiltered
    case modelNotFound
    case modelOverloaded

    public var errorDescription: String? {
        switch self {
        case .invalidAPIKey: "The provided API key is invalid."
        case .rateLimitExceeded: "Rate limit exceeded. Please try again later."
        case .serverError(let statusCode): "Server returned an error with status code: \(statusCode)."
        case .invalidRequest(let message): "Invalid request: \(message)"
        case .networkError(let error): "Network error: \(error.localizedDescription)"
        case .decodingError(let error): "Failed to decode response: \(error.localizedDescription)"
        case .apiError(let response): response.description
        case .timeoutError(let interval): "Request timed out after \(interval) seconds."
        case .quotaExceeded: "API quota exceeded. Please check your billing and usage limits."
        case .contentFiltered: "Content was filtered due to policy violations."
        case .modelNotFound: "The requested model was not found or is not available."
        case .modelOverloaded: "The model is currently overloaded. Please try again later."
        }
    }

    /// The HTTP status, when the server answered.
    public var statusCode: Int? {
        switch self {
        case .apiError(let response): response.statusCode
        case .serverError(let statusCode): statusCode
        default: nil
        }
    }

    /// The request id of the failed call, for support requests.
    public var requestId: String? {
        switch self {
        case .apiError(let response): response.requestId
        case .networkError(let error), .decodingError(let error): (error as? APIError)?.requestID
        default: nil
        }
    }

    /// The simple error for a status code without a body.
    public static func from(statusCode: Int) -> SAOAIError? {
        switch statusCode {
        case 400: .invalidRequest("Bad Request")
        case 401: .invalidAPIKey
        case 403: .quotaExceeded
        case 404: .modelNotFound
        case 422: .contentFiltered
        case 429: .rateLimitExceeded
        case 503: .modelOverloaded
        case 500...599: .serverError(statusCode: statusCode)
        default: nil
        }
    }

    /// Maps the shared core's errors.
    static func from(_ error: any Error, timeout: TimeInterval) -> any Error {
        if error is SAOAIError || error is CancellationError { return error }
        guard let error = error as? APIError else { return SAOAIError.networkError(error) }
        switch error.kind {
        case .cancelled: return CancellationError()
        case .timeout where error.statusCode == nil: return SAOAIError.timeoutError(timeout)
        case .connection: return SAOAIError.networkError(error)
        case .decoding, .invalidResponse: return SAOAIError.decodingError(error)
        case .invalidRequest: return SAOAIError.invalidRequest(error.message)
        default: return SAOAIError.apiError(ErrorResponse(error))
        }
    }
}

/// An error reported by the server: its `error` object, plus the HTTP status, request id and retry-after.
public struct ErrorResponse: Codable, Error, Sendable, CustomStringConvertible {
    public var error: APIErrorDetail
    /// The HTTP status (nil for an error reported inside a stream).
    public var statusCode: Int?
    public var requestId: String?
    /// Seconds the server asked to wait (`retry-after-ms` / `retry-after`).
    public var retryAfter: TimeInterval?

    public init(error: APIErrorDetail, statusCode: Int? = nil, requestId: String? = nil, retryAfter: TimeInterval? = nil) {
        self.error = error
        self.statusCode = statusCode
        self.requestId = requestId
        self.retryAfter = retryAfter
    }

    init(_ error: APIError) {
        self.init(
            error: APIErrorDetail(message: error.message, type: error.type, code: error.code, param: error.param),
            statusCode: error.statusCode, requestId: error.requestID, retryAfter: error.retryAfter)
    }

    public var description: String {
        var text = error.message
        var details: [String] = []
        if let statusCode { details.append("HTTP \(statusCode)") }
        if let code = error.code { details.append("code \(code)") }
        if let requestId { details.append("request id \(requestId)") }
        if !details.isEmpty { text += " (" + details.joined(separator: ", ") + ")" }
        return text
    }

    /// The `error` object of an error body.
    public struct APIErrorDetail: Codable, Sendable, Equatable {
        public var message: String
        public var type: String?
        public var code: String?
        public var param: String?

        public init(message: String, type: String? = nil, code: String? = nil, param: String? = nil) {
            self.message = message
            self.type = type
            self.code = code
            self.param = param
        }
    }

    enum CodingKeys: String, CodingKey {
        case error
    }
}
