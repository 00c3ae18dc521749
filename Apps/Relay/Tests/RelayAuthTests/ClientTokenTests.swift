import Foundation
import JWTKit
import RelayAuth
import RelayCore
import Testing

@Suite("Client tokens")
struct ClientTokenTests {
    let now = Date(timeIntervalSince1970: 1_800_000_000)

    func project(_ keys: ClientTokenKey..., id: String = "story-app") -> Project {
        Project(id: id, partialKey: "pk", auth: ProjectAuth(clientTokenKeys: keys))
    }

    func mint(
        _ privateKey: String, kid: String, _ algorithm: ClientTokenAlgorithm, projectID: String = "story-app",
        lifetime: TimeInterval = 900, issuedAt: Date? = nil
    ) async throws -> String {
        try await ClientTokens.mint(
            privateKey: privateKey, keyID: kid, algorithm: algorithm, subject: "user-42", projectID: projectID,
            lifetime: lifetime, narrowing: ClientTokenNarrowing(models: ["gpt-4o-mini"], requestsPerMinute: 5),
            now: issuedAt ?? now)
    }

    func refusal(_ token: String, _ project: Project, at time: Date? = nil) async -> ClientTokenError? {
        do {
            _ = try await ClientTokenVerifier().verify(token, for: project, now: time ?? now)
            return nil
        } catch {
            return error
        }
    }

    @Test(
        "A token signed with a project key verifies, with its subject and narrowing",
        arguments: [ClientTokenAlgorithm.es256, .eddsa])
    func accepts(_ algorithm: ClientTokenAlgorithm) async throws {
        let (privateKey, key) = ClientTokens.generateKey(algorithm, keyID: "k1")
        let (_, otherKey) = ClientTokens.generateKey(algorithm == .es256 ? .eddsa : .es256, keyID: "k2")
        let token = try await mint(privateKey, kid: "k1", algorithm)
        #expect(ClientTokenVerifier.looksLikeJWT(token))
        let claims = try await ClientTokenVerifier().verify(token, for: project(otherKey, key), now: now)
        #expect(claims.sub.value == "user-42")
        #expect(claims.aud.value == ["story-app"])
        #expect(claims.narrowing == ClientTokenNarrowing(models: ["gpt-4o-mini"], requestsPerMinute: 5))
        #expect(claims.exp.value == now.addingTimeInterval(900))
    }

    @Test("Expired tokens are refused; within the leeway they still pass")
    func expiry() async throws {
        let (privateKey, key) = ClientTokens.generateKey(.es256, keyID: "k1")
        let token = try await mint(privateKey, kid: "k1", .es256, lifetime: 600)
        #expect(await refusal(token, project(key), at: now.addingTimeInterval(630)) == nil)
        #expect(await refusal(token, project(key), at: now.addingTimeInterval(661)) == .expired)
    }

    @Test("A token issued in the future, or not valid before a later time, is refused")
    func notYetValid() async throws {
        let (privateKey, key) = ClientTokens.generateKey(.eddsa, keyID: "k1")
        let early = try await mint(privateKey, kid: "k1", .eddsa, issuedAt: now.addingTimeInterval(300))
        #expect(await refusal(early, project(key)) == .notYetValid)
        let claims = ClientTokenClaims(
            sub: "u", aud: "story-app", exp: .init(value: now.addingTimeInterval(600)), iat: .init(value: now),
            nbf: .init(value: now.addingTimeInterval(120)))
        let later = try await ClientTokens.sign(claims, privateKey: privateKey, keyID: "k1", algorithm: .eddsa)
        #expect(await refusal(later, project(key)) == .notYetValid)
        #expect(await refusal(later, project(key), at: now.addingTimeInterval(120)) == nil)
    }

    @Test(
        "A signature by another key under the project's kid is refused",
        arguments: [ClientTokenAlgorithm.es256, .eddsa])
    func forgedSignature(_ algorithm: ClientTokenAlgorithm) async throws {
        let (_, key) = ClientTokens.generateKey(algorithm, keyID: "k1")
        let (forgerKey, _) = ClientTokens.generateKey(algorithm, keyID: "k1")
        let forged = try await mint(forgerKey, kid: "k1", algorithm)
        #expect(await refusal(forged, project(key)) == .badSignature)

        // The right key's token with its payload swapped for a wider one.
        let (privateKey, _) = ClientTokens.generateKey(algorithm, keyID: "k1")
        let genuine = try await mint(privateKey, kid: "k1", algorithm)
        let parts = genuine.split(separator: ".")
        let widened = Data(#"{"sub":"admin","aud":"story-app","exp":1900000000,"iat":1800000000}"#.utf8)
            .base64URLEncodedString()
        #expect(
            await refusal(
                "\(parts[0]).\(widened).\(parts[2])",
                project(ClientTokenKey(keyID: "k1", algorithm: algorithm, publicKey: key.publicKey))) == .badSignature)
    }

    @Test("An unknown kid, a missing kid and a project without keys are refused")
    func unknownKey() async throws {
        let (privateKey, key) = ClientTokens.generateKey(.es256, keyID: "k1")
        let token = try await mint(privateKey, kid: "k9", .es256)
        #expect(await refusal(token, project(key)) == .unknownKey)
        #expect(await refusal(token, project()) == .unknownKey)

        let keys = JWTKeyCollection()
        await keys.add(ecdsa: try ES256PrivateKey(pem: privateKey))
        let claims = ClientTokenClaims(sub: "u", aud: "story-app", exp: .init(value: now + 60), iat: .init(value: now))
        let withoutKID = try await keys.sign(claims)
        #expect(await refusal(withoutKID, project(key)) == .unknownKey)
    }

