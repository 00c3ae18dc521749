import Foundation

/// Which App Attest environment attested a key: keys from builds run out of Xcode are `development`, TestFlight and
/// App Store builds are `production`.
public enum AppAttestEnvironment: String, Sendable, Equatable, Codable {
    case production
    case development
}

/// What the relay keeps about a key once its attestation verifies: enough to check every later assertion.
public struct AttestedKeyMaterial: Sendable, Equatable {
    /// The key's P-256 public key as an uncompressed X9.63 point (65 bytes, `04 ‖ X ‖ Y`), the form
    /// ``AppAttestVerifier/verifyAssertion(_:clientData:publicKey:previousCounter:)`` takes.
    public var publicKey: Data
    public var environment: AppAttestEnvironment
    /// Apple's receipt from the attestation statement, for fraud-risk queries to Apple later.
    public var receipt: Data
    /// The attestation's counter (always 0); the first assertion must be above it.
    public var counter: UInt32

    public init(publicKey: Data, environment: AppAttestEnvironment, receipt: Data, counter: UInt32) {
        self.publicKey = publicKey
        self.environment = environment
        self.receipt = receipt
        self.counter = counter
    }
}
