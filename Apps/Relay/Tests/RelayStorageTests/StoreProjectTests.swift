import Crypto
import Foundation
import RelayCore
import RelayStorage
import RelayTestSupport
import Testing

@Suite("Projects and secrets")
struct StoreProjectTests {
    static func sampleProject(_ id: String = "story-app", partialKey: String = "pk-story") -> Project {
        Project(
            id: id, partialKey: partialKey,
            upstreams: [Upstream(provider: .openai, baseURL: "http://127.0.0.1:9")],
            projectLimits: Limits(allowedEndpoints: ["POST /v1/chat/completions"], tokensPerMinute: 1000),
            clientLimits: Limits(allowedEndpoints: ["POST /v1/chat/completions"], requestsPerMinute: 5),
            auth: ProjectAuth(appAttest: AppAttestSettings(appID: "TEAM.app"), allowPartialKeyOnly: true),
            createdAt: Date())
    }

    @Test(arguments: TestStoreBackend.available)
    func projectsRoundTripAndConflict(backend: TestStoreBackend) async throws {
        try await TestStore.with(backend) { store async throws in
            #expect(store.backend == backend.rawValue)
            let project = Self.sampleProject()
            try await store.createProject(project)
            #expect(try await store.project(id: "story-app") == project)
            #expect(try await store.project(partialKey: "pk-story") == project)
            #expect(try await store.project(id: "missing") == nil)

            await #expect(throws: RelayStoreError.self) { try await store.createProject(project) }
            let samePartialKey = Self.sampleProject("other", partialKey: "pk-story")
            await #expect(throws: RelayStoreError.self) { try await store.createProject(samePartialKey) }

            var updated = project
            updated.clientLimits.requestsPerMinute = 9
            try await store.updateProject(updated)
            #expect(try await store.project(id: "story-app")?.clientLimits.requestsPerMinute == 9)
            await #expect(throws: RelayStoreError.notFound("no project \"nope\"")) {
                try await store.updateProject(Self.sampleProject("nope", partialKey: "pk-nope"))
            }

            try await store.createProject(Self.sampleProject("alpha", partialKey: "pk-alpha"))
            #expect(try await store.projects().map(\.id) == ["alpha", "story-app"])
        }
    }

    @Test(arguments: TestStoreBackend.available)
    func deleteProjectRemovesItsRows(backend: TestStoreBackend) async throws {
        try await TestStore.with(backend) { store async throws in
            try await store.createProject(Self.sampleProject())
            let sealed = SealedSecret(masterKeyID: "k1", ciphertext: Data([1, 2, 3]))
            try await store.putSecret(sealed, projectID: "story-app", name: "openai")
            try await store.putSecret(sealed, projectID: "other", name: "openai")
            try await store.insertAttestedKey(StoreAppAttestTests.sampleKey(id: "key-1", projectID: "story-app"))
            try await store.insertChallenge("c1", projectID: "story-app", expiresAt: Date().addingTimeInterval(60))

            #expect(try await store.deleteProject(id: "story-app"))
            #expect(try await store.deleteProject(id: "story-app") == false)
            #expect(try await store.project(id: "story-app") == nil)
            #expect(try await store.secretNames(projectID: "story-app").isEmpty)
            #expect(try await store.attestedKey(id: "key-1") == nil)
            #expect(try await store.consumeChallenge("c1", projectID: "story-app", now: Date()) == false)
            #expect(try await store.secret(projectID: "other", name: "openai") == sealed)
        }
    }

    @Test(arguments: TestStoreBackend.available)
    func secretsUpsertListAndDelete(backend: TestStoreBackend) async throws {
        try await TestStore.with(backend) { store async throws in
            let first = SealedSecret(masterKeyID: "k1", ciphertext: Data(repeating: 7, count: 40))
            let second = SealedSecret(masterKeyID: "k2", ciphertext: Data(repeating: 9, count: 44))
            try await store.putSecret(first, projectID: "p", name: "openai")
            try await store.putSecret(first, projectID: "p", name: "anthropic")
            try await store.putSecret(second, projectID: "p", name: "openai")
            #expect(try await store.secret(projectID: "p", name: "openai") == second)
            #expect(try await store.secretNames(projectID: "p") == ["anthropic", "openai"])
            #expect(try await store.deleteSecret(projectID: "p", name: "anthropic"))
            #expect(try await store.deleteSecret(projectID: "p", name: "anthropic") == false)
            #expect(try await store.secret(projectID: "p", name: "anthropic") == nil)
        }
    }

    @Test(arguments: TestStoreBackend.available)
    func resealMovesEverySecretToTheCurrentKey(backend: TestStoreBackend) async throws {
        try await TestStore.with(backend) { store async throws in
            let old = SymmetricKey(size: .bits256)
            let oldBox = try SecretBox(keys: ["old": old], currentKeyID: "old")
            for name in ["openai", "anthropic", "devicecheck"] {
                let context = SecretBox.context(projectID: "p", name: name)
                try await store.putSecret(
                    try oldBox.seal(Data("value-\(name)".utf8), context: context), projectID: "p", name: name)
            }
            let new = SymmetricKey(size: .bits256)
            let rotating = try SecretBox(keys: ["old": old, "new": new], currentKeyID: "new")
            #expect(try await store.resealSecrets(with: rotating) == 3)
            #expect(try await store.resealSecrets(with: rotating) == 0)

            // The old key can go: everything opens with the new one alone.
            let newOnly = try SecretBox(keys: ["new": new], currentKeyID: "new")
            for name in ["openai", "anthropic", "devicecheck"] {
                let sealed = try #require(try await store.secret(projectID: "p", name: name))
                #expect(sealed.masterKeyID == "new")
                let plaintext = try newOnly.open(sealed, context: SecretBox.context(projectID: "p", name: name))
                #expect(String(decoding: plaintext, as: UTF8.self) == "value-\(name)")
            }
        }
    }

    @Test(arguments: TestStoreBackend.available)
    func resealIsAllOrNothing(backend: TestStoreBackend) async throws {
        try await TestStore.with(backend) { store async throws in
            let key = SymmetricKey(size: .bits256)
            let box = try SecretBox(keys: ["old": key], currentKeyID: "old")
            try await store.putSecret(
                try box.seal(Data("a".utf8), context: SecretBox.context(projectID: "p", name: "a")),
                projectID: "p", name: "a")
            // Sealed for another row: it can't be opened under its own row's context.
            try await store.putSecret(
                try box.seal(Data("b".utf8), context: SecretBox.context(projectID: "p", name: "elsewhere")),
                projectID: "p", name: "b")
            let rotating = try SecretBox(keys: ["old": key, "new": SymmetricKey(size: .bits256)], currentKeyID: "new")
            await #expect(throws: RelayStoreError.self) { try await store.resealSecrets(with: rotating) }
            #expect(try await store.secret(projectID: "p", name: "a")?.masterKeyID == "old")
        }
    }
}
