import Foundation
import RelayStorage
import RelayTestSupport
import Testing

@Suite("Store locations")
struct StoreLocationTests {
    @Test(arguments: [
        "", "mysql://u@h/db", "sqlite:", "postgres://", "postgres://host/db",
        "postgres://u@h/db?sslmode=sometimes", "postgres://u@h/db?schema=Bad-Name", "postgres://u@h/db?colour=blue",
        "postgres://u@h/db?connect_timeout=0",
    ])
    func badLocationsAreTypedErrors(location: String) async {
        await #expect(throws: RelayStoreError.self) { try await RelayStore.open(location) }
    }

    @Test func errorsDoNotRepeatThePassword() async {
        do {
            _ = try await RelayStore.open("postgres://relay:hunter2-secret@127.0.0.1:1/db?colour=blue")
            Issue.record("an unknown parameter was accepted")
        } catch {
            #expect(!"\(error)".contains("hunter2-secret"))
        }
    }

    @Test func unreachablePostgresIsUnavailableQuickly() async {
        let start = ContinuousClock.now
        await #expect {
            _ = try await RelayStore.open("postgres://relay@127.0.0.1:1/db?connect_timeout=1&sslmode=disable")
        } throws: { error in
            guard case RelayStoreError.unavailable = error else { return false }
            return true
        }
        // Typed and bounded, not hung; the bound is loose because closing a client that is still dialling waits for
        // its attempt, which a loaded machine stretches.
        #expect(ContinuousClock.now - start < .seconds(30))
    }

    @Test func sqliteFileIsCreatedAndReopened() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("relay-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("nested/relay.sqlite").path
        let store = try await RelayStore.open(path)
        #expect(store.backend == "sqlite")
        try await store.insertChallenge("c", projectID: "p", expiresAt: Date().addingTimeInterval(60))
        await store.close()

        let reopened = try await RelayStore.open("sqlite:" + path)
        #expect(try await reopened.consumeChallenge("c", projectID: "p", now: Date()))
        await reopened.close()
    }
}
