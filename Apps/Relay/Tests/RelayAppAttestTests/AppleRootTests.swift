import Crypto
import Foundation
import RelayAppAttest
import SwiftASN1
import Testing
import X509

@Suite("Apple's App Attest root and published sample")
struct AppleRootTests {
    @Test("the embedded root is Apple's App Attestation Root CA: subject, self-signature, published digest")
    func embeddedRoot() throws {
        let root = AppAttestVerifier.appleRootCA
        #expect(root.subject.description.contains("CN=Apple App Attestation Root CA"))
        #expect(root.subject == root.issuer)
        #expect(root.publicKey.isValidSignature(root.signature, for: root))
        var serializer = DER.Serializer()
        try serializer.serialize(root)
        let digest = SHA256.hash(data: serializer.serializedBytes).map { String(format: "%02x", $0) }.joined()
        #expect(digest == "1cb9823ba28ba6ad2d33a006941de2ae4f513ef1d4e831b9f7e0fa7b6242c932")
        #expect(AppAttestVerifier(appID: "T.a", allowDevelopment: false).trustedRoots == [root])
    }

    @Test("Apple's published sample attestation verifies against Apple's root on a day its certificate was valid")
    func appleSample() async throws {
        let verifier = AppAttestVerifier(appID: AppleSampleAttestation.appID, allowDevelopment: false)
        let material = try await verifier.verifyAttestation(
            AppleSampleAttestation.attestationObject, keyID: AppleSampleAttestation.keyID,
            clientDataHash: AppleSampleAttestation.clientDataHash, now: AppleSampleAttestation.validationDate)
        #expect(material.environment == .production)
        #expect(material.counter == 0)
        #expect(material.publicKey.count == 65 && material.publicKey.first == 0x04)
        #expect(Data(SHA256.hash(data: material.publicKey)) == AppleSampleAttestation.keyID)
        #expect(material.receipt.count > 1000)
    }

    @Test("Apple's sample is refused today (expired), for another app, and for another challenge")
    func appleSampleRefusals() async throws {
        let sample = AppleSampleAttestation.self
        let verifier = AppAttestVerifier(appID: sample.appID, allowDevelopment: false)
        let today = await refusal {
            _ = try await verifier.verifyAttestation(
                sample.attestationObject, keyID: sample.keyID, clientDataHash: sample.clientDataHash)
        }
        #expect(today?.isUntrustedChain == true)
        let otherApp = AppAttestVerifier(appID: "0352187391.com.apple.other", allowDevelopment: false)
        let wrongApp = await refusal {
            _ = try await otherApp.verifyAttestation(
                sample.attestationObject, keyID: sample.keyID, clientDataHash: sample.clientDataHash,
                now: sample.validationDate)
        }
        #expect(wrongApp == .wrongApp)
        let otherChallenge = await refusal {
            _ = try await verifier.verifyAttestation(
                sample.attestationObject, keyID: sample.keyID, clientDataHash: Data("another_challenge".utf8),
                now: sample.validationDate)
        }
        #expect(otherChallenge == .nonceMismatch)
    }
}
