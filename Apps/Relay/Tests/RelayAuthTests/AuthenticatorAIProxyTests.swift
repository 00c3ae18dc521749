import Crypto
import Foundation
import HTTPTypes
import RelayAuth
import RelayCore
import RelayStorage
import Testing

@Suite("Authenticator: AIProxy headers")
struct AuthenticatorAIProxyTests {
    let partialKey = "rly_partial-key-of-story-app-0123456789"
    let bypass = "bypass-token-0123456789abcdef"

    func project(_ auth: ProjectAuth, id: String = "story-app", partialKey: String? = nil) -> Project {
        Project(
            id: id, partialKey: partialKey ?? self.partialKey, clientLimits: Limits(requestsPerMinute: 7), auth: auth)
    }

    @Test("The partial key alone passes where the project allows it, as the client id or 'anonymous'")
    func partialKeyOnly() async throws {
        try await AuthFixture.with { fixture in
            let open = project(ProjectAuth(allowPartialKeyOnly: true))
            let named = await fixture.authenticate(
                open, HTTPFields(["aiproxy-partial-key": partialKey, "aiproxy-client-id": "device-9"]))
            #expect(
                named.identity == ClientIdentity(kind: .clientID, id: "device-9", limits: Limits(requestsPerMinute: 7)))
            let anonymous = await fixture.authenticate(open, HTTPFields(["aiproxy-partial-key": partialKey]))
            #expect(anonymous.identity?.id == "anonymous")

            let closed = await fixture.authenticate(
                project(ProjectAuth()), HTTPFields(["aiproxy-partial-key": partialKey]))
            #expect(closed.error?.status == 401)
            let longID = await fixture.authenticate(
                open,
                HTTPFields(["aiproxy-partial-key": partialKey, "aiproxy-client-id": String(repeating: "d", count: 300)])
            )
            #expect(longID.error?.status == 401)
        }
    }

    @Test("Another project's partial key is refused, without repeating it")
    func otherPartialKey() async throws {
        try await AuthFixture.with { fixture in
            let open = project(ProjectAuth(allowPartialKeyOnly: true))
            let otherKey = "rly_partial-key-of-other-app-987654321"
            let result = await fixture.authenticate(open, HTTPFields(["aiproxy-partial-key": otherKey]))
            let error = try #require(result.error)
            #expect(error == .unauthenticated("The aiproxy-partial-key is not this project's."))
            #expect(!String(describing: error).contains(otherKey))
            #expect(!String(describing: error).contains(partialKey))
            // A prefix of the right key is no better.
            let prefix = await fixture.authenticate(
                open, HTTPFields(["aiproxy-partial-key": String(partialKey.dropLast())]))
            #expect(prefix.error?.status == 401)
        }
    }

    @Test("The bypass token passes only when set and equal; never echoed")
    func bypassToken() async throws {
        try await AuthFixture.with { fixture in
            let withBypass = project(ProjectAuth(deviceCheckBypassToken: bypass))
            let good = await fixture.authenticate(
                withBypass,
                HTTPFields([
                    "aiproxy-partial-key": partialKey, "aiproxy-devicecheck-bypass": bypass, "aiproxy-client-id": "sim",
                ]))
            #expect(good.identity == ClientIdentity(kind: .clientID, id: "sim", limits: Limits(requestsPerMinute: 7)))

            let wrongValue = "bypass-token-0123456789abcdeX"
            let wrong = try #require(
                await fixture.authenticate(
                    withBypass,
                    HTTPFields(["aiproxy-partial-key": partialKey, "aiproxy-devicecheck-bypass": wrongValue])
                ).error)
            #expect(wrong.status == 401)
            #expect(!String(describing: wrong).contains(wrongValue) && !String(describing: wrong).contains(bypass))

            // Unset on the project: even a partial-key-only project refuses a bypass attempt.
            let unset = project(ProjectAuth(allowPartialKeyOnly: true))
            let refused = try #require(
                await fixture.authenticate(
                    unset, HTTPFields(["aiproxy-partial-key": partialKey, "aiproxy-devicecheck-bypass": bypass])
                ).error)
            #expect(refused == .unauthenticated("This project accepts no aiproxy-devicecheck-bypass token."))
            #expect(!String(describing: refused).contains(bypass))
        }
    }

    @Test("No credentials at all: 401")
    func nothing() async throws {
        try await AuthFixture.with { fixture in
            let result = await fixture.authenticate(
                project(ProjectAuth(allowPartialKeyOnly: true)), HTTPFields(["aiproxy-client-id": "x"]))
            #expect(result.error?.status == 401)
            // A bearer value that isn't a JWT is not a client token; with nothing else it's no credential either.
            let placeholder = await fixture.authenticate(
                project(ProjectAuth()), HTTPFields(["authorization": "Bearer sk-placeholder"]))
            #expect(placeholder.error?.status == 401)
        }
    }

    @Test("DeviceCheck through the authenticator: valid, invalid, Apple down, key missing")
    func deviceCheck() async throws {
        let developerKey = P256.Signing.PrivateKey()
        let apple = AppleDeviceCheckStandIn(
            teamID: "TEAM123456", keyID: "KEY1234567", publicKeyPEM: developerKey.publicKey.pemRepresentation)
        try await apple.run { endpoint in
            try await AuthFixture.with { fixture in
                let settings = DeviceCheckSettings(
                    teamID: "TEAM123456", keyID: "KEY1234567", keySecretName: "devicecheck", endpoint: endpoint)
                let checked = project(ProjectAuth(deviceCheck: settings))
                let sealed = try fixture.secrets.seal(
                    Data(developerKey.pemRepresentation.utf8),
                    context: SecretBox.context(projectID: "story-app", name: "devicecheck"))
                try await fixture.store.putSecret(sealed, projectID: "story-app", name: "devicecheck")

                func headers(_ token: String, clientID: String? = "device-7") -> HTTPFields {
                    var fields = HTTPFields(["aiproxy-partial-key": partialKey, "aiproxy-devicecheck": token])
                    if let clientID { fields[HTTPField.Name("aiproxy-client-id")!] = clientID }
                    return fields
                }
                #expect(
                    await fixture.authenticate(checked, headers("valid-1")).identity
                        == ClientIdentity(kind: .deviceCheck, id: "device-7", limits: Limits(requestsPerMinute: 7)))
                #expect(await fixture.authenticate(checked, headers("valid-2", clientID: nil)).identity?.id == "device")

                let invalid = try #require(await fixture.authenticate(checked, headers("stolen-token-value")).error)
                #expect(invalid == .unauthenticated("The DeviceCheck token is not valid."))
                #expect(!String(describing: invalid).contains("stolen-token-value"))

                let down = try #require(await fixture.authenticate(checked, headers("down")).error)
                #expect(down.status == 503)

                // The same key under another project's id is missing for that project.
                let other = project(ProjectAuth(deviceCheck: settings), id: "other-app")
                let missing = try #require(await fixture.authenticate(other, headers("valid-3")).error)
                #expect(
                    missing
                        == .unavailable(
                            "The project's DeviceCheck key is unavailable: the project has no secret named devicecheck."
                        ))
                #expect(!String(describing: missing).contains("PRIVATE KEY"))
                #expect(await apple.log.requests == 4)
            }
        }
    }

    @Test("A DeviceCheck token for a project without DeviceCheck falls back to what the project allows")
    func deviceCheckNotConfigured() async throws {
        try await AuthFixture.with { fixture in
            let fields = HTTPFields(["aiproxy-partial-key": partialKey, "aiproxy-devicecheck": "some-token"])
            #expect(
                await fixture.authenticate(project(ProjectAuth(allowPartialKeyOnly: true)), fields).identity?.kind
                    == .clientID)
            #expect(await fixture.authenticate(project(ProjectAuth()), fields).error?.status == 401)
        }
    }
}
