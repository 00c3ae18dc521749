import Foundation
import HTTPTypes
import RelayAuth
import RelayCore
import Testing

@Suite("Authenticator: client tokens")
struct AuthenticatorClientTokenTests {
    let limits = Limits(
        allowedEndpoints: ["POST /v1/chat/completions", "POST /v1/embeddings"], allowedModels: ["gpt-4o*"],
        requestsPerMinute: 60)

    @Test(
        "A client token in Authorization, x-api-key or api-key authenticates its user, with narrowed limits",
        arguments: ["authorization", "x-api-key", "api-key"])
    func accepted(header: String) async throws {
        try await AuthFixture.with { fixture in
            let (privateKey, key) = ClientTokens.generateKey(.eddsa, keyID: "backend-1")
            let project = Project(
                id: "story-app", partialKey: "pk", clientLimits: limits, auth: ProjectAuth(clientTokenKeys: [key]))
            let token = try await ClientTokens.mint(
                privateKey: privateKey, keyID: "backend-1", algorithm: .eddsa, subject: "alice", projectID: "story-app",
                lifetime: 600,
                narrowing: ClientTokenNarrowing(
                    models: ["gpt-4o-mini", "o3"], endpoints: ["POST /v1/chat/completions"], requestsPerMinute: 600))
            let value = header == "authorization" ? "Bearer \(token)" : token
            let identity = try #require(await fixture.authenticate(project, HTTPFields([header: value])).identity)
            #expect(identity.kind == .user)
            #expect(identity.id == "alice")
            #expect(
                identity.limits
                    == Limits(
                        allowedEndpoints: ["POST /v1/chat/completions"], allowedModels: ["gpt-4o-mini"],
                        requestsPerMinute: 60))
        }
    }

    @Test("Refused client tokens are 401 without the token in the error; a JWT doesn't fall through to other methods")
    func refused() async throws {
        try await AuthFixture.with { fixture in
            let (privateKey, key) = ClientTokens.generateKey(.es256, keyID: "backend-1")
            let project = Project(
                id: "story-app", partialKey: "pk", clientLimits: limits,
                auth: ProjectAuth(clientTokenKeys: [key], allowPartialKeyOnly: true))
            let expired = try await ClientTokens.mint(
                privateKey: privateKey, keyID: "backend-1", algorithm: .es256, subject: "alice", projectID: "story-app",
                lifetime: 60, now: Date().addingTimeInterval(-3600))
            let error = try #require(
                await fixture.authenticate(
                    project, HTTPFields(["authorization": "Bearer \(expired)", "aiproxy-partial-key": "pk"])
                ).error)
            #expect(error == .unauthenticated("The client token has expired."))
            #expect(!String(describing: error).contains(expired))
            #expect(!String(describing: error).contains(expired.split(separator: ".")[2]))

            let noKeys = Project(id: "story-app", partialKey: "pk", auth: ProjectAuth())
            let fresh = try await ClientTokens.mint(
                privateKey: privateKey, keyID: "backend-1", algorithm: .es256, subject: "alice", projectID: "story-app",
                lifetime: 60)
            #expect(
                await fixture.authenticate(noKeys, HTTPFields(["x-api-key": fresh])).error
                    == .unauthenticated("This project accepts no client tokens (it has no client token keys)."))
        }
    }
}
