import Foundation
import RelayCore
import RelayStorage
import RelayTestSupport
import Testing

@Suite("Counters and usage")
struct StoreCounterTests {
    @Test(arguments: TestStoreBackend.available)
    func reservationsAreAllOrNone(backend: TestStoreBackend) async throws {
        try await TestStore.with(backend) { store async throws in
            let now = Date()
            let window = now.addingTimeInterval(30.2)
            let requests = CounterCharge(key: "p/rpm", amount: 1, limit: 2, expiresAt: window)
            let tokens = CounterCharge(key: "p/tpm", amount: 40, limit: 100, expiresAt: window)
            #expect(try await store.reserve([tokens, requests], now: now) == .granted)
            #expect(try await store.reserve([requests, tokens], now: now) == .granted)
            // Requests are exhausted; the tokens must not be charged either.
            #expect(try await store.reserve([tokens, requests], now: now) == .refused(key: "p/rpm", retryAfter: 31))
            #expect(try await store.counter(key: "p/rpm") == 2)
            #expect(try await store.counter(key: "p/tpm") == 80)

            // Tokens are the one refused now (60 more would pass 100); the request count stays.
            let bigger = CounterCharge(key: "p/tpm", amount: 60, limit: 100, expiresAt: window)
            let other = CounterCharge(key: "c/1/rpm", amount: 1, limit: 5, expiresAt: window)
            #expect(try await store.reserve([other, bigger], now: now) == .refused(key: "p/tpm", retryAfter: 31))
            #expect(try await store.counter(key: "c/1/rpm") == 0)

            // A charge larger than its limit is refused without a row.
            let huge = CounterCharge(key: "c/2/tpm", amount: 101, limit: 100, expiresAt: now.addingTimeInterval(0.2))
            #expect(try await store.reserve([huge], now: now) == .refused(key: "c/2/tpm", retryAfter: 1))
            #expect(try await store.counter(key: "c/2/tpm") == 0)
            #expect(try await store.reserve([], now: now) == .granted)
        }
    }

    @Test(arguments: TestStoreBackend.available)
    func expiredCountersCountAsEmptyAndArePurged(backend: TestStoreBackend) async throws {
        try await TestStore.with(backend) { store async throws in
            let start = Date()
            let firstWindow = start.addingTimeInterval(60)
            let charge = CounterCharge(key: "p/day", amount: 5, limit: 5, expiresAt: firstWindow)
            #expect(try await store.reserve([charge], now: start) == .granted)
            #expect(try await store.reserve([charge], now: start) == .refused(key: "p/day", retryAfter: 60))

            let later = firstWindow.addingTimeInterval(1)
            let next = CounterCharge(key: "p/day", amount: 3, limit: 5, expiresAt: later.addingTimeInterval(60))
            #expect(try await store.reserve([next], now: later) == .granted)
            #expect(try await store.counter(key: "p/day") == 3)

            let short = CounterCharge(key: "p/short", amount: 1, limit: 5, expiresAt: start.addingTimeInterval(1))
            #expect(try await store.reserve([short], now: start) == .granted)
            #expect(try await store.purgeExpiredCounters(now: start.addingTimeInterval(2)) == 1)
            #expect(try await store.counter(key: "p/short") == 0)
            #expect(try await store.counter(key: "p/day") == 3)
        }
    }

    @Test(arguments: TestStoreBackend.available)
    func settleAdjustsCounters(backend: TestStoreBackend) async throws {
        try await TestStore.with(backend) { store async throws in
            let now = Date()
            let window = now.addingTimeInterval(60)
            let charge = CounterCharge(key: "p/tpm", amount: 1000, limit: 1000, expiresAt: window)
            #expect(try await store.reserve([charge], now: now) == .granted)
            // The request used 250 of the 1,000 it reserved: 750 go back, and a new request fits.
            try await store.settle([CounterAdjustment(key: "p/tpm", delta: -750, expiresAt: window)])
            #expect(try await store.counter(key: "p/tpm") == 250)
            let again = CounterCharge(key: "p/tpm", amount: 750, limit: 1000, expiresAt: window)
            #expect(try await store.reserve([again], now: now) == .granted)
            #expect(try await store.reserve([again], now: now) == .refused(key: "p/tpm", retryAfter: 60))

            try await store.settle([
                CounterAdjustment(key: "p/tpm", delta: 30, expiresAt: window),
                CounterAdjustment(key: "p/spend", delta: 1200, expiresAt: window),
                CounterAdjustment(key: "p/floor", delta: -5, expiresAt: window),
            ])
            #expect(try await store.counter(key: "p/tpm") == 1030)
            #expect(try await store.counter(key: "p/spend") == 1200)
            #expect(try await store.counter(key: "p/floor") == 0)
            try await store.settle([CounterAdjustment(key: "p/spend", delta: -5000, expiresAt: window)])
            #expect(try await store.counter(key: "p/spend") == 0)
        }
    }

