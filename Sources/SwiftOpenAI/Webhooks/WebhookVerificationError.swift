/// Why a webhook delivery was refused. The secret never appears in it.
public enum WebhookVerificationError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The header (`webhook-id`, `webhook-timestamp` or `webhook-signature`) is missing or empty.
    case missingHeader(String)
    /// `webhook-timestamp` is not Unix seconds.
    case invalidTimestamp(String)
    /// The timestamp is older than the tolerance allows (a replay, or a very late delivery).
    case timestampTooOld(seconds: Int)
    /// The timestamp is further in the future than the tolerance allows.
    case timestampTooNew(seconds: Int)
    /// None of the `v1` signatures is the body's (wrong secret, or the id, timestamp or body were changed).
    case noMatchingSignature(candidates: Int)
    /// The secret can't be a key: it is empty, a bare `whsec_`, or `whsec_` followed by something that isn't base64.
    /// An empty key would accept deliveries signed by anyone, so nothing is verified with it.
    case invalidSecret
    /// The verified body is not a webhook event (not JSON, or no `type`).
    case invalidPayload(String)

    public var description: String {
        switch self {
        case .missingHeader(let name): "webhook verification failed: missing header \(name)"
        case .invalidTimestamp(let value): "webhook verification failed: invalid webhook-timestamp \"\(value)\""
        case .timestampTooOld(let seconds): "webhook verification failed: the timestamp is too old (\(seconds) s)"
        case .timestampTooNew(let seconds): "webhook verification failed: the timestamp is too new (\(seconds) s ahead)"
        case .noMatchingSignature(let count): "webhook verification failed: no matching signature (\(count) v1 signature\(count == 1 ? "" : "s") checked)"
        case .invalidSecret:
            "webhook verification failed: the signing secret is empty or malformed (expected whsec_ followed by base64, as the dashboard shows it)"
        case .invalidPayload(let reason): "the webhook body is not an event: \(reason)"
        }
    }
}
