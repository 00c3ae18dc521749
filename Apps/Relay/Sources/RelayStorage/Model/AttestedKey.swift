import Foundation

/// A device's App Attest key, stored once its attestation verified. Each later assertion must carry a higher
/// counter than the one stored, which is how a replayed assertion is caught.
public struct AttestedKey: Codable, Sendable, Equatable {
    /// The key id as the app sends it (base64 of the SHA-256 of the public key).
    public var id: String
    public var projectID: String
    /// The uncompressed P-256 public key (X9.63) assertions are verified with.
    public var publicKey: Data
    /// The highest assertion counter seen so far.
    public var counter: UInt32
    /// `appattest` (production) or `appattestdevelop`.
    public var environment: String
    /// Apple's receipt from the attestation, kept for fraud-metric requests.
    public var receipt: Data
    public var createdAt: Date
    /// A revoked key's assertions are refused; the device must attest a new key.
    public var revoked: Bool

    public init(
        id: String, projectID: String, publicKey: Data, counter: UInt32, environment: String, receipt: Data,
        createdAt: Date = Date(), revoked: Bool = false
    ) {
        self.id = id
        self.projectID = projectID
        self.publicKey = publicKey
        self.counter = counter
        self.environment = environment
        self.receipt = receipt
        self.createdAt = createdAt
        self.revoked = revoked
    }
}