    @Test("A token whose alg is not the key's registered algorithm is refused")
    func wrongAlgorithm() async throws {
        let (edPrivate, _) = ClientTokens.generateKey(.eddsa, keyID: "k1")
        let (_, esKey) = ClientTokens.generateKey(.es256, keyID: "k1")
        let token = try await mint(edPrivate, kid: "k1", .eddsa)
        #expect(await refusal(token, project(esKey)) == .wrongAlgorithm)

        let keys = JWTKeyCollection()
        await keys.add(hmac: HMACKey(from: String(repeating: "guessable-", count: 4)), digestAlgorithm: .sha256, kid: "k1")
        let claims = ClientTokenClaims(sub: "u", aud: "story-app", exp: .init(value: now + 60), iat: .init(value: now))
        let hmacToken = try await keys.sign(claims, kid: "k1")
        #expect(await refusal(hmacToken, project(esKey)) == .wrongAlgorithm)
        let unsigned = hmacToken.split(separator: ".")
        let none = Data(#"{"alg":"none","kid":"k1"}"#.utf8).base64URLEncodedString()
        #expect(await refusal("\(none).\(unsigned[1]).\(unsigned[2])", project(esKey)) == .wrongAlgorithm)
    }

    @Test("Another project's audience is refused")
    func otherAudience() async throws {
        let (privateKey, key) = ClientTokens.generateKey(.es256, keyID: "k1")
        let token = try await mint(privateKey, kid: "k1", .es256, projectID: "other-app")
        #expect(await refusal(token, project(key)) == .wrongAudience)
        let both = ClientTokenClaims(
            sub: "u", aud: AudienceClaim(value: ["story-app", "other-app"]), exp: .init(value: now + 60),
            iat: .init(value: now))
        let shared = try await ClientTokens.sign(both, privateKey: privateKey, keyID: "k1", algorithm: .es256)
        #expect(await refusal(shared, project(key)) == .wrongAudience)
    }

    @Test("A token living longer than the maximum is refused, even while fresh")
    func overLongLifetime() async throws {
        let (privateKey, key) = ClientTokens.generateKey(.eddsa, keyID: "k1")
        let token = try await mint(privateKey, kid: "k1", .eddsa, lifetime: 24 * 3600 + 1)
        #expect(await refusal(token, project(key)) == .lifetimeTooLong(maximumSeconds: 86_400))
        let day = try await mint(privateKey, kid: "k1", .eddsa, lifetime: 24 * 3600)
        #expect(await refusal(day, project(key)) == nil)
    }

    @Test("Missing or empty claims are named; negative narrowing is refused; garbage is malformed")
    func missingClaims() async throws {
        let (privateKey, key) = ClientTokens.generateKey(.es256, keyID: "k1")
        let keys = JWTKeyCollection()
        await keys.add(ecdsa: try ES256PrivateKey(pem: privateKey), kid: "k1")
        let noSub = try await keys.sign(PartialClaims(aud: "story-app", exp: now + 60, iat: now), kid: "k1")
        #expect(await refusal(noSub, project(key)) == .missingClaim("sub"))
        let noExp = try await keys.sign(PartialClaims(sub: "u", aud: "story-app", iat: now), kid: "k1")
        #expect(await refusal(noExp, project(key)) == .missingClaim("exp"))
        let noAud = try await keys.sign(PartialClaims(sub: "u", exp: now + 60, iat: now), kid: "k1")
        #expect(await refusal(noAud, project(key)) == .missingClaim("aud"))
        let emptySub = ClientTokenClaims(sub: "", aud: "story-app", exp: .init(value: now + 60), iat: .init(value: now))
        #expect(
            await refusal(
                try await ClientTokens.sign(emptySub, privateKey: privateKey, keyID: "k1", algorithm: .es256),
                project(key)) == .missingClaim("sub"))
        let negative = ClientTokenClaims(
            sub: "u", aud: "story-app", exp: .init(value: now + 60), iat: .init(value: now),
            narrowing: ClientTokenNarrowing(tokensPerDay: -1))
        #expect(
            await refusal(
                try await ClientTokens.sign(negative, privateKey: privateKey, keyID: "k1", algorithm: .es256),
                project(key)) == .invalidClaim("tpd"))

        #expect(await refusal("not a token", project(key)) == .malformed)
        #expect(await refusal("a.b.c", project(key)) == .malformed)
        #expect(!ClientTokenVerifier.looksLikeJWT("sk-proj-abc"))
    }

    @Test("A project key that can't be read refuses, and minting with a wrong private key fails typed")
    func unusableKeys() async throws {
        let (privateKey, _) = ClientTokens.generateKey(.es256, keyID: "k1")
        let token = try await mint(privateKey, kid: "k1", .es256)
        #expect(
            await refusal(token, project(ClientTokenKey(keyID: "k1", algorithm: .es256, publicKey: "not a pem")))
                == .unusableKey)
        await #expect(throws: ClientTokenMintError.unreadablePrivateKey) {
            try await ClientTokens.mint(
                privateKey: "garbage", keyID: "k1", algorithm: .eddsa, subject: "u", projectID: "p", lifetime: 60)
        }
        await #expect(throws: ClientTokenMintError.unreadablePrivateKey) {
            try await ClientTokens.mint(
                privateKey: privateKey, keyID: "k1", algorithm: .eddsa, subject: "u", projectID: "p", lifetime: 60)
        }
    }
}

/// Claims with any of the registered ones left out, to sign tokens `ClientTokenClaims` can't express.
private struct PartialClaims: JWTPayload {
    var sub: String?
    var aud: String?
    var exp: Date?
    var iat: Date?

    func verify(using algorithm: some JWTAlgorithm) async throws {}
}
