import Crypto
import Foundation
import RelayAppAttest
import RelayTestSupport
import Testing

@Suite("App Attest attestations")
struct AttestationTests {
    let appID = "ABCDE12345.com.example.stories"
    let authority: TestAppAttestAuthority
    let challengeHash = Data(SHA256.hash(data: Data("one-time challenge".utf8)))

    init() throws {
        authority = try TestAppAttestAuthority()
    }

    private func verify(
        _ device: TestAppAttestDevice, tampering: TestAppAttestDevice.Tampering = .init(), keyID: Data? = nil,
        clientDataHash: Data? = nil, verifier: AppAttestVerifier? = nil, now: Date = Date()
    ) async throws -> AppAttestError? {
        let object = try device.attestation(clientDataHash: challengeHash, tampering: tampering)
        let verifier = verifier ?? authority.verifier(appID: appID)
        return await refusal {
            _ = try await verifier.verifyAttestation(
                object, keyID: keyID ?? device.keyID, clientDataHash: clientDataHash ?? challengeHash, now: now)
        }
    }

    @Test("a production key's attestation passes and yields its public key, receipt and counter 0")
    func production() async throws {
        let device = authority.makeDevice(appID: appID)
        let material = try await authority.verifier(appID: appID).verifyAttestation(
            try device.attestation(clientDataHash: challengeHash), keyID: device.keyID, clientDataHash: challengeHash)
        #expect(material == AttestedKeyMaterial(
            publicKey: device.publicKey, environment: .production, receipt: device.receipt, counter: 0))
    }

    @Test("a development key passes where development is allowed, and only there")
    func development() async throws {
        let device = authority.makeDevice(appID: appID, environment: .development)
        let material = try await authority.verifier(appID: appID, allowDevelopment: true).verifyAttestation(
            try device.attestation(clientDataHash: challengeHash), keyID: device.keyID, clientDataHash: challengeHash)
        #expect(material.environment == .development)
        #expect(try await verify(device) == .wrongEnvironment)
    }

    @Test("an unknown aaguid is refused even where development is allowed")
    func unknownAAGUID() async throws {
        var tampering = TestAppAttestDevice.Tampering()
        tampering.aaguid = Data("appattestdevelox".utf8)
        let verifier = authority.verifier(appID: appID, allowDevelopment: true)
        #expect(try await verify(authority.makeDevice(appID: appID), tampering: tampering, verifier: verifier) == .wrongEnvironment)
    }

    @Test("another app's key, or an rpIdHash of another app id, is refused as wrongApp")
    func wrongApp() async throws {
        #expect(try await verify(authority.makeDevice(appID: "ABCDE12345.com.example.other")) == .wrongApp)
        var tampering = TestAppAttestDevice.Tampering()
        tampering.rpAppID = "ZZZZZ99999.com.example.stories"
        #expect(try await verify(authority.makeDevice(appID: appID), tampering: tampering) == .wrongApp)
    }

    @Test("a chain to another root is untrusted: Apple's root refuses the test authority, and vice versa")
    func wrongRoot() async throws {
        let device = authority.makeDevice(appID: appID)
        let apple = AppAttestVerifier(appID: appID, allowDevelopment: false)
        #expect(try await verify(device, verifier: apple)?.isUntrustedChain == true)
        let stranger = try TestAppAttestAuthority().verifier(appID: appID)
        #expect(try await verify(device, verifier: stranger)?.isUntrustedChain == true)
    }

    @Test("an expired or not yet valid credential certificate is untrusted")
    func validity() async throws {
        let device = authority.makeDevice(appID: appID)
        #expect(try await verify(device, now: Date() + 4 * 86_400)?.isUntrustedChain == true)
        #expect(try await verify(device, now: Date() - 2 * 3_600)?.isUntrustedChain == true)
    }

    @Test("a nonce that is not SHA-256(authData ‖ clientDataHash) is refused: tampered, or another challenge")
    func nonce() async throws {
        let device = authority.makeDevice(appID: appID)
        var tampering = TestAppAttestDevice.Tampering()
        tampering.nonce = Data(repeating: 7, count: 32)
        #expect(try await verify(device, tampering: tampering) == .nonceMismatch)
        #expect(try await verify(device, clientDataHash: Data(SHA256.hash(data: Data("other".utf8)))) == .nonceMismatch)
    }

    @Test("a key id that is not the certificate key's hash, or a credential id that is not the key id, is refused")
    func keyID() async throws {
        let device = authority.makeDevice(appID: appID)
        let other = authority.makeDevice(appID: appID)
        #expect(try await verify(device, keyID: other.keyID) == .keyIDMismatch)
        var tampering = TestAppAttestDevice.Tampering()
        tampering.credentialID = other.keyID
        #expect(try await verify(device, tampering: tampering) == .credentialIDMismatch)
    }

    @Test("a counter other than 0 and a format other than apple-appattest are refused")
    func counterAndFormat() async throws {
        let device = authority.makeDevice(appID: appID)
        var counter = TestAppAttestDevice.Tampering()
        counter.counter = 1
        #expect(try await verify(device, tampering: counter) == .counterNotZero)
        var format = TestAppAttestDevice.Tampering()
        format.format = "packed"
        #expect(try await verify(device, tampering: format) == .wrongFormat)
    }

    @Test("every truncation of a genuine attestation is refused as malformed")
    func truncations() async throws {
        let device = authority.makeDevice(appID: appID)
        let object = try device.attestation(clientDataHash: challengeHash)
        let verifier = authority.verifier(appID: appID)
        for length in stride(from: 0, to: object.count, by: 7) {
            let error = await refusal {
                _ = try await verifier.verifyAttestation(
                    object.prefix(length), keyID: device.keyID, clientDataHash: challengeHash)
            }
            #expect(error?.isMalformed == true, "prefix of \(length) bytes")
        }
    }

    @Test("garbage and structurally wrong objects are refused as malformed")
    func garbage() async throws {
        let device = authority.makeDevice(appID: appID)
        let verifier = authority.verifier(appID: appID)
        let inputs: [Data] = [
            Data(), Data("not cbor at all".utf8), Data([0xA1, 0x61, 0x78, 0x01]),
            CBORValue.textMap(["fmt": .text("apple-appattest")]).encoded(),
            CBORValue.textMap([
                "fmt": .text("apple-appattest"), "attStmt": .textMap(["x5c": .array([.bytes(Data([1, 2, 3]))])]),
                "authData": .bytes(Data()),
            ]).encoded(),
            CBORValue.textMap([
                "fmt": .text("apple-appattest"),
                "attStmt": .textMap([
                    "x5c": .array([.bytes(Data([0x30, 0x00])), .bytes(Data([0x30, 0x00]))]), "receipt": .bytes(Data()),
                ]),
                "authData": .bytes(Data()),
            ]).encoded(),
        ]
        for input in inputs {
            let error = await refusal {
                _ = try await verifier.verifyAttestation(input, keyID: device.keyID, clientDataHash: challengeHash)
            }
            #expect(error?.isMalformed == true, "\(input as NSData)")
        }
    }
}
