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
    }

    @Test(.enabled(if: TestPostgres.restartTestsEnabled, "RELAY_RESTART_TESTS=1 and the tests' PostgreSQL"), .timeLimit(.minutes(2)))
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
                        var tally = Tally()
                        while !stop.isSet {
                            let start = ContinuousClock.now
                            do {
                                if try await store.reserve([charge], now: Date()) == .granted { tally.granted += 1 }
                            } catch RelayStoreError.unavailable {
                                tally.unavailable += 1
                                try await Task.sleep(for: .milliseconds(50))
                            } catch {
                                tally.otherErrors.append("\(error)")
                            }
                            tally.slowest = max(tally.slowest, ContinuousClock.now - start)
                        }
                        return tally
                    }
                }
                try await Task.sleep(for: .milliseconds(500))
                try await TestPostgres.restart()
                try await Task.sleep(for: .seconds(1))
                stop.set()
                return try await group.reduce(into: Tally()) { total, part in
                    total.granted += part.granted
                    total.unavailable += part.unavailable
                    total.otherErrors += part.otherErrors
                    total.slowest = max(total.slowest, part.slowest)
                }
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

private final class StopFlag: @unchecked Sendable {
    private let lock = NSLock()
    private var value = false

    var isSet: Bool { lock.withLock { value } }
    func set() { lock.withLock { value = true } }
}
