import Foundation
import HTTPTypes
import NIOCore
import RelayCore

/// A relay refusal in the provider's own error shape, so each SDK reports it like any error from that API.
///
/// OpenAI and Azure: `{"error":{"message","type","param":null,"code"}}`; Anthropic:
/// `{"type":"error","error":{"type","message"}}`. Every answer is `application/json` with an `x-relay-error`
/// header naming the reason (`rate_limited`, `forbidden`, …) so a client can tell the relay's refusals from the
/// upstream's; a 429 carries `retry-after` in seconds.
public enum ProviderErrorBody {
    /// The relay's own reason header.
    public static let reasonHeader = HTTPField.Name("x-relay-error")!

    public static func make(_ error: RelayError, provider: Provider) -> (status: Int, headers: HTTPFields, body: ByteBuffer) {
        var headers: HTTPFields = [.contentType: "application/json", reasonHeader: error.reason]
        if case .rateLimited(_, let retryAfter) = error {
            headers[.retryAfter] = String(max(retryAfter, 1))
        }
        let object: [String: Any] = switch provider {
        case .openai, .azure:
            ["error": ["message": error.message, "type": openAIType(error), "param": NSNull(), "code": openAICode(error)] as [String: Any]]
        case .anthropic:
            ["type": "error", "error": ["type": anthropicType(error), "message": error.message]]
        }
        let data = (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys, .withoutEscapingSlashes])) ?? Data()
        return (error.status, headers, ByteBuffer(bytes: data))
    }

    static func openAIType(_ error: RelayError) -> String {
        switch error {
        case .badRequest, .notFound, .payloadTooLarge: "invalid_request_error"
        case .unauthenticated: "authentication_error"
        case .forbidden: "permission_error"
        case .rateLimited: "rate_limit_exceeded"
        case .unavailable, .upstreamFailed: "server_error"
        }
    }

    static func openAICode(_ error: RelayError) -> String {
        switch error {
        case .rateLimited: "rate_limit_exceeded"
        case .unauthenticated: "invalid_api_key"
        case .payloadTooLarge: "request_too_large"
        default: error.reason
        }
    }

    static func anthropicType(_ error: RelayError) -> String {
        switch error {
        case .badRequest: "invalid_request_error"
        case .unauthenticated: "authentication_error"
        case .forbidden: "permission_error"
        case .notFound: "not_found_error"
        case .payloadTooLarge: "request_too_large"
        case .rateLimited: "rate_limit_error"
        case .unavailable: "overloaded_error"
        case .upstreamFailed: "api_error"
        }
    }
}
