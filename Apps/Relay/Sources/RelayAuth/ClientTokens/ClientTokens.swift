import Crypto
import Foundation
import JWTKit
import RelayCore

/// Making client tokens: a key pair for a project (`relay projects client-keys add`) and tokens signed with it, as the
/// developer's backend mints them for its users (and as the CLI and tests do).
public enum ClientTokens {
    /// A new key pair. `privateKey` goes to the developer's backend and never to the relay: for ES256 the PEM of a
    /// P-256 private key, for EdDSA the base64url of the raw Ed25519 private key. `key` is what the project lists.
    public static func generateKey(_ algorithm: ClientTokenAlgorithm, keyID: String = UUID().uuidString) -> (
        privateKey: String, key: ClientTokenKey
    ) {
        switch algorithm {
        case .es256:
            let privateKey = P256.Signing.PrivateKey()
            return (
                privateKey.pemRepresentation,
                ClientTokenKey(keyID: keyID, algorithm: .es256, publicKey: privateKey.publicKey.pemRepresentation)
            )
        case .eddsa:
            let privateKey = Curve25519.Signing.PrivateKey()
            return (
                privateKey.rawRepresentation.base64URLEncodedString(),
                ClientTokenKey(
                    keyID: keyID, algorithm: .eddsa,
                    publicKey: privateKey.publicKey.rawRepresentation.base64URLEncodedString())
            )
        }
    }

    /// A token for `subject` on `projectID`, valid from `now` for `lifetime` seconds, carrying `narrowing`.
    ///
    /// - Throws: `ClientTokenMintError` if `privateKey` isn't a key of `algorithm` in the form `generateKey` gives.
    public static func mint(
        privateKey: String,
        keyID: String,
        algorithm: ClientTokenAlgorithm,
        subject: String,
        projectID: String,
        lifetime: TimeInterval,
        narrowing: ClientTokenNarrowing = ClientTokenNarrowing(),
        now: Date = Date()
    ) async throws(ClientTokenMintError) -> String {
        let claims = ClientTokenClaims(
            sub: SubjectClaim(value: subject),
            aud: AudienceClaim(value: [projectID]),
            exp: ExpirationClaim(value: now.addingTimeInterval(lifetime)),
            iat: IssuedAtClaim(value: now),
            narrowing: narrowing
        )
        return try await sign(claims, privateKey: privateKey, keyID: keyID, algorithm: algorithm)
    }

    /// `claims` signed as they are, for callers (and tests) that need claims `mint` doesn't write.
    public static func sign(
        _ claims: ClientTokenClaims,
        privateKey: String,
        keyID: String,
        algorithm: ClientTokenAlgorithm
    ) async throws(ClientTokenMintError) -> String {
        let keys = JWTKeyCollection()
        let kid = JWKIdentifier(string: keyID)
        do {
            switch algorithm {
            case .es256:
                await keys.add(ecdsa: try ES256PrivateKey(pem: privateKey), kid: kid)
            case .eddsa:
                guard let raw = Base64URL.decode(privateKey) else { throw ClientTokenMintError.unreadablePrivateKey }
                await keys.add(
                    eddsa: EdDSA.PrivateKey(backing: try Curve25519.Signing.PrivateKey(rawRepresentation: raw)),
                    kid: kid)
            }
        } catch {
            throw .unreadablePrivateKey
        }
        do {
            return try await keys.sign(claims, kid: kid)
        } catch {
            throw .signingFailed
        }
    }
}

/// Why a client token couldn't be made.
public enum ClientTokenMintError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The private key isn't a PEM P-256 key (ES256) or a base64url raw Ed25519 key (EdDSA).
    case unreadablePrivateKey
    case signingFailed

    public var description: String {
        switch self {
        case .unreadablePrivateKey: "The private key can't be read as a key of the chosen algorithm."
        case .signingFailed: "The client token couldn't be signed."
        }
    }
}
