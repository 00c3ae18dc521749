import AICore
import AISandbox
import Foundation
import HTTPTypes
import SwiftAITestSupport
import Testing

@testable import AICore

@Suite("Deadlines", .serialized)
struct DeadlineSchedulerTests {
    @Test("an action runs at its deadline; a cancelled one never runs")
    func firesAndCancels() async throws {
        let fired = LockedValue<[Int]>([])
        let scheduler = DeadlineScheduler.shared
        _ = scheduler.schedule(after: 0.05) { fired.withLock { $0.append(1) } }
        let cancelled = scheduler.schedule(after: 0.02) { fired.withLock { $0.append(2) } }
        scheduler.cancel(cancelled)
        _ = scheduler.schedule(after: 0.01) { fired.withLock { $0.append(3) } }
        try await Task.sleep(nanoseconds: 300_000_000)
        #expect(fired.current == [3, 1])
    }

    @Test("timeouts of finished calls and stream reads leave no timer behind")
    func noTimerOutlivesTheCall() async throws {
        try await withSandbox { sandbox in
            let client = makeClient(sandbox, transport: DefaultTransport.shared)
            // Other suites run in parallel and hold a few deadlines of their own.
            let before = DeadlineScheduler.shared.pendingCount
            for _ in 0..<50 {
                _ = try await client.send(APIRequest(method: .get, path: "/models"))
            }
            let stream = try await client.eventStream(
                APIRequest(
                    method: .post, path: "/chat/completions", headers: HTTPFields(["Content-Type": "application/json"]),
                    body: Data(#"{"model":"m","stream":true,"messages":[{"role":"user","content":"a b c"}]}"#.utf8)),
                handler: DataHandler())
            for try await _ in stream {}
            try await Task.sleep(nanoseconds: 50_000_000)
            #expect(DeadlineScheduler.shared.pendingCount - before < 10)
        }
    }
}
