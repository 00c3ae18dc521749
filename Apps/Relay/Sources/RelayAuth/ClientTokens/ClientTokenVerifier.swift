import Foundation
import JWTKit
import RelayCore

/// Checks a client token against one project: its key (by `kid`, with the registered algorithm only), signature,
/// audience, lifetime and subject. ES256 and EdDSA keys are accepted, as `ClientTokenKey` describes them.
public struct ClientTokenVerifier: Sendable {
    /// How far the relay's and the developer's backend's clocks may disagree, in seconds.
    public var leeway: TimeInterval
    /// The longest `exp − iat` accepted. A client token is meant to be re-minted often, so that a leaked one is
    /// soon useless and a changed narrowing soon applies.
    public var maximumLifetime: TimeInterval

    public init(leeway: TimeInterval = 60, maximumLifetime: TimeInterval = 24 * 60 * 60) {
        self.leeway = leeway
        self.maximumLifetime = maximumLifetime
    }

    /// Whether `text` has the shape of a JWT (three base64url parts), so that a bearer token which is not meant as a
    /// client token (an AIProxy client's placeholder, say) is left to the other methods.
    public static func looksLikeJWT(_ text: String) -> Bool {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        return parts.count == 3 && parts.allSatisfy { Base64URL.isAlphabet($0) }
    }

    /// The token's verified claims, or why it is refused.
    public func verify(_ token: String, for project: Project, now: Date) async throws(ClientTokenError)
        -> ClientTokenClaims
    {
        let header = try Self.header(of: token)
        guard let kid = header.kid, let key = project.auth.clientTokenKeys.first(where: { $0.keyID == kid }) else {
            throw .unknownKey
        }
        guard header.alg == key.algorithm.rawValue else { throw .wrongAlgorithm }
        let received = try await verifySignature(of: token, with: key)
        return try check(received, projectID: project.id, now: now)
    }

    private struct Header: Decodable {
        var alg: String?
        var kid: String?
    }

    private static func header(of token: String) throws(ClientTokenError) -> Header {
        guard looksLikeJWT(token), let encoded = token.split(separator: ".").first,
            let json = Base64URL.decode(encoded),
            let header = try? JSONDecoder().decode(Header.self, from: json)
        else { throw .malformed }
        return header
    }

    private func verifySignature(of token: String, with key: ClientTokenKey) async throws(ClientTokenError)
        -> ReceivedClientTokenClaims
    {
        let keys = try await Self.collection(for: key)
        do {
            return try await keys.verify(token, as: ReceivedClientTokenClaims.self)
        } catch let error as JWTError where error.errorType == .malformedToken {
            throw .malformed
        } catch {
            // A signature that doesn't verify, or that isn't even the right size for the key.
            throw .badSignature
        }
    }

    /// A collection holding only `key`, so that JWTKit can't fall back to another one; kept, as parsing a PEM key on
    /// every request is work the relay needn't repeat. Bounded: emptied when it holds 1,024 keys.
    private static func collection(for key: ClientTokenKey) async throws(ClientTokenError) -> JWTKeyCollection {
        let cacheKey = "\(key.algorithm)|\(key.keyID)|\(key.publicKey)"
        if let cached = collections[cacheKey] { return cached }
        let keys = JWTKeyCollection()
        let kid = JWKIdentifier(string: key.keyID)
        do {
            switch key.algorithm {
            case .es256: await keys.add(ecdsa: try ES256PublicKey(pem: key.publicKey), kid: kid)
            case .eddsa: await keys.add(eddsa: try EdDSA.PublicKey(x: key.publicKey, curve: .ed25519), kid: kid)
            }
        } catch {
            throw .unusableKey
        }
        collections.insert(keys, for: cacheKey)
        return keys
    }

    private static let collections = BoundedCache<String, JWTKeyCollection>(capacity: 1_024)

    private func check(_ received: ReceivedClientTokenClaims, projectID: String, now: Date) throws(ClientTokenError)
        -> ClientTokenClaims
    {
        guard let sub = received.sub, !sub.value.isEmpty else { throw .missingClaim("sub") }
        guard let aud = received.aud else { throw .missingClaim("aud") }
        guard let exp = received.exp else { throw .missingClaim("exp") }
        guard let iat = received.iat else { throw .missingClaim("iat") }
        if let claim = received.narrowing.negativeClaim { throw .invalidClaim(claim) }
        guard aud.value == [projectID] else { throw .wrongAudience }
        guard exp.value.timeIntervalSince(iat.value) <= maximumLifetime else {
            throw .lifetimeTooLong(maximumSeconds: Int(maximumLifetime))
        }
        guard now.timeIntervalSince(exp.value) < leeway else { throw .expired }
        guard iat.value.timeIntervalSince(now) <= leeway else { throw .notYetValid }
        if let nbf = received.nbf, nbf.value.timeIntervalSince(now) > leeway { throw .notYetValid }
        return ClientTokenClaims(
            sub: sub, aud: aud, exp: exp, iat: iat, nbf: received.nbf, narrowing: received.narrowing)
    }
}
