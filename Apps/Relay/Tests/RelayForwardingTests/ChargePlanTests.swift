import Foundation
import RelayCore
import RelayForwarding
import Testing

@Suite("Charge plan")
struct ChargePlanTests {
    // 2026-03-31 23:19:30 UTC: minute 29,583,319, day 20,543, month (2026-1970)*12+2 = 674.
    let now = Date(timeIntervalSince1970: 1_774_999_170)
    let project = Project(
        id: "story-app", partialKey: "pk",
        projectLimits: Limits(requestsPerMinute: 100, tokensPerMinute: 50_000, tokensPerDay: 1_000_000, spendPerMonthMicroUSD: 5_000_000),
        clientLimits: Limits(maxOutputTokens: 2000, requestsPerMinute: 5, tokensPerDay: 20_000))
    let client = ClientIdentity(kind: .appAttest, id: "key1", limits: Limits(maxOutputTokens: 1000, requestsPerMinute: 5, tokensPerDay: 20_000))

    @Test("keys, amounts, limits and window ends for both scopes")
    func charges() {
        let inspection = RequestInspection(model: "gpt-4o", maxOutputTokens: 500, estimatedInputTokens: 1000)
        let charges = ChargePlan.charges(project: project, client: client, inspection: inspection, prices: .standard, now: now)
        let minuteEnd = Date(timeIntervalSince1970: 1_774_999_200)
        let dayEnd = Date(timeIntervalSince1970: 1_775_001_600)
        let monthEnd = Date(timeIntervalSince1970: 1_775_001_600)  // 2026-04-01 00:00 UTC
        #expect(charges == [
            CounterCharge(key: "p/story-app/rpm/29583319", amount: 1, limit: 100, expiresAt: minuteEnd),
            CounterCharge(key: "p/story-app/tpm/29583319", amount: 1500, limit: 50_000, expiresAt: minuteEnd),
            CounterCharge(key: "p/story-app/tpd/20543", amount: 1500, limit: 1_000_000, expiresAt: dayEnd),
            CounterCharge(key: "p/story-app/spend/674", amount: 7500, limit: 5_000_000, expiresAt: monthEnd),
            CounterCharge(key: "c/story-app/app-attest:key1/rpm/29583319", amount: 1, limit: 5, expiresAt: minuteEnd),
            CounterCharge(key: "c/story-app/app-attest:key1/tpd/20543", amount: 1500, limit: 20_000, expiresAt: dayEnd),
        ])
    }

    @Test("without its own cap, a request reserves the smaller limit's cap, else 4096")
    func outputBound() {
        let inspection = RequestInspection(model: "gpt-4o", estimatedInputTokens: 10)
        #expect(ChargePlan.reservedTokens(project: project, client: client, inspection: inspection) == 1010)
        let uncapped = ClientIdentity(kind: .user, id: "u", limits: Limits())
        let open = Project(id: "p", partialKey: "k")
        #expect(ChargePlan.reservedTokens(project: open, client: uncapped, inspection: inspection) == 10 + 4096)
        #expect(ChargePlan.reservedCost(project: open, client: uncapped, inspection: inspection, prices: .standard) == 40_985)
        #expect(ChargePlan.charges(project: open, client: uncapped, inspection: inspection, prices: .standard, now: now).isEmpty)
    }

    @Test("the month window ends at the next calendar month, also in December")
    func december() throws {
        let december = try #require(ISO8601DateFormatter().date(from: "2026-12-15T10:00:00Z"))
        let charges = ChargePlan.charges(project: project, client: client, inspection: RequestInspection(), prices: .standard, now: december)
        let spend = try #require(charges.first { $0.key.contains("/spend/") })
        #expect(spend.key == "p/story-app/spend/683")
        #expect(spend.expiresAt == ISO8601DateFormatter().date(from: "2027-01-01T00:00:00Z"))
    }

    @Test("settlement moves token and spend counters to the real usage, leaves request counters")
    func settlement() {
        let inspection = RequestInspection(model: "gpt-4o", maxOutputTokens: 500, estimatedInputTokens: 1000)
        let charges = ChargePlan.charges(project: project, client: client, inspection: inspection, prices: .standard, now: now)
        let actual = ObservedUsage(inputTokens: 800, outputTokens: 100)
        let actualCost = PriceTable.standard.cost(model: "gpt-4o", inputTokens: 800, outputTokens: 100)
        let adjustments = ChargePlan.settlement(charges: charges, reservedTokens: 1500, reservedCost: 7500, actual: actual, actualCost: actualCost)
        #expect(adjustments.map(\.key) == ["p/story-app/tpm/29583319", "p/story-app/tpd/20543", "p/story-app/spend/674", "c/story-app/app-attest:key1/tpd/20543"])
        #expect(adjustments.map(\.delta) == [-600, -600, 3000 - 7500, -600])
        #expect(adjustments.map(\.expiresAt) == [charges[1], charges[2], charges[3], charges[5]].map(\.expiresAt))
        // More than reserved: positive corrections.
        let over = ChargePlan.settlement(charges: charges, reservedTokens: 1500, reservedCost: 7500, actual: ObservedUsage(inputTokens: 1000, outputTokens: 900), actualCost: 11_500)
        #expect(over.map(\.delta) == [400, 400, 4000, 400])
        // Exactly as reserved: nothing to do.
        #expect(ChargePlan.settlement(charges: charges, reservedTokens: 1500, reservedCost: 7500, actual: ObservedUsage(inputTokens: 1000, outputTokens: 500), actualCost: 7500).isEmpty)
    }

    @Test("unknown usage keeps the reservation; an error answer without usage is billed nothing")
    func unknownUsage() {
        let inspection = RequestInspection(model: "gpt-4o", maxOutputTokens: 500, estimatedInputTokens: 1000)
        let charges = ChargePlan.charges(project: project, client: client, inspection: inspection, prices: .standard, now: now)
        #expect(ChargePlan.billableUsage(status: 200, observed: nil) == nil)
        #expect(ChargePlan.settlement(charges: charges, reservedTokens: 1500, reservedCost: 7500, actual: nil, actualCost: 0).isEmpty)
        let failed = ChargePlan.billableUsage(status: 429, observed: nil)
        #expect(failed == ObservedUsage(inputTokens: 0, outputTokens: 0))
        let refund = ChargePlan.settlement(charges: charges, reservedTokens: 1500, reservedCost: 7500, actual: failed, actualCost: 0)
        #expect(refund.map(\.delta) == [-1500, -1500, -7500, -1500])
        let reported = ObservedUsage(inputTokens: 3, outputTokens: 0)
        #expect(ChargePlan.billableUsage(status: 400, observed: reported) == reported)
    }
}
