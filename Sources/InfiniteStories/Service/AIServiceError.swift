import Foundation
import SwiftOpenAI

/// The InfiniteStories app's errors, which the app shows to parents, mapped from the SDK's ``APIError``.
///
/// The SDK has already retried what is worth retrying (429, 5xx, connection errors) by the time one of these
/// is thrown, so a caller should not retry in a loop of its own.
public enum AIServiceError: Error, LocalizedError {
    /// 401: the key is missing, wrong or revoked.
    case invalidAPIKey
    /// The connection failed or timed out; the ``APIError`` (or other error) is kept.
    case networkError(any Error)
    /// The reply could not be decoded, or had no title or no text.
    case invalidResponse
    /// Any other failure the server reported, with its message, status and request id.
    case apiError(String)
    /// 429 after the SDK's retries.
    case rateLimitExceeded
    /// No image came back, or its bytes are not a PNG, JPEG or WebP file.
    case imageGenerationFailed
    /// A file could not be read or written.
    case fileSystemError
    /// Moderation flagged user text or a generated story (the flagged categories), or OpenAI refused the prompt.
    case contentRejected(String)

    /// The SDK's error, where this error carries one (connection failures and timeouts).
    public var underlying: APIError? {
        if case .networkError(let error) = self { return error as? APIError }
        return nil
    }

    /// The error for anything a call threw: SDK errors by their kind, this type unchanged.
    public static func from(_ error: any Error) -> AIServiceError {
        if let error = error as? AIServiceError { return error }
        if let error = error as? APIError { return from(apiError: error) }
        if error is URLError || error is CancellationError { return .networkError(error) }
        if error is DecodingError { return .invalidResponse }
        if error is CocoaError { return .fileSystemError }
        return .apiError(Self.redactingKeys(String(describing: error)))
    }

    private static func from(apiError error: APIError) -> AIServiceError {
        switch error.kind {
        case .authentication: return .invalidAPIKey
        case .rateLimited: return .rateLimitExceeded
        case .connection, .timeout, .cancelled: return .networkError(error)
        case .decoding, .invalidResponse: return .invalidResponse
        default:
            if error.code == "content_policy_violation" || error.code == "moderation_blocked" {
                return .contentRejected(redactingKeys(error.message))
            }
            var details: [String] = []
            if let status = error.statusCode { details.append("HTTP \(status)") }
            if let requestID = error.requestID { details.append("request id \(requestID)") }
            let suffix = details.isEmpty ? "" : " (\(details.joined(separator: ", ")))"
            return .apiError(redactingKeys(error.message) + suffix)
        }
    }

    /// `text` with anything that looks like an OpenAI key replaced by its masked form.
    static func redactingKeys(_ text: String) -> String {
        guard text.contains("sk-") else { return text }
        var result = ""
        var rest = text[...]
        while let range = rest.range(of: "sk-") {
            result += rest[..<range.lowerBound]
            let body = rest[range.upperBound...].prefix { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_") }
            let candidate = "sk-" + body
            result += body.count >= 8 ? KeychainHelper.masked(String(candidate)) : String(candidate)
            rest = rest[body.endIndex...]
        }
        return result + rest
    }

    /// The English user message (with the flagged categories for ``contentRejected(_:)``).
    public var errorDescription: String? {
        switch self {
        case .contentRejected(let reason): "\(userMessage(language: "English")) (\(reason))"
        default: userMessage(language: "English")
        }
    }
}

/// The InfiniteStories app's `handleAIError`: the message to show a parent for any error, in `language`.
public func handleAIError(_ error: any Error, language: String = "English") -> String {
    AIServiceError.from(error).userMessage(language: language)
}
