import Foundation

/// The authenticator data of an attestation or assertion (WebAuthn's layout): rpIdHash (32 bytes), flags (1),
/// counter (4, big-endian), then, in an attestation, the attested credential: aaguid (16), credential id length
/// (2, big-endian), credential id, and the key in COSE form (not needed: the certificate carries the key).
struct AuthenticatorData {
    /// The 16-byte aaguid and the credential id of an attestation's authenticator data.
    struct AttestedCredential {
        var aaguid: Data
        var credentialID: Data
    }

    var rpIDHash: Data
    var counter: UInt32
    var attestedCredential: AttestedCredential?

    private static let headerLength = 37

    /// Parses `bytes`; `withAttestedCredential` for an attestation, where the credential part is required.
    init(_ bytes: Data, withAttestedCredential: Bool) throws(AppAttestError) {
        let bytes = [UInt8](bytes)
        guard bytes.count >= Self.headerLength else { throw .malformed("authenticator data is too short") }
        rpIDHash = Data(bytes[0..<32])
        counter = bytes[33..<37].reduce(0) { $0 << 8 | UInt32($1) }
        guard withAttestedCredential else {
            attestedCredential = nil
            return
        }
        let credentialStart = Self.headerLength + 18
        guard bytes.count >= credentialStart else { throw .malformed("authenticator data has no attested credential") }
        let length = Int(bytes[53]) << 8 | Int(bytes[54])
        guard bytes.count >= credentialStart + length else {
            throw .malformed("authenticator data credential id is truncated")
        }
        attestedCredential = AttestedCredential(
            aaguid: Data(bytes[37..<53]), credentialID: Data(bytes[credentialStart..<(credentialStart + length)]))
    }
}
