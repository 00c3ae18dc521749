import Crypto
import Foundation
import X509

/// Verifies Apple App Attest objects for one app, as Apple documents in "Validating apps that connect to your
/// server": an attestation once per key (it proves the key lives in the Secure Enclave of a genuine device running
/// this app), then an assertion with every request (it proves the request comes from that key).
///
/// The relay stores what ``verifyAttestation(_:keyID:clientDataHash:now:)`` returns under the key id and checks
/// each request's assertion with ``verifyAssertion(_:clientData:publicKey:previousCounter:)``, storing the counter
/// it returns.
public struct AppAttestVerifier: Sendable {
    /// `TEAMID.bundle.identifier`; every object must carry SHA-256 of it as its rpIdHash.
    public let appID: String
    /// Whether keys attested in the development environment (apps run from Xcode) are accepted.
    public let allowDevelopment: Bool
    /// The roots an attestation's certificate chain must lead to: Apple's App Attest root in production; tests pass
    /// their own.
    public let trustedRoots: [Certificate]

    let appIDHash: Data
    let decoder = CBORDecoder()

    public init(appID: String, allowDevelopment: Bool, trustedRoots: [Certificate] = [AppAttestVerifier.appleRootCA]) {
        self.appID = appID
        self.allowDevelopment = allowDevelopment
        self.trustedRoots = trustedRoots
        self.appIDHash = Data(SHA256.hash(data: Data(appID.utf8)))
    }

    /// Decodes CBOR input, turning the decoder's error into a ``AppAttestError/malformed(_:)``.
    func decodeCBOR(_ data: Data) throws(AppAttestError) -> CBORValue {
        do {
            return try decoder.decode(data)
        } catch {
            throw .malformed(error.reason)
        }
    }
}
