/// Why the relay refused or failed a request. Each case maps to an HTTP status and is answered in the provider's
/// own error shape (see `ProviderErrorBody`), so every SDK handles it; no case carries a secret.
public enum RelayError: Error, Sendable, Equatable {
    /// No credentials, or credentials that don't verify (401).
    case unauthenticated(String)
    /// Authenticated, but not allowed to do this: an endpoint, a model or a token count outside the limits (403).
    case forbidden(String)
    /// The path names no project or provider the relay serves (404).
    case notFound(String)
    /// The request is malformed (400).
    case badRequest(String)
    /// The body is larger than the relay accepts (413).
    case payloadTooLarge(limit: Int)
    /// A limit is exhausted; try again after `retryAfter` seconds (429).
    case rateLimited(String, retryAfter: Int)
    /// The relay's database or the upstream can't be reached (503 / 502).
    case unavailable(String)
    case upstreamFailed(String)

    public var status: Int {
        switch self {
        case .unauthenticated: 401
        case .forbidden: 403
        case .notFound: 404
        case .badRequest: 400
        case .payloadTooLarge: 413
        case .rateLimited: 429
        case .unavailable: 503
        case .upstreamFailed: 502
        }
    }

    public var message: String {
        switch self {
        case .unauthenticated(let m), .forbidden(let m), .notFound(let m), .badRequest(let m),
            .rateLimited(let m, _), .unavailable(let m), .upstreamFailed(let m):
            m
        case .payloadTooLarge(let limit): "The request body is larger than this relay accepts (\(limit) bytes)."
        }
    }

    /// A short machine-readable reason, used in metrics labels and logs.
    public var reason: String {
        switch self {
        case .unauthenticated: "unauthenticated"
        case .forbidden: "forbidden"
        case .notFound: "not_found"
        case .badRequest: "bad_request"
        case .payloadTooLarge: "payload_too_large"
        case .rateLimited: "rate_limited"
        case .unavailable: "unavailable"
        case .upstreamFailed: "upstream_failed"
        }
    }
}
