import Crypto
import Foundation

/// The relay's master-key ring: seals provider keys and DeviceCheck keys before they reach the database, so a
/// stolen database (or backup) holds nothing usable without the master keys, which live apart from it (a file or
/// the environment). AES-256-GCM; new secrets are sealed under the current key, older keys stay to open what they
/// sealed until `RelayStore.resealSecrets(with:)` has moved everything to the current one.
public struct SecretBox: Sendable {
    private let keys: [String: SymmetricKey]
    /// The key new secrets are sealed under.
    public let currentKeyID: String

    /// - Throws: `RelayStoreError.secret` when `currentKeyID` is not among `keys`, a key is not 256 bits, or a key
    ///   id is not a plain name.
    public init(keys: [String: SymmetricKey], currentKeyID: String) throws {
        guard keys[currentKeyID] != nil else {
            throw RelayStoreError.secret("the current master key \"\(currentKeyID)\" is not in the key ring")
        }
        for (id, key) in keys {
            guard Self.isValidKeyID(id) else {
                throw RelayStoreError.secret("a master key id must be letters, digits, '-', '_' or '.'")
            }
            guard key.bitCount == 256 else {
                throw RelayStoreError.secret("the master key \"\(id)\" is not 32 bytes")
            }
        }
        self.keys = keys
        self.currentKeyID = currentKeyID
    }

    /// The associated data the store's secrets are sealed with: binding a ciphertext to its row means a value
    /// copied into another project's row (or under another name) no longer opens.
    public static func context(projectID: String, name: String) -> String {
        "\(projectID)/\(name)"
    }

    /// Encrypts under the current key. `context` is authenticated but not stored; `open` needs the same one.
    public func seal(_ plaintext: Data, context: String) throws -> SealedSecret {
        guard let key = keys[currentKeyID] else {
            throw RelayStoreError.secret("the current master key is missing")
        }
        do {
            let box = try AES.GCM.seal(plaintext, using: key, authenticating: Data(context.utf8))
            guard let combined = box.combined else {
                throw RelayStoreError.secret("AES-GCM produced no combined form")
            }
            return SealedSecret(masterKeyID: currentKeyID, ciphertext: combined)
        } catch let error as RelayStoreError {
            throw error
        } catch {
            throw RelayStoreError.secret("sealing failed")
        }
    }

    /// Decrypts a secret sealed by any key of the ring, for the same `context`.
    /// - Throws: `RelayStoreError.secret` for an unknown key id, a tampered ciphertext or another context.
    public func open(_ secret: SealedSecret, context: String) throws -> Data {
        guard let key = keys[secret.masterKeyID] else {
            throw RelayStoreError.secret(
                "the secret was sealed with the master key \"\(secret.masterKeyID)\", which is not in the key ring")
        }
        do {
            let box = try AES.GCM.SealedBox(combined: secret.ciphertext)
            return try AES.GCM.open(box, using: key, authenticating: Data(context.utf8))
        } catch {
            throw RelayStoreError.secret(
                "the secret for \"\(context)\" does not authenticate (tampered, or sealed for another row)")
        }
    }

    /// Whether `id` is a key id the key-line format can carry.
    static func isValidKeyID(_ id: String) -> Bool {
        !id.isEmpty && id.count <= 64
            && id.unicodeScalars.allSatisfy {
                ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0)
                    || $0 == "-" || $0 == "_" || $0 == "."
            }
    }
}
