import Foundation
import RelayStorage
import RelayTestSupport
import Testing

@Suite("App Attest keys and challenges")
struct StoreAppAttestTests {
    static func sampleKey(id: String, projectID: String = "p", counter: UInt32 = 0) -> AttestedKey {
        AttestedKey(
            id: id, projectID: projectID, publicKey: Data(repeating: 4, count: 65), counter: counter,
            environment: "appattestdevelop", receipt: Data([0x30, 0x80, 1, 2]), createdAt: Date())
    }

    @Test(arguments: TestStoreBackend.available)
    func keysRoundTripConflictAndRevoke(backend: TestStoreBackend) async throws {
        try await TestStore.with(backend) { store async throws in
            let key = Self.sampleKey(id: "a2V5LTE=")
            try await store.insertAttestedKey(key)
            #expect(try await store.attestedKey(id: key.id) == key)
            await #expect(throws: RelayStoreError.conflict("the App Attest key is already registered")) {
                try await store.insertAttestedKey(key)
            }
            try await store.insertAttestedKey(Self.sampleKey(id: "other", projectID: "q"))
            #expect(try await store.attestedKeys(projectID: "p") == [key])

            #expect(try await store.revokeAttestedKey(id: key.id))
            #expect(try await store.revokeAttestedKey(id: "missing") == false)
            #expect(try await store.attestedKey(id: key.id)?.revoked == true)
            #expect(try await store.advanceAttestedKeyCounter(id: key.id, to: 5) == false)
        }
    }

    @Test(arguments: TestStoreBackend.available)
    func counterOnlyMovesUpward(backend: TestStoreBackend) async throws {
        try await TestStore.with(backend) { store async throws in
            try await store.insertAttestedKey(Self.sampleKey(id: "k", counter: 3))
            #expect(try await store.advanceAttestedKeyCounter(id: "k", to: 3) == false)
            #expect(try await store.advanceAttestedKeyCounter(id: "k", to: 4))
            #expect(try await store.advanceAttestedKeyCounter(id: "k", to: 2) == false)
            #expect(try await store.advanceAttestedKeyCounter(id: "k", to: UInt32.max))
            #expect(try await store.attestedKey(id: "k")?.counter == UInt32.max)
            #expect(try await store.advanceAttestedKeyCounter(id: "missing", to: 9) == false)

            // The same assertion counter presented 20 times at once: exactly one wins.
            try await store.insertAttestedKey(Self.sampleKey(id: "race", counter: 0))
            let wins = try await withThrowingTaskGroup(of: Bool.self) { group in
                for _ in 0..<20 { group.addTask { try await store.advanceAttestedKeyCounter(id: "race", to: 1) } }
                return try await group.reduce(0) { $0 + ($1 ? 1 : 0) }
            }
            #expect(wins == 1)
        }
    }

    @Test(arguments: TestStoreBackend.available)
    func challengesAreSingleUseAndExpire(backend: TestStoreBackend) async throws {
        try await TestStore.with(backend) { store async throws in
            let now = Date()
            try await store.insertChallenge("fresh", projectID: "p", expiresAt: now.addingTimeInterval(60))
            try await store.insertChallenge("stale", projectID: "p", expiresAt: now.addingTimeInterval(-1))
            await #expect(throws: RelayStoreError.self) {
                try await store.insertChallenge("fresh", projectID: "p", expiresAt: now.addingTimeInterval(60))
            }
            #expect(try await store.consumeChallenge("fresh", projectID: "q", now: now) == false)
            #expect(try await store.consumeChallenge("stale", projectID: "p", now: now) == false)

            let uses = try await withThrowingTaskGroup(of: Bool.self) { group in
                for _ in 0..<10 { group.addTask { try await store.consumeChallenge("fresh", projectID: "p", now: now) } }
                return try await group.reduce(0) { $0 + ($1 ? 1 : 0) }
            }
            #expect(uses == 1)

            try await store.insertChallenge("old", projectID: "p", expiresAt: now.addingTimeInterval(-5))
            try await store.insertChallenge("new", projectID: "p", expiresAt: now.addingTimeInterval(5))
            #expect(try await store.purgeExpiredChallenges(now: now) == 1)
            #expect(try await store.consumeChallenge("new", projectID: "p", now: now))
        }
    }
}
