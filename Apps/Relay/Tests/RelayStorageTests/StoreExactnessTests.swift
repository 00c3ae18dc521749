import Foundation
import RelayCore
import RelayStorage
import RelayTestSupport
import Testing

/// Limits must hold exactly with several relay instances on one database: two `RelayStore`s (two connection
/// pools, or two SQLite connections to one file) take 1,000 concurrent reservations from 100 clients.
@Suite("Exact reservations across instances")
struct StoreExactnessTests {
    static let clients = 100
    static let attemptsPerClient = 10

    struct Outcome {
        var granted = 0
        var grantedPerClient: [Int: Int] = [:]
    }

    /// Every client tries `attemptsPerClient` times at once, alternating between the two stores; each attempt
    /// charges one request to the project, one to the client and 10 tokens to the project.
    static func storm(_ stores: [RelayStore], projectLimit: Int64, clientLimit: Int64) async throws -> Outcome {
        let now = Date()
        let window = now.addingTimeInterval(120)
        return try await withThrowingTaskGroup(of: (Int, Bool).self) { group in
            for attempt in 0..<(clients * attemptsPerClient) {
                let client = attempt % clients
                let store = stores[attempt % stores.count]
                group.addTask {
                    let charges = [
                        CounterCharge(key: "p/tokens", amount: 10, limit: 1_000_000, expiresAt: window),
                        CounterCharge(key: "p/requests", amount: 1, limit: projectLimit, expiresAt: window),
                        CounterCharge(key: "c/\(client)/requests", amount: 1, limit: clientLimit, expiresAt: window),
                    ]
                    return (client, try await store.reserve(charges, now: now) == .granted)
                }
            }
            var outcome = Outcome()
            for try await (client, granted) in group where granted {
                outcome.granted += 1
                outcome.grantedPerClient[client, default: 0] += 1
            }
            return outcome
        }
    }

    @Test(arguments: TestStoreBackend.available)
    func projectLimitIsExact(backend: TestStoreBackend) async throws {
        // connect_timeout: 1,000 calls queue for 20 connections on a busy machine; they must wait, not fail.
        try await TestStore.withLocation(backend, parameters: "connect_timeout=120&max_connections=10") { location async throws in
            let stores = [try await location.open(), try await location.open()]
            let start = ContinuousClock.now
            let outcome = try await Self.storm(stores, projectLimit: 600, clientLimit: 8)
            let elapsed = ContinuousClock.now - start
            print("\(backend) project-bound: \(outcome.granted) of 1000 granted (limit 600) in \(elapsed)")
            #expect(outcome.granted == 600)
            #expect(try await stores[0].counter(key: "p/requests") == 600)
            #expect(try await stores[1].counter(key: "p/tokens") == 6000)
            var clientTotal: Int64 = 0
            for client in 0..<Self.clients {
                let counted = try await stores[client % 2].counter(key: "c/\(client)/requests")
                #expect(counted == Int64(outcome.grantedPerClient[client] ?? 0))
                #expect(counted <= 8)
                clientTotal += counted
            }
            #expect(clientTotal == 600)
            for store in stores { await store.close() }
        }
    }

    @Test(arguments: TestStoreBackend.available)
    func clientLimitIsExact(backend: TestStoreBackend) async throws {
        try await TestStore.withLocation(backend, parameters: "connect_timeout=120&max_connections=10") { location async throws in
            let stores = [try await location.open(), try await location.open()]
            let start = ContinuousClock.now
            let outcome = try await Self.storm(stores, projectLimit: 10_000, clientLimit: 7)
            let elapsed = ContinuousClock.now - start
            print("\(backend) client-bound: \(outcome.granted) of 1000 granted (7 per client) in \(elapsed)")
            #expect(outcome.granted == 700)
            #expect(outcome.grantedPerClient.count == Self.clients)
            #expect(outcome.grantedPerClient.values.allSatisfy { $0 == 7 })
            #expect(try await stores[0].counter(key: "p/requests") == 700)
            #expect(try await stores[1].counter(key: "c/42/requests") == 7)

            // Settling through one instance is seen by the other: three requests' reservations given back.
            let window = Date().addingTimeInterval(120)
            try await stores[0].settle([CounterAdjustment(key: "c/42/requests", delta: -3, expiresAt: window)])
            #expect(try await stores[1].counter(key: "c/42/requests") == 4)
            for store in stores { await store.close() }
        }
    }
}
