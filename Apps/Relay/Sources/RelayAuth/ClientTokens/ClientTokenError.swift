/// Why a client token was refused. The description names the check that failed and never repeats the token or
/// any value taken from it, so it can go into a 401 answer and a log.
public enum ClientTokenError: Error, Sendable, Equatable, CustomStringConvertible {
    /// Not three base64url parts, or a header or payload that isn't the expected JSON.
    case malformed
    /// The header names no `kid`, or one that isn't among the project's client token keys.
    case unknownKey
    /// The header's `alg` isn't the algorithm the project registered for that key.
    case wrongAlgorithm
    /// The signature doesn't verify with the key the header names.
    case badSignature
    /// The project's key itself can't be read (a malformed PEM or raw key in its settings).
    case unusableKey
    case missingClaim(String)
    /// A narrowing claim with a negative number.
    case invalidClaim(String)
    case expired
    /// `nbf` or `iat` lies in the future (beyond the leeway).
    case notYetValid
    /// `aud` isn't exactly this project.
    case wrongAudience
    /// `exp − iat` is longer than the relay accepts: client tokens must be short-lived.
    case lifetimeTooLong(maximumSeconds: Int)

    public var description: String {
        switch self {
        case .malformed: "The client token is not a well-formed JWT."
        case .unknownKey: "The client token's kid names none of this project's client token keys."
        case .wrongAlgorithm: "The client token's alg is not the algorithm registered for its key."
        case .badSignature: "The client token's signature does not verify."
        case .unusableKey: "This project's client token key can't be read; check its settings."
        case .missingClaim(let claim): "The client token has no \(claim) claim."
        case .invalidClaim(let claim): "The client token's \(claim) claim is invalid."
        case .expired: "The client token has expired."
        case .notYetValid: "The client token is not valid yet."
        case .wrongAudience: "The client token's aud is not this project."
        case .lifetimeTooLong(let maximum): "The client token lives longer than \(maximum) seconds (exp - iat)."
        }
    }
}
