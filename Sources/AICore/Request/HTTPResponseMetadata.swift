import Foundation
import HTTPTypes

/// What a response said about itself: status, headers, request id, timing and rate limits.
public struct HTTPResponseMetadata: Sendable {
    public let status: HTTPResponse.Status
    public let headers: HTTPFields
    /// The provider's request id (`x-request-id`, `request-id` or `apim-request-id`).
    public let requestID: String?
    /// When the response head arrived.
    public let receivedAt: Date
    /// The server's own processing time (`openai-processing-ms`), in seconds.
    public let processingTime: TimeInterval?
    /// Rate-limit state from `x-ratelimit-*` (OpenAI, Azure) or `anthropic-ratelimit-*` headers.
    public let rateLimit: RateLimit

    public init(status: HTTPResponse.Status, headers: HTTPFields, receivedAt: Date = Date()) {
        self.status = status
        self.headers = headers
        self.receivedAt = receivedAt
        requestID = APIError.requestID(in: headers)
        processingTime = headers["openai-processing-ms"].flatMap(Double.init).map { $0 / 1000 }
        rateLimit = RateLimit(headers: headers)
    }

    /// Rate-limit headers, read from either provider's spelling.
    public struct RateLimit: Sendable, Equatable {
        public var limitRequests: Int?
        public var remainingRequests: Int?
        /// When the request budget resets: a duration such as `6ms` (OpenAI) or an RFC 3339 time (Anthropic).
        public var resetRequests: String?
        public var limitTokens: Int?
        public var remainingTokens: Int?
        public var resetTokens: String?
        /// `retry-after`, in seconds, when present.
        public var retryAfter: TimeInterval?

        init(headers: HTTPFields) {
            func value(_ openAI: String, _ anthropic: String) -> String? {
                headers["x-ratelimit-\(openAI)"] ?? headers["anthropic-ratelimit-\(anthropic)"]
            }
            limitRequests = value("limit-requests", "requests-limit").flatMap(Int.init)
            remainingRequests = value("remaining-requests", "requests-remaining").flatMap(Int.init)
            resetRequests = value("reset-requests", "requests-reset")
            limitTokens = value("limit-tokens", "tokens-limit").flatMap(Int.init)
            remainingTokens = value("remaining-tokens", "tokens-remaining").flatMap(Int.init)
            resetTokens = value("reset-tokens", "tokens-reset")
            retryAfter = RetryPolicy.retryAfter(from: headers)
        }
    }
}
