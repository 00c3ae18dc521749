#if canImport(DeviceCheck) && !os(watchOS)
import DeviceCheck
import Foundation

/// The device's App Attest key as an ``AppAttestSigner``: assertions come from `DCAppAttestService.shared`.
///
/// Generating the key and having the relay verify its attestation is the app's part, once per install; this signer
/// only uses the key afterwards. App Attest needs a real device (not the simulator). (`DCAppAttestService` dates from
/// iOS 14, macOS 11 and tvOS 15, below the package's minimums, so no availability check is needed.)
public struct DeviceAppAttestSigner: AppAttestSigner {
    /// The key identifier as `DCAppAttestService.generateKey()` returned it (base64).
    public let keyIdentifier: String
    public let keyID: Data

    /// A signer for the key `generateKey()` returned; nil when `keyIdentifier` is not base64.
    public init?(keyIdentifier: String) {
        guard let keyID = Data(base64Encoded: keyIdentifier) else { return nil }
        self.keyIdentifier = keyIdentifier
        self.keyID = keyID
    }

    public func assertion(clientDataHash: Data) async throws -> Data {
        try await DCAppAttestService.shared.generateAssertion(keyIdentifier, clientDataHash: clientDataHash)
    }
}
#endif
