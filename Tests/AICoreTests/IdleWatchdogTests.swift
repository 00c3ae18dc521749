import AISandbox
import Foundation
import HTTPTypes
import SwiftAITestSupport
import Testing

@testable import AICore

/// A stream's idle timeout is one watchdog per stream: only time spent waiting for the server counts, a wait longer
/// than the limit ends the stream with `.timeout`, and several waits that are each shorter never do.
@Suite("Stream idle watchdog")
struct IdleWatchdogTests {
    @Test("a wait longer than the limit is ended once; a wait that ended in time is not")
    func endsLongWaits() async throws {
        let ended = LockedValue(0)
        let watchdog = IdleWatchdog(limit: 0.1, arrivals: ArrivalClock()) { ended.withLock { $0 += 1 } }
        watchdog.waitBegan()
        watchdog.waitEnded()
        try await Task.sleep(nanoseconds: 300_000_000)
        #expect(ended.current == 0, "no wait was in progress when the limit passed")
        watchdog.waitBegan()
        var waited = 0
        while ended.current == 0, waited < 100 {
            try await Task.sleep(nanoseconds: 50_000_000)
            waited += 1
        }
        #expect(ended.current == 1)
        try await Task.sleep(nanoseconds: 300_000_000)
        #expect(ended.current == 1, "ended once")
        watchdog.stop()
    }

    @Test("bytes that arrived while a read waited are not silence, even if the reader hasn't run yet")
    func arrivalsCount() async throws {
        let ended = LockedValue(0)
        let arrivals = ArrivalClock()
        // A limit far above the gaps between arrivals, which a machine busy with every other suite may stretch.
        let watchdog = IdleWatchdog(limit: 2, arrivals: arrivals) { ended.withLock { $0 += 1 } }
        watchdog.waitBegan()
        // The transport keeps receiving for 3 s, past the limit, on a thread of its own (as a transport's event loop
        // does, whatever the tasks are doing); the waiting reader never gets to run.
        let endedWhileReceiving = LockedValue<Int?>(nil)
        let receiving = Thread {
            let started = Date()
            while Date().timeIntervalSince(started) < 3 {
                usleep(100_000)
                arrivals.arrived()
            }
            endedWhileReceiving.withLock { $0 = ended.current }
        }
        receiving.start()
        while endedWhileReceiving.current == nil { try await Task.sleep(nanoseconds: 50_000_000) }
        #expect(endedWhileReceiving.current == 0)
        var waited = 0
        while ended.current == 0, waited < 200 {
            try await Task.sleep(nanoseconds: 50_000_000)
            waited += 1
        }
        #expect(ended.current == 1, "silence after the last arrival ends the wait")
        watchdog.stop()
    }

    @Test("a stopped watchdog leaves no timer and ends nothing")
    func stops() async throws {
        let ended = LockedValue(0)
        let before = DeadlineScheduler.shared.pendingCount
        let watchdog = IdleWatchdog(limit: 0.1, arrivals: ArrivalClock()) { ended.withLock { $0 += 1 } }
        watchdog.waitBegan()
        watchdog.stop()
        #expect(DeadlineScheduler.shared.pendingCount <= before)
        try await Task.sleep(nanoseconds: 300_000_000)
        #expect(ended.current == 0)
    }

    @Test("a consumer slower than the idle timeout is not an idle server", arguments: TransportKind.allCases)
    func slowConsumer(kind: TransportKind) async throws {
        let transport = kind.make()
        try await withSandbox { sandbox in
            let client = makeClient(sandbox, transport: transport, idle: 0.4)
            var received = 0
            for try await _ in try await client.eventStream(chatStream, handler: DataHandler()) {
                received += 1
                // Far longer than the limit between reads: the server is done, the consumer is slow.
                if received <= 3 { try await Task.sleep(nanoseconds: 700_000_000) }
            }
            #expect(received > 3)
        }
        try await transport.shutdown()
    }

    @Test("a server slower in all than the idle timeout, but never silent for that long, is read to its end",
          arguments: TransportKind.allCases)
    func pacedServer(kind: TransportKind) async throws {
        let transport = kind.make()
        try await withSandbox { sandbox in
            // Each event 0.3 s after the one before: the whole stream takes twice the limit. (The limit leaves room
            // for a machine busy with every other suite.)
            sandbox.enqueue(SandboxBehavior(writeInterval: 0.3))
            let client = makeClient(sandbox, transport: transport, idle: 2)
            let started = Date()
            var received: [String] = []
            for try await data in try await client.eventStream(chatStream, handler: DataHandler()) { received.append(data) }
            #expect(received.count > 8)
            #expect(Date().timeIntervalSince(started) > 2.4, "the events came paced, one by one")
        }
        try await transport.shutdown()
    }

    private var chatStream: APIRequest {
        APIRequest(
            method: .post, path: "/chat/completions", headers: HTTPFields(["Content-Type": "application/json"]),
            body: Data(#"{"model":"m","stream":true,"messages":[{"role":"user","content":"one two three four five six seven eight"}]}"#.utf8))
    }
}
