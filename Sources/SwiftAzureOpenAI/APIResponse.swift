import AICore
import Foundation

/// A decoded body with its HTTP metadata.
public struct APIResponse<T: Codable>: Codable {
    public let data: T
    public let metadata: ResponseMetadata
    public let statusCode: Int
    public let headers: [String: String]

    public init(data: T, metadata: ResponseMetadata, statusCode: Int, headers: [String: String]) {
        self.data = data
        self.metadata = metadata
        self.statusCode = statusCode
        self.headers = headers
    }
}

extension APIResponse: Sendable where T: Sendable {}

/// What the response said about itself: request id, time, processing time and rate limits.
public struct ResponseMetadata: Codable, Sendable, Equatable {
    /// `x-request-id` (or `apim-request-id` on Azure).
    public let requestId: String?
    /// When the response head arrived.
    public let timestamp: Date
    /// `openai-processing-ms`, in seconds.
    public let processingTime: TimeInterval?
    public let rateLimit: RateLimitInfo?

    public init(requestId: String?, timestamp: Date = Date(), processingTime: TimeInterval?, rateLimit: RateLimitInfo?) {
        self.requestId = requestId
        self.timestamp = timestamp
        self.processingTime = processingTime
        self.rateLimit = rateLimit
    }

    init(_ metadata: HTTPResponseMetadata) {
        let limit = metadata.rateLimit
        let rateLimit = RateLimitInfo(
            remaining: limit.remainingRequests ?? limit.remainingTokens,
            resetTime: (limit.resetRequests ?? limit.resetTokens).flatMap { RateLimitInfo.interval($0) }
                .map { metadata.receivedAt.addingTimeInterval($0) },
            limit: limit.limitRequests ?? limit.limitTokens)
        let empty = rateLimit.remaining == nil && rateLimit.limit == nil && rateLimit.resetTime == nil
        self.init(
            requestId: metadata.requestID ?? metadata.headers["apim-request-id"], timestamp: metadata.receivedAt,
            processingTime: metadata.processingTime, rateLimit: empty ? nil : rateLimit)
    }
}

/// Rate-limit headers: the request limit, what remains, and when it resets.
public struct RateLimitInfo: Codable, Sendable, Equatable {
    public let remaining: Int?
    public let resetTime: Date?
    public let limit: Int?

    public init(remaining: Int?, resetTime: Date?, limit: Int?) {
        self.remaining = remaining
        self.resetTime = resetTime
        self.limit = limit
    }

    /// Parses OpenAI's reset durations such as `1s`, `6m0s`, `120ms`, `1h2m3.5s`.
    static func interval(_ text: String) -> TimeInterval? {
        var total = 0.0
        var number = ""
        var index = text.startIndex
        var parsedAny = false
        while index < text.endIndex {
            let character = text[index]
            if character.isNumber || character == "." {
                number.append(character)
                index = text.index(after: index)
                continue
            }
            guard let value = Double(number) else { return nil }
            let rest = text[index...]
            if rest.hasPrefix("ms") {
                total += value / 1000
                index = text.index(index, offsetBy: 2)
            } else {
                switch character {
                case "h": total += value * 3600
                case "m": total += value * 60
                case "s": total += value
                default: return nil
                }
                index = text.index(after: index)
            }
            number = ""
            parsedAny = true
        }
        if !number.isEmpty {
            guard let value = Double(number) else { return nil }
            return total + value
        }
        return parsedAny ? total : nil
    }
}
