@_spi(Forwarding) import AICore
import AsyncHTTPClient
import Foundation
import Hummingbird
import NIOCore
import RelayCore
@_spi(Forwarding) import RelayForwarding
import RelayStorage

/// What was reserved for a request before it was forwarded, to be settled once its usage is known.
struct HeldBudget: Sendable {
    var charges: [CounterCharge]
    var model: String?
    /// The tokens and micro-USD the charges were computed from, which settlement corrects.
    var tokens: Int
    var cost: Int64
}

/// One forwarded request, as the response body's relay needs to know it.
struct Exchange: Sendable {
    var project: Project
    var target: ProxyTarget
    var client: ClientIdentity
    var reservation: HeldBudget
    var started: ContinuousClock.Instant
    var status: Int
    var injectedUsage: Bool
    var contentType: String?
    /// The forwarded call's span and GenAI metrics, ended with the body.
    var telemetry: ForwardedCallTelemetry?
}

/// The response writer and the usage readers, used by the one child task that relays the body.
///
/// Hummingbird hands the body closure an `inout` writer; the relay moves it into this box so that the copy can run
/// in a child task raced against the client's disconnect. Only that task touches the box until it ends, which is
/// what makes the unchecked `Sendable` safe.
private final class BodyRelayState: @unchecked Sendable {
    var writer: any ResponseBodyWriter
    var tap: UsageTap
    var filter: InjectedUsageChunkFilter?
    /// Whether the request's usage went to the ledger.
    var accounted = false

    init(writer: any ResponseBodyWriter, tap: UsageTap, filter: InjectedUsageChunkFilter?) {
        self.writer = writer
        self.tap = tap
        self.filter = filter
    }
}

extension ProxyResponder {
    /// Copies the upstream body to the client chunk by chunk, unchanged (except the usage chunk the relay asked
    /// for on the client's behalf), then settles the budget from the usage it read on the way.
    ///
    /// A client that goes away cancels the upstream request at once, even between chunks. An upstream that fails
    /// mid-body ends the client's response without a clean end, so the client sees a truncated answer rather than
    /// a complete-looking one.
    func relayBody(
        _ body: HTTPClientResponse.Body, exchange: Exchange, channel: any Channel, writer: inout any ResponseBodyWriter
    ) async throws {
        let state = BodyRelayState(
            writer: writer,
            tap: UsageTap(contentType: exchange.contentType),
            filter: exchange.injectedUsage ? InjectedUsageChunkFilter() : nil)
        metrics.streamStarted()
        defer { metrics.streamEnded() }
        var failure: (any Error)?
        do {
            try await ClientDisconnectWatch.run(on: channel) {
                for try await chunk in body {
                    if state.tap.consume(chunk) { exchange.telemetry?.outputArrived() }
                    let outgoing = state.filter?.filter(chunk) ?? chunk
                    if outgoing.readableBytes > 0 { try await state.writer.write(outgoing) }
                }
                if let rest = state.filter?.finish(), rest.readableBytes > 0 { try await state.writer.write(rest) }
                // Before the end is sent: a client holding the whole answer finds its usage in the ledger.
                account(exchange, state: state, failure: nil)
                try await state.writer.finish(nil)
            }
        } catch {
            failure = error
        }
        if !state.accounted { account(exchange, state: state, failure: failure) }
        if let failure { throw failure }
    }

    /// Hands the request's settlement and usage record to the ledger and ends its telemetry, once; `failure` is
    /// what cut the body short.
    private func account(_ exchange: Exchange, state: BodyRelayState, failure: (any Error)?) {
        state.accounted = true
        let completed = failure == nil
        let usage = state.tap.finish()
        if let telemetry = exchange.telemetry {
            let summary = state.tap.summary
            if failure is ClientDisconnectWatch.ClientWentAway {
                telemetry.cancelled(summary)
            } else if let failure {
                telemetry.failed(status: nil, error: failure, summary: summary)
            } else if exchange.status >= 400 {
                telemetry.failed(status: exchange.status, error: nil, summary: summary)
            } else {
                telemetry.succeeded(summary)
            }
        }
        ledger.add(
            settlements: settlement(exchange.reservation, usage: usage, status: exchange.status),
            usage: record(exchange, usage: usage, completed: completed))
    }

    /// The corrections that bring the reserved counters to what the request really used.
    func settlement(_ reservation: HeldBudget, usage: ObservedUsage?, status: Int) -> [CounterAdjustment] {
        let billable = ChargePlan.billableUsage(status: status, observed: usage)
        return ChargePlan.settlement(
            charges: reservation.charges, reservedTokens: reservation.tokens, reservedCost: reservation.cost, actual: billable,
            actualCost: billable.map { prices.cost(model: reservation.model ?? "", inputTokens: $0.inputTokens, outputTokens: $0.outputTokens) } ?? 0)
    }

    /// The request's usage record, and its metrics.
    private func record(_ exchange: Exchange, usage: ObservedUsage?, completed: Bool) -> UsageRecord {
        let model = exchange.reservation.model
        let input = usage?.inputTokens ?? 0
        let output = usage?.outputTokens ?? 0
        let duration = ContinuousClock.now - exchange.started
        metrics.requestFinished(
            project: exchange.project.id, provider: exchange.target.provider.rawValue, status: exchange.status,
            duration: duration)
        if usage != nil { metrics.tokens(project: exchange.project.id, input: input, output: output) }
        return UsageRecord(
            projectID: exchange.project.id, clientKey: exchange.client.key, provider: exchange.target.provider.rawValue,
            endpoint: String(exchange.target.restPath), model: model, status: completed ? exchange.status : 499,
            inputTokens: input, outputTokens: output,
            costMicroUSD: prices.cost(model: model ?? "", inputTokens: input, outputTokens: output),
            durationMilliseconds: Int(duration.components.seconds * 1000 + duration.components.attoseconds / 1_000_000_000_000_000),
            at: Date())
    }
}
