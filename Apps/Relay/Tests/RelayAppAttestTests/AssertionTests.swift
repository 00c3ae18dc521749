import Crypto
import Foundation
import RelayAppAttest
import RelayTestSupport
import Testing

@Suite("App Attest assertions")
struct AssertionTests {
    let appID = "ABCDE12345.com.example.stories"
    let authority: TestAppAttestAuthority
    let clientData = AppAttestClientData.forRequest(
        method: "POST", path: "/story-app/openai/v1/chat/completions?stream=true", body: Data(#"{"model":"m"}"#.utf8))

    init() throws {
        authority = try TestAppAttestAuthority()
    }

    @Test("attest once, then assertions pass with increasing counters, each returning its counter")
    func attestThenAssert() async throws {
        let device = authority.makeDevice(appID: appID)
        let challenge = Data(SHA256.hash(data: Data("challenge".utf8)))
        let verifier = authority.verifier(appID: appID)
        let material = try await verifier.verifyAttestation(
            try device.attestation(clientDataHash: challenge), keyID: device.keyID, clientDataHash: challenge)
        var counter = material.counter
        for expected in UInt32(1)...3 {
            counter = try verifier.verifyAssertion(
                try device.assertion(clientData: clientData), clientData: clientData, publicKey: material.publicKey,
                previousCounter: counter)
            #expect(counter == expected)
        }
    }

    @Test("an assertion whose counter is not above the stored one is refused as replayed")
    func replayed() throws {
        let device = authority.makeDevice(appID: appID)
        let verifier = authority.verifier(appID: appID)
        let assertion = try device.assertion(clientData: clientData)
        let counter = try verifier.verifyAssertion(
            assertion, clientData: clientData, publicKey: device.publicKey, previousCounter: 0)
        #expect(counter == 1)
        let again = assertionRefusal {
            _ = try verifier.verifyAssertion(assertion, clientData: clientData, publicKey: device.publicKey, previousCounter: counter)
        }
        #expect(again == .replayed)
        let older = assertionRefusal {
            _ = try verifier.verifyAssertion(
                try device.assertion(clientData: clientData, counter: 4), clientData: clientData,
                publicKey: device.publicKey, previousCounter: 9)
        }
        #expect(older == .replayed)
    }

    @Test("an assertion signed by another key, for other client data, or with altered authenticator data is refused")
    func badSignature() throws {
        let device = authority.makeDevice(appID: appID)
        let verifier = authority.verifier(appID: appID)
        let otherKey = assertionRefusal {
            _ = try verifier.verifyAssertion(
                try authority.makeDevice(appID: appID).assertion(clientData: clientData), clientData: clientData,
                publicKey: device.publicKey, previousCounter: 0)
        }
        #expect(otherKey == .badSignature)

        let assertion = try device.assertion(clientData: clientData)
        let tamperedBody = AppAttestClientData.forRequest(
            method: "POST", path: "/story-app/openai/v1/chat/completions?stream=true", body: Data(#"{"model":"n"}"#.utf8))
        let otherData = assertionRefusal {
            _ = try verifier.verifyAssertion(assertion, clientData: tamperedBody, publicKey: device.publicKey, previousCounter: 0)
        }
        #expect(otherData == .badSignature)

        // The genuine signature with the counter raised in the authenticator data.
        let object = try CBORDecoder().decode(assertion)
        let signature = try #require(object["signature"])
        var authenticatorData = try #require(object["authenticatorData"]?.bytes)
        authenticatorData[authenticatorData.startIndex + 36] &+= 1
        let tampered = CBORValue.textMap(["signature": signature, "authenticatorData": .bytes(authenticatorData)]).encoded()
        let alteredData = assertionRefusal {
            _ = try verifier.verifyAssertion(tampered, clientData: clientData, publicKey: device.publicKey, previousCounter: 0)
        }
        #expect(alteredData == .badSignature)
    }

    @Test("a validly signed assertion of another app id is refused as wrongApp")
    func wrongApp() throws {
        let device = authority.makeDevice(appID: "ABCDE12345.com.example.other")
        let error = assertionRefusal {
            _ = try authority.verifier(appID: appID).verifyAssertion(
                try device.assertion(clientData: clientData), clientData: clientData, publicKey: device.publicKey,
                previousCounter: 0)
        }
        #expect(error == .wrongApp)
    }

    @Test("every single-bit change of a genuine assertion is refused")
    func bitFlips() throws {
        let device = authority.makeDevice(appID: appID)
        let verifier = authority.verifier(appID: appID)
        let assertion = try device.assertion(clientData: clientData, counter: 5)
        #expect(try verifier.verifyAssertion(assertion, clientData: clientData, publicKey: device.publicKey, previousCounter: 0) == 5)
        for index in assertion.indices {
            for bit in 0..<8 {
                var flipped = assertion
                flipped[index] ^= 1 << bit
                let error = assertionRefusal {
                    _ = try verifier.verifyAssertion(flipped, clientData: clientData, publicKey: device.publicKey, previousCounter: 0)
                }
                #expect(error != nil, "byte \(index) bit \(bit)")
            }
        }
    }

    @Test("garbage assertions, short authenticator data and a bad stored key are refused as malformed")
    func malformed() throws {
        let device = authority.makeDevice(appID: appID)
        let verifier = authority.verifier(appID: appID)
        for input in [Data(), Data([0xA0]), Data("garbage".utf8), CBORValue.textMap(["signature": .bytes(Data())]).encoded()] {
            let error = assertionRefusal {
                _ = try verifier.verifyAssertion(input, clientData: clientData, publicKey: device.publicKey, previousCounter: 0)
            }
            #expect(error?.isMalformed == true)
        }
        let badKey = assertionRefusal {
            _ = try verifier.verifyAssertion(
                try device.assertion(clientData: clientData), clientData: clientData, publicKey: Data([4, 1, 2]),
                previousCounter: 0)
        }
        #expect(badKey?.isMalformed == true)
        let shortData = Data([1, 2, 3])
        let short = assertionRefusal {
            _ = try verifier.verifyAssertion(
                try device.signedAssertion(authenticatorData: shortData, clientDataHash: Data(SHA256.hash(data: clientData))), clientData: clientData,
                publicKey: device.publicKey, previousCounter: 0)
        }
        #expect(short?.isMalformed == true)
    }

    @Test("client data is the method, the full path with query, a newline, then the raw body")
    func clientDataLayout() {
        let data = AppAttestClientData.forRequest(method: "GET", path: "/p/anthropic/v1/models?limit=2", body: Data())
        #expect(data == Data("GET /p/anthropic/v1/models?limit=2\n".utf8))
        let withBody = AppAttestClientData.forRequest(method: "POST", path: "/p/openai/v1/x", body: Data([0, 0xFF]))
        #expect(withBody == Data("POST /p/openai/v1/x\n".utf8) + Data([0, 0xFF]))
        #expect(AppAttestHeaders.keyID == "relay-attest-key-id")
        #expect(AppAttestHeaders.assertion == "relay-attest-assertion")
    }
}
