// HMAC-SHA256: CryptoKit on Apple platforms, swift-crypto where the package runs on SwiftNIO. Linux built without the
// SwiftNIO trait has neither, and so no webhook verification.
#if SWIFTAI_NIO || canImport(CryptoKit)
import AICore
#if SWIFTAI_NIO
import Crypto
#else
import CryptoKit
#endif
import Foundation
import HTTPTypes

/// Verifies and decodes the webhooks OpenAI sends when background work ends (responses, batches, fine-tuning jobs,
/// evals) or a SIP call comes in.
///
/// OpenAI signs webhooks with the [Standard Webhooks](https://www.standardwebhooks.com) scheme, as the official SDKs
/// check it: HMAC-SHA256 over `"{webhook-id}.{webhook-timestamp}.{body}"` with the endpoint's secret (`whsec_` and
/// base64), sent as one or more space-separated `v1,<base64>` signatures in `webhook-signature` (several while a
/// secret is being rotated; any one matching is enough). The timestamp must be within `tolerance` of now, both
/// ways, so a captured delivery can't be replayed later. Comparisons are constant-time.
///
/// ```swift
/// let webhooks = try OpenAIWebhooks(validatingSecret: ProcessInfo.processInfo.environment["OPENAI_WEBHOOK_SECRET"] ?? "")
/// let event = try webhooks.unwrap(payload: body, headers: headers)   // throws WebhookVerificationError
/// ```
///
/// Verify the body exactly as it arrived: re-encoded JSON has other bytes and fails the check.
///
/// An empty secret (`""`, or a bare `whsec_`) would be an empty HMAC key that anyone can sign with, so it is never
/// used: ``init(validatingSecret:)`` refuses it at once, and with ``init(secret:)`` every verification, `unwrap` and
/// signature throws ``WebhookVerificationError/invalidSecret``.
public struct OpenAIWebhooks: Sendable, CustomStringConvertible {
    /// The default tolerance of the timestamp, in seconds (the official SDKs' five minutes).
    public static let defaultTolerance: TimeInterval = 300

    /// The HMAC key's bytes (SymmetricKey itself is not Sendable).
    private let keyBytes: Data?

    /// - Parameter secret: the endpoint's signing secret, `whsec_…` (base64 after the prefix); a secret without the
    ///   prefix is used as its UTF-8 bytes, as the official SDKs do. An empty secret, a bare `whsec_` or a `whsec_`
    ///   secret that isn't base64 makes every verification fail with ``WebhookVerificationError/invalidSecret``
    ///   (use ``init(validatingSecret:)`` to find out at start-up instead).
    public init(secret: String) {
        keyBytes = Self.keyBytes(fromSecret: secret)
    }

    /// Like ``init(secret:)``, but refuses an unusable secret at once, so a server finds out when it starts rather
    /// than at its first delivery.
    ///
    /// - Throws: ``WebhookVerificationError/invalidSecret`` for an empty secret, a bare `whsec_`, or a `whsec_`
    ///   secret that isn't base64.
    public init(validatingSecret secret: String) throws {
        guard let bytes = Self.keyBytes(fromSecret: secret) else { throw WebhookVerificationError.invalidSecret }
        keyBytes = bytes
    }

    /// The HMAC key of a secret: the base64 bytes after `whsec_`, else the text's bytes; nil for a broken `whsec_`
    /// and for any secret whose key would be empty (an empty key is one anyone can sign with).
    static func keyBytes(fromSecret secret: String) -> Data? {
        let bytes = secret.hasPrefix("whsec_") ? Data(base64Encoded: String(secret.dropFirst("whsec_".count))) : Data(secret.utf8)
        guard let bytes, !bytes.isEmpty else { return nil }
        return bytes
    }

    private var key: SymmetricKey? { keyBytes.map { SymmetricKey(data: $0) } }

    /// The secret never shows.
    public var description: String { "OpenAIWebhooks(secret: <redacted>)" }

    /// Checks that `payload` was signed with this secret, recently.
    ///
    /// - Parameters:
    ///   - headers: the request's headers (names in any case): `webhook-id`, `webhook-timestamp`, `webhook-signature`.
    ///   - tolerance: how far the timestamp may be from now, in seconds, either way.
    /// - Throws: ``WebhookVerificationError``.
    public func verifySignature(payload: Data, headers: [String: String], tolerance: TimeInterval = defaultTolerance) throws {
        try verifySignature(payload: payload, headers: headers, tolerance: tolerance, now: Date())
    }

    /// ``verifySignature(payload:headers:tolerance:)`` for a body held as text (its UTF-8 bytes are verified).
    public func verifySignature(payload: String, headers: [String: String], tolerance: TimeInterval = defaultTolerance) throws {
        try verifySignature(payload: Data(payload.utf8), headers: headers, tolerance: tolerance, now: Date())
    }

    /// ``verifySignature(payload:headers:tolerance:)`` with the headers as a server built on swift-http-types
    /// (Hummingbird, swift-openapi, NIO's `NIOHTTPTypes`) hands them over: `request.headerFields`.
    public func verifySignature(payload: Data, headers: HTTPFields, tolerance: TimeInterval = defaultTolerance) throws {
        try verifySignature(payload: payload, headers: Self.lookup(headers), tolerance: tolerance, now: Date())
    }

