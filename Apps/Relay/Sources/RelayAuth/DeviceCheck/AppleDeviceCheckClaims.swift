import JWTKit

/// The claims of the JWT that authorises a call to Apple's DeviceCheck API: the developer's team id as issuer and
/// the time of issue. The header's `kid` names the DeviceCheck key.
struct AppleDeviceCheckClaims: JWTPayload {
    var iss: IssuerClaim
    var iat: IssuedAtClaim

    func verify(using algorithm: some JWTAlgorithm) async throws {}
}
