import Foundation
import RelayCore

/// What a request reserves on the counters before it is forwarded, and how the reservation is corrected once the
/// upstream has reported the real usage.
///
/// Counters are kept for the project (`p/{project}/…`) and for the client (`c/{project}/{client key}/…`), one per
/// limit that is set: `rpm` (requests per UTC minute), `tpm` (tokens per minute), `tpd` (tokens per UTC day) and
/// `spend` (micro-USD per UTC calendar month), each key ending in its window's number (`p/story-app/tpm/29442180`).
///
/// Tokens are reserved as the estimated input plus the most output the request can produce: its own cap, else
/// the smaller of the two limit sets' `maxOutputTokens`, else ``defaultOutputTokens``. The reservation is a bound,
/// not a bill: ``settlement(charges:reservedTokens:reservedCost:actual:actualCost:)`` moves each counter to the
/// reported usage.
public enum ChargePlan {
    /// The output a request is assumed to produce when neither it nor the limits cap it.
    public static let defaultOutputTokens = 4096

    /// The charges to reserve, all or none, for one request at `now`.
    public static func charges(
        project: Project, client: ClientIdentity, inspection: RequestInspection, prices: PriceTable, now: Date
    ) -> [CounterCharge] {
        let tokens = Int64(clamping: reservedTokens(project: project, client: client, inspection: inspection))
        let cost = reservedCost(project: project, client: client, inspection: inspection, prices: prices)
        let scopes = [("p/\(project.id)", project.projectLimits), ("c/\(project.id)/\(client.key)", client.limits)]
        var charges: [CounterCharge] = []
        for (prefix, limits) in scopes {
            func add(_ kind: String, _ window: ChargeWindow, amount: Int64, limit: Int64?) {
                guard let limit else { return }
                let (number, end) = window.window(at: now)
                charges.append(CounterCharge(key: "\(prefix)/\(kind)/\(number)", amount: amount, limit: limit, expiresAt: end))
            }
            add("rpm", .minute, amount: 1, limit: limits.requestsPerMinute.map(Int64.init))
            add("tpm", .minute, amount: tokens, limit: limits.tokensPerMinute.map(Int64.init))
            add("tpd", .day, amount: tokens, limit: limits.tokensPerDay.map(Int64.init))
            add("spend", .month, amount: cost, limit: limits.spendPerMonthMicroUSD)
        }
        return charges
    }

    /// The tokens a request reserves: estimated input plus its output bound.
    public static func reservedTokens(project: Project, client: ClientIdentity, inspection: RequestInspection) -> Int {
        let (sum, overflow) = inspection.estimatedInputTokens.addingReportingOverflow(outputBound(project: project, client: client, inspection: inspection))
        return overflow ? .max : sum
    }

    /// The micro-USD a request reserves: its reserved input and output priced for its model.
    public static func reservedCost(project: Project, client: ClientIdentity, inspection: RequestInspection, prices: PriceTable) -> Int64 {
        prices.cost(
            model: inspection.model ?? "", inputTokens: inspection.estimatedInputTokens,
            outputTokens: outputBound(project: project, client: client, inspection: inspection))
    }

    static func outputBound(project: Project, client: ClientIdentity, inspection: RequestInspection) -> Int {
        if let requested = inspection.maxOutputTokens { return max(requested, 0) }
        let caps = [project.projectLimits.maxOutputTokens, client.limits.maxOutputTokens].compactMap { $0 }
        return caps.min() ?? defaultOutputTokens
    }

    /// The usage to settle a finished request with.
    ///
    /// - Returns: what the upstream reported when it did; zero tokens when it answered an error status without
    ///   usage (a refused request is not billed); nil when the usage is unknown (a success whose usage never
    ///   arrived, a client that went away mid-stream): the reservation then stands as the charge.
    public static func billableUsage(status: Int, observed: ObservedUsage?) -> ObservedUsage? {
        if let observed { return observed }
        return status >= 400 ? ObservedUsage(inputTokens: 0, outputTokens: 0) : nil
    }

    /// The corrections that move each reserved counter from the reservation to the real usage (negative when the
    /// request used less). Requests-per-minute counters stay as they are: the request happened.
    ///
    /// - Parameters:
    ///   - actual: the usage to bill, from ``billableUsage(status:observed:)``; nil keeps the reservation (no
    ///     adjustments).
    ///   - actualCost: `actual` priced with the same table.
    public static func settlement(
        charges: [CounterCharge], reservedTokens: Int, reservedCost: Int64, actual: ObservedUsage?, actualCost: Int64
    ) -> [CounterAdjustment] {
        guard let actual else { return [] }
        let tokenDelta = Int64(clamping: actual.totalTokens) - Int64(clamping: reservedTokens)
        let costDelta = actualCost - reservedCost
        return charges.compactMap { charge in
            let kind = charge.key.split(separator: "/").dropLast().last
            let delta: Int64 = switch kind {
            case "tpm", "tpd": tokenDelta
            case "spend": costDelta
            default: 0
            }
            return delta == 0 ? nil : CounterAdjustment(key: charge.key, delta: delta, expiresAt: charge.expiresAt)
        }
    }
}
