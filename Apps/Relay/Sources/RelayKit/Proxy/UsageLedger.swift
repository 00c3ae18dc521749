import Logging
import NIOConcurrencyHelpers
import RelayCore
import RelayStorage
import ServiceLifecycle

/// The settlements and usage records of finished requests, written in batches after their responses have ended.
///
/// Written inline, they kept every keep-alive connection's next request waiting for two database transactions
/// (HTTP/1.1 reads the next request once the handler has returned). Here a request hands them over and its handler
/// returns at once; a batch is written every `interval` in one transaction. Budgets stay reserved until their
/// settlement is written — a moment longer, never shorter — so limits are still never overspent.
///
/// What is waiting when the server stops is written before `run()` returns (the application stops it after the HTTP
/// server, once requests in flight have ended). While the database is unavailable, batches wait and are tried again;
/// past `capacity` waiting entries the oldest are dropped, and the drop is logged.
final class UsageLedger: Service, Sendable {
    private struct Pending: Sendable {
        var settlements: [CounterAdjustment] = []
        var usage: [UsageRecord] = []
        var isEmpty: Bool { settlements.isEmpty && usage.isEmpty }
    }

    private let store: RelayStore
    private let logger: Logger
    private let interval: Duration
    private let capacity: Int
    private let pending = NIOLockedValueBox(Pending())
    /// One flush at a time, so batches are written in the order they were taken.
    private let flushing = FlushGate()

    init(store: RelayStore, logger: Logger, interval: Duration = .milliseconds(50), capacity: Int = 200_000) {
        self.store = store
        self.logger = logger
        self.interval = interval
        self.capacity = capacity
    }

    /// Queues what one request used: the corrections to its reserved counters, and its usage record (nil: none).
    func add(settlements: [CounterAdjustment], usage: UsageRecord?) {
        guard !settlements.isEmpty || usage != nil else { return }
        pending.withLockedValue { pending in
            pending.settlements += settlements
            if let usage { pending.usage.append(usage) }
        }
    }

    /// Writes everything queued so far; returns once it is written (or has failed and been put back).
    func flush() async {
        await flushing.run {
            let batch = pending.withLockedValue { pending -> Pending in
                defer { pending = Pending() }
                return pending
            }
            guard !batch.isEmpty else { return }
            do {
                try await store.commit(settlements: batch.settlements, usage: batch.usage)
            } catch {
                logger.error(
                    "relay could not write usage; kept for the next try",
                    metadata: ["records": "\(batch.usage.count)", "settlements": "\(batch.settlements.count)", "error": "\(error)"])
                putBack(batch)
            }
        }
    }

    func run() async throws {
        // Until the graceful shutdown (the HTTP server has stopped by then), a batch every interval.
        await cancelWhenGracefulShutdown {
            while !Task.isCancelled {
                try? await Task.sleep(for: self.interval)
                await self.flush()
            }
        }
        await flush()
    }

    private func putBack(_ batch: Pending) {
        let dropped = pending.withLockedValue { pending -> (settlements: Int, usage: Int) in
            var settlements = batch.settlements + pending.settlements
            var usage = batch.usage + pending.usage
            let dropped = (max(0, settlements.count - capacity), max(0, usage.count - capacity))
            settlements.removeFirst(dropped.0)
            usage.removeFirst(dropped.1)
            pending = Pending(settlements: settlements, usage: usage)
            return dropped
        }
        if dropped.settlements > 0 || dropped.usage > 0 {
            // Dropped settlements leave counters higher than used (budget unused, never overspent).
            logger.error(
                "relay dropped usage it could not write",
                metadata: ["records": "\(dropped.usage)", "settlements": "\(dropped.settlements)"])
        }
    }
}

/// Runs one operation at a time, first come first served.
private actor FlushGate {
    private var busy = false
    private var waiters: [CheckedContinuation<Void, Never>] = []

    func run(_ operation: @Sendable () async -> Void) async {
        if busy {
            await withCheckedContinuation { waiters.append($0) }
        } else {
            busy = true
        }
        await operation()
        if waiters.isEmpty {
            busy = false
        } else {
            waiters.removeFirst().resume()
        }
    }
}
