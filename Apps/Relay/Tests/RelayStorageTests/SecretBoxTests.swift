import Crypto
import Foundation
import RelayStorage
import Testing

@Suite("SecretBox")
struct SecretBoxTests {
    @Test func sealsAndOpensForTheSameContextOnly() throws {
        let box = try SecretBox(keys: ["k1": SymmetricKey(size: .bits256)], currentKeyID: "k1")
        let sealed = try box.seal(Data("sk-live-123".utf8), context: "story-app/openai")
        #expect(sealed.masterKeyID == "k1")
        #expect(!sealed.ciphertext.contains(Data("sk-live-123".utf8)))
        #expect(try box.open(sealed, context: "story-app/openai") == Data("sk-live-123".utf8))
        #expect(throws: RelayStoreError.self) { try box.open(sealed, context: "other-app/openai") }

        var tampered = sealed
        tampered.ciphertext[tampered.ciphertext.count / 2] ^= 0x01
        #expect(throws: RelayStoreError.self) { try box.open(tampered, context: "story-app/openai") }

        let otherKey = try SecretBox(keys: ["k1": SymmetricKey(size: .bits256)], currentKeyID: "k1")
        #expect(throws: RelayStoreError.self) { try otherKey.open(sealed, context: "story-app/openai") }
        let unknownID = SealedSecret(masterKeyID: "gone", ciphertext: sealed.ciphertext)
        #expect(throws: RelayStoreError.self) { try box.open(unknownID, context: "story-app/openai") }
    }

    @Test func rotationOpensOldSecretsAndSealsUnderTheNewKey() throws {
        let old = SymmetricKey(size: .bits256)
        let sealed = try SecretBox(keys: ["old": old], currentKeyID: "old").seal(Data("x".utf8), context: "c")
        let ring = try SecretBox(keys: ["old": old, "new": SymmetricKey(size: .bits256)], currentKeyID: "new")
        #expect(try ring.open(sealed, context: "c") == Data("x".utf8))
        #expect(try ring.seal(Data("y".utf8), context: "c").masterKeyID == "new")
    }

    @Test func loadsFromFileAndEnvironmentTheLastKeyBeingCurrent() throws {
        let first = SecretBox.generateKeyLine(id: "2025-01")
        let second = SecretBox.generateKeyLine(id: "2025-07")
        #expect(first.hasPrefix("2025-01:"))
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("keys-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: file) }
        try "# master keys\n\(first)\n\n\(second)\n".write(to: file, atomically: true, encoding: .utf8)
        let fromFile = try SecretBox.load(file: file.path, environment: [:])
        #expect(fromFile.currentKeyID == "2025-07")

        let fromEnvironment = try SecretBox.load(file: nil, environment: ["RELAY_MASTER_KEYS": "\(second),\(first)"])
        #expect(fromEnvironment.currentKeyID == "2025-01")
        // Both rings hold the same keys: what one seals the other opens.
        let sealed = try fromFile.seal(Data("v".utf8), context: "c")
        #expect(try fromEnvironment.open(sealed, context: "c") == Data("v".utf8))
    }

    @Test(arguments: [
        "no-colon-here",
        "bad id:" + Data(repeating: 1, count: 32).base64EncodedString(),
        "k:not base64!",
        "k:" + Data(repeating: 1, count: 16).base64EncodedString(),
        SecretBox.generateKeyLine(id: "dup") + "," + SecretBox.generateKeyLine(id: "dup"),
        "",
    ])
    func badKeyListsAreTypedErrors(list: String) {
        #expect(throws: RelayStoreError.self) {
            try SecretBox.load(file: nil, environment: ["RELAY_MASTER_KEYS": list])
        }
    }

    @Test func badRingsAreTypedErrors() {
        #expect(throws: RelayStoreError.self) { try SecretBox.load(file: nil, environment: [:]) }
        #expect(throws: RelayStoreError.self) { try SecretBox.load(file: "/nonexistent/keys", environment: [:]) }
        #expect(throws: RelayStoreError.self) {
            try SecretBox(keys: ["a": SymmetricKey(size: .bits256)], currentKeyID: "b")
        }
        #expect(throws: RelayStoreError.self) {
            try SecretBox(keys: ["a": SymmetricKey(size: .bits128)], currentKeyID: "a")
        }
    }

    @Test func errorsNeverRepeatKeyMaterial() {
        let key = Data(repeating: 0xAB, count: 16).base64EncodedString()
        do {
            _ = try SecretBox.load(file: nil, environment: ["RELAY_MASTER_KEYS": "k:\(key)"])
            Issue.record("a 16-byte key was accepted")
        } catch {
            #expect(!"\(error)".contains(key))
        }
    }
}
