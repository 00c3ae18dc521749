import AISandbox
import Foundation
import RelayCore
import RelayTestSupport
import Testing

/// Faults around the relay: its database restarting under load, upstream errors and resets.
@Suite("Relay faults", .serialized)
struct ProxyFaultTests {
    @Test("PostgreSQL restarted mid-load: requests that need it fail with a typed 503, then the relay recovers by itself",
          .enabled(if: TestPostgres.url != nil, "the tests' PostgreSQL"), .timeLimit(.minutes(2)))
    func databaseRestart() async throws {
        try await RelayHarness.with(database: .postgres, restartsDatabase: true, configure: { $0.projectLimits.tokensPerDay = 100_000_000 }) { relay in
            let path = "/\(relay.project.id)/openai/v1/chat/completions"
            let load = Task {
                var statuses: [Int] = []
                let end = ContinuousClock.now + .seconds(4)
                while ContinuousClock.now < end {
                    statuses.append((try? await relay.send(.POST, path, headers: relay.aiproxyHeaders, json: RelayHarness.chatJSON).status) ?? -1)
                }
                return statuses
            }
            try await Task.sleep(for: .milliseconds(500))
            try await TestPostgres.restart()
            let statuses = await load.value
            #expect(Set(statuses).isSubset(of: [200, 503]), "only served or typed-unavailable: \(Set(statuses))")
            #expect(statuses.contains(200))
            // After the restart the same relay serves again without being restarted itself.
            var recovered = false
            for _ in 0..<50 where !recovered {
                recovered = try await relay.send(.POST, path, headers: relay.aiproxyHeaders, json: RelayHarness.chatJSON).status == 200
                if !recovered { try await Task.sleep(for: .milliseconds(100)) }
            }
            #expect(recovered)
            #expect(try await relay.send(.GET, "/health").status == 200)
        }
    }

    @Test("Upstream errors reach the client in the provider's shape, and nothing is billed for them")
    func upstreamErrors() async throws {
        try await RelayHarness.with(configure: { $0.projectLimits.tokensPerDay = 1_000_000 }) { relay in
            relay.sandbox.enqueue(.status(429, type: "rate_limit_exceeded", message: "Upstream busy", retryAfter: 7), path: "/v1/chat/completions")
            let limited = try await relay.send(.POST, "/\(relay.project.id)/openai/v1/chat/completions", headers: relay.aiproxyHeaders, json: RelayHarness.chatJSON)
            #expect(limited.status == 429)
            #expect(limited.headers.first(name: "retry-after-ms") == "7000", "the upstream's retry header passes through")
            #expect(limited.body.contains("Upstream busy"))
            relay.sandbox.enqueue(SandboxBehavior(closeBeforeHead: true), path: "/v1/chat/completions")
            let reset = try await relay.send(.POST, "/\(relay.project.id)/openai/v1/chat/completions", headers: relay.aiproxyHeaders, json: RelayHarness.chatJSON)
            #expect(reset.status == 502)
            #expect(reset.body.contains(#""error""#))
            let day = Int(Date().timeIntervalSince1970 / 86_400)
            await relay.server.flushUsage()
            #expect(try await relay.store.counter(key: "p/\(relay.project.id)/tpd/\(day)") == 0, "errors are settled to zero")
        }
    }
}
