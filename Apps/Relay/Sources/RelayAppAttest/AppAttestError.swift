/// Why an attestation or an assertion is refused. Each case names one of the checks Apple documents in "Validating
/// apps that connect to your server", so an operator can tell a misconfiguration (``wrongApp``,
/// ``wrongEnvironment``, ``untrustedChain(_:)``) from a forgery or a replay.
public enum AppAttestError: Error, Sendable, Equatable {
    /// The bytes are not an attestation or assertion object (bad CBOR, a missing or mistyped field, a short
    /// authenticator data, a certificate that does not parse). The text says which part.
    case malformed(String)
    /// The attestation's `fmt` is not `apple-appattest`.
    case wrongFormat
    /// The certificate chain does not lead to a trusted root at the time of verification (wrong root, expired or
    /// not yet valid certificates, bad signatures). The text gives swift-certificates' reason.
    case untrustedChain(String)
    /// The nonce in the credential certificate is not SHA-256(authData ‖ clientDataHash): the attestation was made
    /// for another challenge, or its authenticator data was altered.
    case nonceMismatch
    /// The SHA-256 of the certificate's public key is not the key id the client sent.
    case keyIDMismatch
    /// The authenticator data's credential id is not the key id the client sent.
    case credentialIDMismatch
    /// The rpIdHash is not SHA-256 of the configured app id (`TEAMID.bundle.id`): another app, or a wrong app id in
    /// the project's settings.
    case wrongApp
    /// A development key (`appattestdevelop`) where only production keys are accepted, or an unknown aaguid.
    case wrongEnvironment
    /// An attestation whose counter is not 0.
    case counterNotZero
    /// The assertion's signature does not verify with the stored public key.
    case badSignature
    /// The assertion's counter is not greater than the last one accepted for this key: a replayed assertion.
    case replayed

    /// A one-line explanation for logs and error bodies; it never contains key material or client bytes.
    public var reason: String {
        switch self {
        case .malformed(let what): "malformed App Attest object: \(what)"
        case .wrongFormat: "attestation format is not apple-appattest"
        case .untrustedChain(let why): "attestation certificate chain is not trusted: \(why)"
        case .nonceMismatch: "attestation nonce does not match authenticator data and client data hash"
        case .keyIDMismatch: "key id is not the hash of the attested public key"
        case .credentialIDMismatch: "authenticator data credential id is not the key id"
        case .wrongApp: "App Attest object was made for another app id"
        case .wrongEnvironment: "App Attest environment is not accepted"
        case .counterNotZero: "attestation counter is not zero"
        case .badSignature: "assertion signature is not valid"
        case .replayed: "assertion counter did not increase (replayed assertion)"
        }
    }
}

extension AppAttestError: CustomStringConvertible {
    public var description: String { reason }
}
