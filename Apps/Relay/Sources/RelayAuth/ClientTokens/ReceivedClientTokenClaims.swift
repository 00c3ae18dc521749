import Foundation
import JWTKit

/// A client token's payload as it arrived, every claim optional, so that a missing one is named precisely by
/// `ClientTokenVerifier` instead of failing as an undifferentiated decoding error.
struct ReceivedClientTokenClaims: JWTPayload {
    var sub: SubjectClaim?
    var aud: AudienceClaim?
    var exp: ExpirationClaim?
    var iat: IssuedAtClaim?
    var nbf: NotBeforeClaim?
    var narrowing: ClientTokenNarrowing

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: ClientTokenClaims.CodingKeys.self)
        sub = try container.decodeIfPresent(SubjectClaim.self, forKey: .sub)
        aud = try container.decodeIfPresent(AudienceClaim.self, forKey: .aud)
        exp = try container.decodeIfPresent(ExpirationClaim.self, forKey: .exp)
        iat = try container.decodeIfPresent(IssuedAtClaim.self, forKey: .iat)
        nbf = try container.decodeIfPresent(NotBeforeClaim.self, forKey: .nbf)
        narrowing = try ClientTokenNarrowing(from: decoder)
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: ClientTokenClaims.CodingKeys.self)
        try container.encodeIfPresent(sub, forKey: .sub)
        try container.encodeIfPresent(aud, forKey: .aud)
        try container.encodeIfPresent(exp, forKey: .exp)
        try container.encodeIfPresent(iat, forKey: .iat)
        try container.encodeIfPresent(nbf, forKey: .nbf)
        try narrowing.encode(to: encoder)
    }

    /// The signature is checked by JWTKit before this is called; the claims are checked by `ClientTokenVerifier`
    /// against its own clock.
    func verify(using algorithm: some JWTAlgorithm) async throws {}
}