    /// Verifies the delivery, then decodes its event.
    ///
    /// - Throws: ``WebhookVerificationError`` (an unverified body is never decoded).
    public func unwrap(payload: Data, headers: [String: String], tolerance: TimeInterval = defaultTolerance) throws -> WebhookEvent {
        try unwrap(payload: payload, headers: headers, tolerance: tolerance, now: Date())
    }

    /// ``unwrap(payload:headers:tolerance:)`` for a body held as text.
    public func unwrap(payload: String, headers: [String: String], tolerance: TimeInterval = defaultTolerance) throws -> WebhookEvent {
        try unwrap(payload: Data(payload.utf8), headers: headers, tolerance: tolerance, now: Date())
    }

    /// ``unwrap(payload:headers:tolerance:)`` with the headers of a swift-http-types request (`request.headerFields`
    /// in Hummingbird).
    public func unwrap(payload: Data, headers: HTTPFields, tolerance: TimeInterval = defaultTolerance) throws -> WebhookEvent {
        try unwrap(payload: payload, headers: headers, tolerance: tolerance, now: Date())
    }

    /// The check at a given time (tests use the published vectors' timestamps).
    package func unwrap(payload: Data, headers: [String: String], tolerance: TimeInterval, now: Date) throws -> WebhookEvent {
        try verifySignature(payload: payload, headers: headers, tolerance: tolerance, now: now)
        return try WebhookEvent.decode(payload)
    }

    package func unwrap(payload: Data, headers: HTTPFields, tolerance: TimeInterval, now: Date) throws -> WebhookEvent {
        try verifySignature(payload: payload, headers: Self.lookup(headers), tolerance: tolerance, now: now)
        return try WebhookEvent.decode(payload)
    }

    package func verifySignature(payload: Data, headers: [String: String], tolerance: TimeInterval, now: Date) throws {
        try verifySignature(payload: payload, headers: Self.lookup(headers), tolerance: tolerance, now: now)
    }

    package func verifySignature(payload: Data, headers: HTTPFields, tolerance: TimeInterval, now: Date) throws {
        try verifySignature(payload: payload, headers: Self.lookup(headers), tolerance: tolerance, now: now)
    }

    /// A header's value by its lowercase name, from a dictionary (names in any case).
    private static func lookup(_ headers: [String: String]) -> (String) -> String? {
        { name in headers.first(where: { $0.key.lowercased() == name })?.value }
    }

    /// A header's value by its lowercase name, from fields. Repeated `webhook-signature` fields are joined with a
    /// space, the separator of signatures within one field, so every signature is a candidate.
    private static func lookup(_ headers: HTTPFields) -> (String) -> String? {
        { name in
            let values = HTTPField.Name(name).map { headers[values: $0] } ?? []
            return values.isEmpty ? nil : values.joined(separator: " ")
        }
    }

    private func verifySignature(payload: Data, headers value: (String) -> String?, tolerance: TimeInterval, now: Date) throws {
        guard let key else { throw WebhookVerificationError.invalidSecret }
        func header(_ name: String) throws -> String {
            guard let value = value(name), !value.isEmpty else {
                throw WebhookVerificationError.missingHeader(name)
            }
            return value
        }
        let id = try header("webhook-id")
        let timestampText = try header("webhook-timestamp")
        let signatureHeader = try header("webhook-signature")
        guard let timestamp = Int(timestampText.trimmingCharacters(in: .whitespaces)) else {
            throw WebhookVerificationError.invalidTimestamp(String(timestampText.prefix(32)))
        }
        let age = now.timeIntervalSince1970 - TimeInterval(timestamp)
        if age > tolerance { throw WebhookVerificationError.timestampTooOld(seconds: Int(age)) }
        if -age > tolerance { throw WebhookVerificationError.timestampTooNew(seconds: Int(-age)) }

        // The timestamp is signed as sent (the official SDKs sign the header's text).
        var signed = Data("\(id).\(timestampText).".utf8)
        signed.append(payload)
        // `v1,<base64>` signatures (a bare base64 one too, as openai-python takes it); other versions are skipped.
        let candidates = signatureHeader.split(whereSeparator: \.isWhitespace).compactMap { part -> Data? in
            if part.hasPrefix("v1,") { return Data(base64Encoded: String(part.dropFirst(3))) }
            return part.contains(",") ? nil : Data(base64Encoded: String(part))
        }
        // isValidAuthenticationCode compares in constant time; every candidate is checked.
        var matched = false
        for candidate in candidates where HMAC<SHA256>.isValidAuthenticationCode(candidate, authenticating: signed, using: key) {
            matched = true
        }
        guard matched else { throw WebhookVerificationError.noMatchingSignature(candidates: candidates.count) }
    }

    /// The `webhook-signature` value (`v1,<base64>`) for a delivery — for tests of your own endpoint, and for servers
    /// that forward deliveries.
    public func signature(payload: Data, id: String, timestamp: Int) throws -> String {
        guard let key else { throw WebhookVerificationError.invalidSecret }
        var signed = Data("\(id).\(timestamp).".utf8)
        signed.append(payload)
        return "v1," + Data(HMAC<SHA256>.authenticationCode(for: signed, using: key)).base64EncodedString()
    }
}
#endif