    @Test(arguments: TestStoreBackend.available)
    func usageIsSummedPerProjectClientAndModel(backend: TestStoreBackend) async throws {
        try await TestStore.with(backend) { store async throws in
            let now = Date()
            func record(_ project: String, _ client: String, _ model: String?, tokens: Int, at: Date) -> UsageRecord {
                UsageRecord(
                    projectID: project, clientKey: client, provider: "openai", endpoint: "POST /v1/chat/completions",
                    model: model, status: 200, inputTokens: tokens, outputTokens: tokens * 2,
                    costMicroUSD: Int64(tokens) * 3, durationMilliseconds: 120, at: at)
            }
            try await store.recordUsage(record("a", "c1", "gpt-4o", tokens: 10, at: now))
            try await store.recordUsage(record("a", "c1", "gpt-4o", tokens: 5, at: now))
            try await store.recordUsage(record("a", "c1", nil, tokens: 1, at: now))
            try await store.recordUsage(record("a", "c2", "gpt-4o", tokens: 7, at: now))
            try await store.recordUsage(record("b", "c1", "claude", tokens: 2, at: now))
            try await store.recordUsage(record("a", "c1", "gpt-4o", tokens: 100, at: now.addingTimeInterval(-3600)))

            let since = now.addingTimeInterval(-60)
            #expect(try await store.usage(projectID: "a", since: since) == [
                UsageSummary(projectID: "a", clientKey: "c1", model: "", requests: 1, inputTokens: 1, outputTokens: 2, costMicroUSD: 3),
                UsageSummary(projectID: "a", clientKey: "c1", model: "gpt-4o", requests: 2, inputTokens: 15, outputTokens: 30, costMicroUSD: 45),
                UsageSummary(projectID: "a", clientKey: "c2", model: "gpt-4o", requests: 1, inputTokens: 7, outputTokens: 14, costMicroUSD: 21),
            ])
            let all = try await store.usage(projectID: nil, since: since)
            #expect(all.map(\.projectID) == ["a", "a", "a", "b"])
            #expect(try await store.usage(projectID: nil, since: now.addingTimeInterval(-7200)).reduce(0) { $0 + $1.requests } == 6)
        }
    }

    @Test("a batch of settlements and 250 usage records is written in one call, every row kept", arguments: TestStoreBackend.available)
    func batchesAreWrittenWhole(backend: TestStoreBackend) async throws {
        try await TestStore.with(backend) { store async throws in
            let now = Date()
            let window = now.addingTimeInterval(60)
            let charge = CounterCharge(key: "p/tpm", amount: 1_000, limit: 10_000, expiresAt: window)
            #expect(try await store.reserve([charge, CounterCharge(key: "c/x/tpm", amount: 1_000, limit: 10_000, expiresAt: window)], now: now) == .granted)
            let records = (0..<250).map { index in
                UsageRecord(
                    projectID: "a", clientKey: "c\(index % 3)", provider: "openai", endpoint: "POST /v1/chat/completions",
                    model: index.isMultiple(of: 2) ? "gpt-4o" : nil, status: 200, inputTokens: index, outputTokens: 1,
                    costMicroUSD: 2, durationMilliseconds: 5, at: now)
            }
            try await store.commit(
                settlements: [
                    CounterAdjustment(key: "p/tpm", delta: -400, expiresAt: window),
                    CounterAdjustment(key: "c/x/tpm", delta: -1_500, expiresAt: window),
                    CounterAdjustment(key: "p/tpm", delta: -100, expiresAt: window),
                ],
                usage: records)
            #expect(try await store.counter(key: "p/tpm") == 500)
            #expect(try await store.counter(key: "c/x/tpm") == 0, "never below zero")
            let usage = try await store.usage(projectID: "a", since: now.addingTimeInterval(-60))
            #expect(usage.reduce(0) { $0 + $1.requests } == 250)
            #expect(usage.reduce(0) { $0 + $1.inputTokens } == (0..<250).reduce(0, +))
            // Nothing to write is no transaction and no error; no charges reserve nothing.
            try await store.commit(settlements: [], usage: [])
            #expect(try await store.reserve([], now: now) == .granted)
        }
    }
}
