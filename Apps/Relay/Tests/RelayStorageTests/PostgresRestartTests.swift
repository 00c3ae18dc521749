import Foundation
import RelayCore
import RelayStorage
import RelayTestSupport
import Testing

/// The database restarts under load: calls during the outage fail as `.unavailable` within seconds, and the
/// same store works again afterwards without being reopened.
@Suite("PostgreSQL restart", .serialized)
struct PostgresRestartTests {
    struct Tally {
        var granted = 0
        var unavailable = 0
        var otherErrors: [String] = []
        var slowest = Duration.zero

        mutating func add(_ other: Tally) {
            granted += other.granted
            unavailable += other.unavailable
            otherErrors += other.otherErrors
            slowest = max(slowest, other.slowest)
        }
    }

    /// Reserves `charge` over and over until `stop` is set, counting what each call ended with and the slowest call.
    static func reserveUntilStopped(
        _ store: RelayStore, _ charge: CounterCharge, stop: StopFlag, pauseWhenUnavailable: Duration?
    ) async throws -> Tally {
        var tally = Tally()
        while !stop.isSet {
            let start = ContinuousClock.now
            do {
                if try await store.reserve([charge], now: Date()) == .granted { tally.granted += 1 }
            } catch RelayStoreError.unavailable {
                tally.unavailable += 1
                if let pause = pauseWhenUnavailable { try await Task.sleep(for: pause) }
            } catch {
                tally.otherErrors.append("\(error)")
            }
            tally.slowest = max(tally.slowest, ContinuousClock.now - start)
        }
        return tally
    }

    @Test(.enabled(if: TestPostgres.url != nil, "the tests' PostgreSQL"), .timeLimit(.minutes(2)))
    func storeRecoversFromARestart() async throws {
        try await TestPostgres.withExclusiveAccess { () async throws in
            let location = try TestStoreLocation(.postgres, parameters: "connect_timeout=2")
            let store = try await location.open()
            let window = Date().addingTimeInterval(600)
            let charge = CounterCharge(key: "restart/requests", amount: 1, limit: 1_000_000, expiresAt: window)
            let stop = StopFlag()

            let tally = try await withThrowingTaskGroup(of: Tally.self) { group in
                for _ in 0..<4 {
                    group.addTask {
                        try await Self.reserveUntilStopped(store, charge, stop: stop, pauseWhenUnavailable: .milliseconds(50))
                    }
                }
                try await Task.sleep(for: .milliseconds(500))
                try await TestPostgres.restart()
                try await Task.sleep(for: .seconds(1))
                stop.set()
                return try await group.reduce(into: Tally()) { $0.add($1) }
            }
            print("restart: \(tally.granted) granted, \(tally.unavailable) unavailable, slowest call \(tally.slowest)")
            #expect(tally.otherErrors.isEmpty)
            #expect(tally.unavailable > 0, "the restart was not noticed")
            #expect(tally.slowest < .seconds(8))

            // Back without reopening: the pool reconnects by itself.
            var recovered = false
            for _ in 0..<50 where !recovered {
                recovered = (try? await store.reserve([charge], now: Date())) == .granted
                if !recovered { try await Task.sleep(for: .milliseconds(200)) }
            }
            #expect(recovered)
            for _ in 0..<20 {
                #expect(try await store.reserve([charge], now: Date()) == .granted)
            }
            let counted = try await store.counter(key: "restart/requests")
            // Every granted reservation is counted; one that failed as its connection died may still have committed.
            #expect(counted >= Int64(tally.granted + 21))
            #expect(counted <= Int64(tally.granted + tally.unavailable + 21))
            await store.close()
            await location.remove()
        }
    }
}

extension PostgresRestartTests {
    /// Connections ended at random moments (between statements, mid-transaction, while a statement is being written):
    /// every call still ends, typed, within the operation deadline: a statement written to a connection that has
    /// just closed is never answered by PostgresNIO, which the driver must not wait for.
    @Test(.enabled(if: TestPostgres.url != nil, "the tests' PostgreSQL"), .timeLimit(.minutes(2)))
    func connectionsKilledUnderLoad() async throws {
        try await TestPostgres.withExclusiveAccess { () async throws in
            let location = try TestStoreLocation(.postgres, parameters: "connect_timeout=2&operation_timeout=3")
            let store = try await location.open()
            let killer = try await location.open()
            let window = Date().addingTimeInterval(600)
            let charge = CounterCharge(key: "killed/requests", amount: 1, limit: 1_000_000, expiresAt: window)
            let stop = StopFlag()
            let (tally, kills) = try await withThrowingTaskGroup(of: Tally.self) { group in
                for _ in 0..<6 {
                    group.addTask { try await Self.reserveUntilStopped(store, charge, stop: stop, pauseWhenUnavailable: nil) }
                }
                var kills = 0
                for round in 0..<60 {
                    try await Task.sleep(for: .milliseconds(round.isMultiple(of: 2) ? 15 : 40))
                    kills += (try? await killer.terminateOtherPostgresConnections()) ?? 0
                }
                stop.set()
                return (try await group.reduce(into: Tally()) { $0.add($1) }, kills)
            }
            print("killed \(kills) connections: \(tally.granted) granted, \(tally.unavailable) unavailable, slowest \(tally.slowest)")
            #expect(kills > 0)
            #expect(tally.otherErrors.isEmpty)
            #expect(tally.granted > 0)
            // The lease deadline (2 s) or the operation deadline (3 s), with room for a loaded machine.
            #expect(tally.slowest < .seconds(6))
            await store.close()
            await killer.close()
            await location.remove()
        }
    }
}

final class StopFlag: @unchecked Sendable {
    private let lock = NSLock()
    private var value = false

    var isSet: Bool { lock.withLock { value } }
    func set() { lock.withLock { value = true } }
}
