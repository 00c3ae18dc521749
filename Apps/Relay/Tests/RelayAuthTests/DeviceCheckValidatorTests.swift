import Crypto
import Foundation
import RelayAuth
import RelayCore
import Testing

@Suite("DeviceCheck against a local stand-in for Apple")
struct DeviceCheckValidatorTests {
    let developerKey = P256.Signing.PrivateKey()

    func standIn() -> AppleDeviceCheckStandIn {
        AppleDeviceCheckStandIn(
            teamID: "TEAM123456", keyID: "KEY1234567", publicKeyPEM: developerKey.publicKey.pemRepresentation)
    }

    func settings(_ endpoint: String, keyID: String = "KEY1234567") -> DeviceCheckSettings {
        DeviceCheckSettings(teamID: "TEAM123456", keyID: keyID, keySecretName: "devicecheck-key", endpoint: endpoint)
    }

    func outcome(
        _ validator: DeviceCheckValidator, _ token: String, _ settings: DeviceCheckSettings, pem: String? = nil
    ) async -> DeviceCheckError? {
        let pem = pem ?? developerKey.pemRepresentation
        do {
            try await validator.validate(deviceToken: token, settings: settings, now: Date()) {
                () async throws(DeviceCheckError) -> String in pem
            }
            return nil
        } catch {
            return error
        }
    }

    @Test("A token Apple accepts passes once asked, and is then answered from the cache")
    func valid() async throws {
        let apple = standIn()
        try await apple.run { endpoint in
            let validator = DeviceCheckValidator(timeoutSeconds: 30)
            #expect(await outcome(validator, "valid-device-1", settings(endpoint)) == nil)
            #expect(await outcome(validator, "valid-device-1", settings(endpoint + "/")) == nil)
            #expect(await apple.log.requests == 1)
            #expect(await apple.log.deviceTokens == ["valid-device-1"])
            #expect(await validator.cachedTokenCount == 1)
        }
    }

    @Test("A token Apple refuses is invalid, and is asked about again next time")
    func invalid() async throws {
        let apple = standIn()
        try await apple.run { endpoint in
            let validator = DeviceCheckValidator(timeoutSeconds: 30)
            #expect(await outcome(validator, "forged", settings(endpoint)) == .invalidToken)
            #expect(await outcome(validator, "forged", settings(endpoint)) == .invalidToken)
            #expect(await apple.log.requests == 2)
            #expect(
                await outcome(validator, String(repeating: "x", count: 17_000), settings(endpoint)) == .invalidToken)
            #expect(await outcome(validator, "", settings(endpoint)) == .invalidToken)
            #expect(await apple.log.requests == 2)
        }
    }

    @Test("Apple failing, unreachable or refusing the relay's authorization is 'unavailable', not 'invalid'")
    func appleDown() async throws {
        let apple = standIn()
        let otherKey = P256.Signing.PrivateKey()
        try await apple.run { endpoint in
            let validator = DeviceCheckValidator(timeoutSeconds: 30)
            #expect(await outcome(validator, "down", settings(endpoint)) == .unavailable("Apple answered 500"))
            // Signed with a key Apple doesn't know for this kid, or naming another kid.
            #expect(
                await outcome(validator, "valid-x", settings(endpoint), pem: otherKey.pemRepresentation)
                    == .unavailable("Apple answered 401"))
            #expect(
                await outcome(validator, "valid-x", settings(endpoint, keyID: "OTHERKEY00"))
                    == .unavailable("Apple answered 401"))
            #expect(await apple.log.refusedAuthorizations == 2)
        }
        // Nothing listens on port 1.
        let validator = DeviceCheckValidator(timeoutSeconds: 30)
        #expect(
            await outcome(validator, "valid-x", settings("http://127.0.0.1:1"))
                == .unavailable("Apple could not be reached"))
    }

    @Test("A DeviceCheck key that isn't a P-256 PEM is reported as the key, and Apple is not asked")
    func unreadableKey() async throws {
        let apple = standIn()
        try await apple.run { endpoint in
            let validator = DeviceCheckValidator(timeoutSeconds: 30)
            let error = await outcome(
                validator, "valid-y", settings(endpoint),
                pem: "-----BEGIN PRIVATE KEY-----\nnope\n-----END PRIVATE KEY-----")
            guard case .keyUnavailable = error else {
                Issue.record("expected keyUnavailable, got \(String(describing: error))")
                return
            }
            #expect(await apple.log.requests == 0)
        }
    }

    @Test("The cache is bounded, and its entries expire")
    func cacheBounds() async throws {
        let apple = standIn()
        try await apple.run { endpoint in
            let validator = DeviceCheckValidator(timeoutSeconds: 30, cacheLifetime: 300, cacheCapacity: 2)
            for token in ["valid-1", "valid-2", "valid-3"] {
                #expect(await outcome(validator, token, settings(endpoint)) == nil)
            }
            #expect(await validator.cachedTokenCount == 2)
            #expect(await apple.log.requests == 3)
            // valid-1 was the oldest, so it was evicted and Apple is asked again.
            #expect(await outcome(validator, "valid-1", settings(endpoint)) == nil)
            #expect(await apple.log.requests == 4)

            let shortLived = DeviceCheckValidator(timeoutSeconds: 30, cacheLifetime: 0)
            #expect(await outcome(shortLived, "valid-4", settings(endpoint)) == nil)
            #expect(await outcome(shortLived, "valid-4", settings(endpoint)) == nil)
            #expect(await apple.log.requests == 6)
        }
    }
}
