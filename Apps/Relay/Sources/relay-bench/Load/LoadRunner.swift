import NIOCore
import NIOHTTP1
import NIOPosix

/// Runs one load phase: opens every connection first (so connecting is not measured), starts them all at once, and
/// reconnects a connection the server closed while it still had work.
struct LoadRunner {
    let group: any EventLoopGroup
    let endpoint: Endpoint
    let request: LoadRequest
    let concurrency: Int
    /// Total requests over all connections; `nil` when the run is timed.
    let totalRequests: Int?
    let duration: TimeAmount?
    let countEvents: Bool

    /// How many connections are opened at once while connecting, below common listen backlogs.
    private static let connectBatch = 128

    struct Result {
        let outcome: ConnectionOutcome
        let elapsedNanoseconds: UInt64
    }

    func run() async throws -> Result {
        var pending: [(Channel, EventLoopFuture<ConnectionOutcome>)] = []
        pending.reserveCapacity(concurrency)
        var index = 0
        while index < concurrency {
            let batch = index..<min(index + Self.connectBatch, concurrency)
            let connections = batch.map { connect(quota: quota(of: $0)) }
            for connection in connections {
                pending.append(try await connection.get())
            }
            index = batch.upperBound
        }
        let start = NIODeadline.now()
        let deadline = duration.map { start + $0 }
        for (channel, _) in pending {
            channel.pipeline.fireUserInboundEventTriggered(LoadStart(deadline: deadline))
        }
        let merged = await withTaskGroup(of: ConnectionOutcome.self) { group in
            for (_, outcome) in pending {
                group.addTask { await self.finish(first: outcome, deadline: deadline) }
            }
            var merged = ConnectionOutcome()
            for await outcome in group { merged.merge(outcome) }
            return merged
        }
        return Result(outcome: merged, elapsedNanoseconds: NIODeadline.now().uptimeNanoseconds - start.uptimeNanoseconds)
    }

    private func quota(of connection: Int) -> Int {
        guard let totalRequests else { return Int.max }
        return totalRequests / concurrency + (connection < totalRequests % concurrency ? 1 : 0)
    }

    /// Waits for a connection's outcome, reconnecting while the server closed it with work left.
    private func finish(first: EventLoopFuture<ConnectionOutcome>, deadline: NIODeadline?) async -> ConnectionOutcome {
        var total = ConnectionOutcome()
        var current = first
        while true {
            let outcome: ConnectionOutcome
            do {
                outcome = try await current.get()
            } catch {
                total.ioErrors += 1
                return total
            }
            total.merge(outcome)
            let timeLeft = deadline.map { NIODeadline.now() < $0 } ?? true
            guard !outcome.finished, outcome.remaining > 0, timeLeft else { return total }
            do {
                let (channel, next) = try await connect(quota: outcome.remaining).get()
                channel.pipeline.fireUserInboundEventTriggered(LoadStart(deadline: deadline))
                current = next
            } catch {
                total.ioErrors += 1
                return total
            }
        }
    }

    private func connect(quota: Int) -> EventLoopFuture<(Channel, EventLoopFuture<ConnectionOutcome>)> {
        let loop = group.next()
        let done = loop.makePromise(of: ConnectionOutcome.self)
        let request = request
        let countEvents = countEvents
        return ClientBootstrap(group: loop)
            .channelOption(.socketOption(.tcp_nodelay), value: 1)
            .connectTimeout(.seconds(10))
            .channelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    try channel.pipeline.syncOperations.addHTTPClientHandlers()
                    try channel.pipeline.syncOperations.addHandler(
                        LoadConnectionHandler(request: request, quota: quota, countEvents: countEvents, done: done))
                }
            }
            .connect(host: endpoint.host, port: endpoint.port)
            .map { ($0, done.futureResult) }
            .flatMapErrorThrowing { error in
                done.fail(error)
                throw error
            }
    }
}
