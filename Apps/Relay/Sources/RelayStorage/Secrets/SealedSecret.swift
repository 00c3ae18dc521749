import Foundation

/// A secret as the store keeps it: encrypted under one of the relay's master keys. Only a `SecretBox` holding
/// that key opens it, and only for the row it was sealed for.
public struct SealedSecret: Sendable, Equatable {
    /// Which master key sealed it, so keys can be rotated: old secrets stay readable until they are resealed.
    public var masterKeyID: String
    /// AES-GCM's combined form: the 12-byte nonce, the ciphertext, the 16-byte tag.
    public var ciphertext: Data

    public init(masterKeyID: String, ciphertext: Data) {
        self.masterKeyID = masterKeyID
        self.ciphertext = ciphertext
    }
}
