import Foundation
import JWTKit

/// The payload of a client token: a short-lived JWT the developer's own backend mints for one of its users, signed
/// with a key whose public half the project lists (`ProjectAuth.clientTokenKeys`).
///
/// `sub` names the user (their limits and usage are kept under it), `aud` the project, `exp` and `iat` bound its
/// life (at most `ClientTokenVerifier.maximumLifetime`). The narrowing claims (`models`, `endpoints`,
/// `max_output_tokens`, `rpm`, `tpm`, `tpd`, `spend_month_micro_usd`) are written at the payload's top level.
public struct ClientTokenClaims: JWTPayload, Equatable {
    public var sub: SubjectClaim
    public var aud: AudienceClaim
    public var exp: ExpirationClaim
    public var iat: IssuedAtClaim
    /// Not valid before this time, if set.
    public var nbf: NotBeforeClaim?
    public var narrowing: ClientTokenNarrowing

    public init(
        sub: SubjectClaim,
        aud: AudienceClaim,
        exp: ExpirationClaim,
        iat: IssuedAtClaim,
        nbf: NotBeforeClaim? = nil,
        narrowing: ClientTokenNarrowing = ClientTokenNarrowing()
    ) {
        self.sub = sub
        self.aud = aud
        self.exp = exp
        self.iat = iat
        self.nbf = nbf
        self.narrowing = narrowing
    }

    enum CodingKeys: String, CodingKey {
        case sub, aud, exp, iat, nbf
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        sub = try container.decode(SubjectClaim.self, forKey: .sub)
        aud = try container.decode(AudienceClaim.self, forKey: .aud)
        exp = try container.decode(ExpirationClaim.self, forKey: .exp)
        iat = try container.decode(IssuedAtClaim.self, forKey: .iat)
        nbf = try container.decodeIfPresent(NotBeforeClaim.self, forKey: .nbf)
        narrowing = try ClientTokenNarrowing(from: decoder)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(sub, forKey: .sub)
        try container.encode(aud, forKey: .aud)
        try container.encode(exp, forKey: .exp)
        try container.encode(iat, forKey: .iat)
        try container.encodeIfPresent(nbf, forKey: .nbf)
        try narrowing.encode(to: encoder)
    }

    /// What JWTKit checks when this payload is verified on its own, against the system clock and without leeway.
    /// The relay verifies client tokens with `ClientTokenVerifier`, which checks every claim against its own clock.
    public func verify(using algorithm: some JWTAlgorithm) async throws {
        try exp.verifyNotExpired()
        guard !sub.value.isEmpty else {
            throw JWTError.claimVerificationFailure(failedClaim: sub, reason: "empty")
        }
    }
}
