import Crypto
import Foundation
import HTTPTypes
import Logging
import RelayAppAttest
import RelayAuth
import RelayCore
import RelayStorage
import RelayTestSupport
import Testing

@Suite("App Attest: registration and assertions")
struct AppAttestAuthTests {
    let path = "/story-app/openai/v1/chat/completions"
    let body = Data(#"{"model":"gpt-4o"}"#.utf8)

    func project(id: String = "story-app", allowDevelopment: Bool = false) -> Project {
        Project(
            id: id, partialKey: "pk-\(id)", clientLimits: Limits(tokensPerDay: 1000),
            auth: ProjectAuth(
                appAttest: AppAttestSettings(appID: AuthFixture.appID, allowDevelopment: allowDevelopment)))
    }

    /// Registers `device` on `project` through a fresh challenge.
    func register(_ device: TestAppAttestDevice, _ project: Project, _ fixture: AuthFixture) async throws -> AttestedKey
    {
        let challenge = try await fixture.registration.challenge(projectID: project.id)
        let attestation = try device.attestation(clientDataHash: Data(SHA256.hash(data: Data(challenge.utf8))))
        return try await fixture.registration.register(
            project: project, keyID: device.keyID.base64EncodedString(), attestation: attestation, challenge: challenge,
            now: Date())
    }

    func headers(_ device: TestAppAttestDevice, _ assertion: Data) -> HTTPFields {
        HTTPFields([
            "relay-attest-key-id": device.keyID.base64EncodedString(),
            "relay-attest-assertion": assertion.base64EncodedString(),
        ])
    }

    func assertion(_ device: TestAppAttestDevice, method: String = "POST", path: String? = nil, body: Data? = nil)
        throws -> Data
    {
        try device.assertion(
            clientData: AppAttestClientData.forRequest(method: method, path: path ?? self.path, body: body ?? self.body)
        )
    }

    @Test("A registered key's assertion over the request authenticates; the same assertion again is a replay")
    func assertionAndReplay() async throws {
        try await AuthFixture.with { fixture in
            let project = project()
            let device = fixture.authority.makeDevice(appID: AuthFixture.appID)
            let key = try await register(device, project, fixture)
            #expect(key.counter == 0)
            #expect(key.projectID == "story-app")
            #expect(key.id == device.keyID.base64EncodedString())
            #expect(key.environment == "appattest")
            #expect(try await fixture.store.attestedKey(id: key.id) == key)

            let signed = try assertion(device)
            let identity = try #require(
                await fixture.authenticate(project, headers(device, signed), path: path, body: body).identity)
            #expect(identity == ClientIdentity(kind: .appAttest, id: key.id, limits: Limits(tokensPerDay: 1000)))
            #expect(try await fixture.store.attestedKey(id: key.id)?.counter == 1)

            let replay = try #require(
                await fixture.authenticate(project, headers(device, signed), path: path, body: body).error)
            #expect(replay.status == 401)
            // The next assertion passes; an older counter doesn't.
            #expect(
                await fixture.authenticate(project, headers(device, try assertion(device)), path: path, body: body)
                    .identity != nil)
            let old = try device.assertion(
                clientData: AppAttestClientData.forRequest(method: "POST", path: path, body: body), counter: 1)
            #expect(
                await fixture.authenticate(project, headers(device, old), path: path, body: body).error?.status == 401)
        }
    }

    @Test("Two relays receiving the same assertion at once: exactly one lets it through")
    func concurrentReplay() async throws {
        try await AuthFixture.with { fixture in
            let project = project()
            let device = fixture.authority.makeDevice(appID: AuthFixture.appID)
            _ = try await register(device, project, fixture)
            let fields = headers(device, try assertion(device))
            let path = path
            let body = body
            let results = await withTaskGroup(of: Bool.self) { group in
                for _ in 0..<8 {
                    group.addTask {
                        await fixture.authenticate(project, fields, path: path, body: body).identity != nil
                    }
                }
                return await group.reduce(into: 0) { $0 += $1 ? 1 : 0 }
            }
            #expect(results == 1)
        }
    }

    @Test("An assertion over another request, method or body is refused")
    func boundToRequest() async throws {
        try await AuthFixture.with { fixture in
            let project = project()
            let device = fixture.authority.makeDevice(appID: AuthFixture.appID)
            _ = try await register(device, project, fixture)
            let signed = try assertion(device)
            #expect(
                await fixture.authenticate(project, headers(device, signed), path: path, body: Data("{}".utf8)).error?
                    .status == 401)
            #expect(
                await fixture.authenticate(
                    project, headers(device, signed), path: "/story-app/openai/v1/embeddings", body: body
                ).error?.status == 401)
            #expect(
                await fixture.authenticate(project, headers(device, signed), method: .get, path: path, body: body)
                    .error?.status == 401)
            // The refusals didn't use the counter up: the assertion still passes for its own request.
            #expect(
                await fixture.authenticate(project, headers(device, signed), path: path, body: body).identity != nil)
        }
    }

    @Test("Revoked keys, other projects' keys, unknown keys and incomplete headers are refused")
    func refusedKeys() async throws {
        try await AuthFixture.with { fixture in
            let project = project()
            let other = self.project(id: "other-app")
            let device = fixture.authority.makeDevice(appID: AuthFixture.appID)
            let key = try await register(device, other, fixture)
            let foreign = try #require(
                await fixture.authenticate(project, headers(device, try assertion(device)), path: path, body: body)
                    .error)
            #expect(foreign == .unauthenticated("The App Attest key is not registered for this project."))

            let unknown = fixture.authority.makeDevice(appID: AuthFixture.appID)
            #expect(
                await fixture.authenticate(project, headers(unknown, try assertion(unknown)), path: path, body: body)
                    .error == foreign)

            #expect(try await fixture.store.revokeAttestedKey(id: key.id))
            let revoked = await fixture.authenticate(
                other, headers(device, try assertion(device)), path: path, body: body)
            #expect(revoked.error == .unauthenticated("The App Attest key has been revoked."))

            let half = HTTPFields(["relay-attest-key-id": device.keyID.base64EncodedString()])
            #expect(await fixture.authenticate(project, half).error?.status == 401)
            let garbage = HTTPFields(["relay-attest-key-id": "not base64!", "relay-attest-assertion": "AAAA"])
            #expect(await fixture.authenticate(project, garbage).error?.status == 401)
            let noAppAttest = Project(id: "story-app", partialKey: "pk", auth: ProjectAuth(allowPartialKeyOnly: true))
            #expect(
                await fixture.authenticate(noAppAttest, headers(device, try assertion(device))).error
                    == .unauthenticated("This project does not accept App Attest."))
        }
    }

    @Test("Challenges are limited per project and minute (they go to anyone who asks); expired ones are purged")
    func challengesAreLimited() async throws {
        try await AuthFixture.with { fixture in
            let registration = AppAttestRegistration(
                store: fixture.store, appAttestRoots: [fixture.authority.rootCertificate], challengeLifetime: 60,
                challengesPerMinute: 3, logger: Logger(label: "relay.auth.tests"))
            // Early in a minute, so that the four calls fall in the same one.
            let now = Date(timeIntervalSince1970: (Date().timeIntervalSince1970 / 60).rounded(.down) * 60 + 1)
            for _ in 0..<3 { _ = try await registration.challenge(projectID: "story-app", now: now) }
            do {
                _ = try await registration.challenge(projectID: "story-app", now: now)
                Issue.record("a fourth challenge in the minute was handed out")
            } catch {
                guard case .rateLimited(_, let retryAfter) = error as? RelayError else {
                    Issue.record("unexpected \(error)")
                    return
                }
                #expect(retryAfter == 59)
            }
            _ = try await registration.challenge(projectID: "other-app", now: now)
            _ = try await registration.challenge(projectID: "story-app", now: now.addingTimeInterval(60))
            #expect(try await fixture.store.purgeExpiredChallenges(now: now.addingTimeInterval(61)) == 4)
            #expect(try await fixture.store.purgeExpiredChallenges(now: now.addingTimeInterval(121)) == 1)
        }
    }

    @Test("Challenges: unknown, expired, another project's or already used are refused")
    func challenges() async throws {
        try await AuthFixture.with { fixture in
            let project = project()
            let device = fixture.authority.makeDevice(appID: AuthFixture.appID)
            let keyID = device.keyID.base64EncodedString()
            func attempt(_ challenge: String, now: Date = Date(), on project: Project? = nil) async -> RelayError? {
                do {
                    let attestation = try device.attestation(
                        clientDataHash: Data(SHA256.hash(data: Data(challenge.utf8))))
                    _ = try await fixture.registration.register(
                        project: project ?? self.project(), keyID: keyID, attestation: attestation,
                        challenge: challenge, now: now)
                    return nil
                } catch let error as RelayError {
                    return error
                } catch {
                    Issue.record("unexpected \(error)")
                    return nil
                }
            }
            let used = RelayError.unauthenticated(
                "The challenge is unknown, expired or already used; ask for a new one.")
            #expect(await attempt("never-issued") == used)

            let expiring = try await fixture.registration.challenge(projectID: project.id)
            #expect(await attempt(expiring, now: Date().addingTimeInterval(301)) == used)

            let othersChallenge = try await fixture.registration.challenge(projectID: "other-app")
            #expect(await attempt(othersChallenge) == used)

            let challenge = try await fixture.registration.challenge(projectID: project.id)
            #expect(challenge.count == 43)
            #expect(await attempt(challenge) == nil)
            #expect(await attempt(challenge) == used)

            // An attestation made over another challenge uses up the one it is presented with.
            let first = try await fixture.registration.challenge(projectID: project.id)
            let second = try await fixture.registration.challenge(projectID: project.id)
            let fresh = fixture.authority.makeDevice(appID: AuthFixture.appID)
            let overFirst = try fresh.attestation(clientDataHash: Data(SHA256.hash(data: Data(first.utf8))))
            await #expect(throws: RelayError.self) {
                try await fixture.registration.register(
                    project: project, keyID: fresh.keyID.base64EncodedString(), attestation: overFirst,
                    challenge: second, now: Date())
            }
            #expect(await attempt(second) == used)
        }
    }

    @Test("Registration refuses development keys unless allowed, a second registration, and a bad key id")
    func registrationRefusals() async throws {
        try await AuthFixture.with { fixture in
            let develop = fixture.authority.makeDevice(appID: AuthFixture.appID, environment: .development)
            await #expect(
                throws: RelayError.unauthenticated(
                    "The App Attest attestation was refused: \(AppAttestError.wrongEnvironment.reason).")
            ) {
                try await register(develop, project(), fixture)
            }
            let allowed = try await register(develop, project(allowDevelopment: true), fixture)
            #expect(allowed.environment == "appattestdevelop")
            // The project later stops accepting development keys: the stored key's assertions are refused.
            let signed = try assertion(develop)
            #expect(
                await fixture.authenticate(project(), headers(develop, signed), path: path, body: body).error?.status
                    == 401)

            await #expect(throws: RelayError.badRequest("This App Attest key is already registered.")) {
                try await register(develop, project(allowDevelopment: true), fixture)
            }
            let challenge = try await fixture.registration.challenge(projectID: "story-app")
            await #expect(throws: RelayError.self) {
                try await fixture.registration.register(
                    project: project(), keyID: "c2hvcnQ=", attestation: Data(), challenge: challenge, now: Date())
            }
        }
    }
}
