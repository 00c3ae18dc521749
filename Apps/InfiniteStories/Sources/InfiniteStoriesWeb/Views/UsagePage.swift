import Foundation
import Hummingbird
import InfiniteStories

/// Usage: what was spent this month, then a table per model and a bar chart of the estimated cost per day —
/// real spending and, apart and labelled, the sandbox's simulated spending.
struct UsagePage {
    struct Section {
        let summaries: [UsageSummary]
        /// The last days' cost, oldest first, as UTC "yyyy-MM-dd".
        let days: [(day: String, cost: Double)]
        let spentThisMonth: Double
    }

    let real: Section
    let simulated: Section
    /// The monthly cap, if the parent set one.
    let cap: Double?

    func response(_ visit: Visit) -> Response {
        let ui = visit.ui
        guard !real.summaries.isEmpty || !simulated.summaries.isEmpty else {
            return visit.page(ui[.usage], [el("p", [:], t(ui[.noUsage]))])
        }
        var body: [Node] = []
        if !real.summaries.isEmpty { body += section(real, ui: ui) }
        if !simulated.summaries.isEmpty {
            body.append(el("h2", ["class": "simulated"], t(ui[.simulatedUsage])))
            body += section(simulated, ui: ui)
        }
        return visit.page(ui[.usage], body)
    }

    private func section(_ section: Section, ui: UI) -> [Node] {
        let columns = [ui[.model], ui[.inputTokens], ui[.outputTokens], ui[.characters], ui[.images], ui[.cost]]
        let header = el("tr", [:], children: columns.map { el("th", ["scope": "col"], t($0)) })
        let rows = section.summaries.map { summary in
            el("tr", [:], children: [
                el("th", ["scope": "row"], t(summary.model)), el("td", [:], t(String(summary.inputTokens))),
                el("td", [:], t(String(summary.outputTokens))), el("td", [:], t(String(summary.characters))),
                el("td", [:], t(String(summary.images))), el("td", [:], t(ui.money(summary.estimatedCost))),
            ])
        }
        let total = section.summaries.reduce(0) { $0 + $1.estimatedCost }
        var spent = ui[.spentThisMonth].filling(["spent": ui.money(section.spentThisMonth)])
        if let cap { spent += " / " + ui.money(cap) }
        return [
            el("p", ["class": "spent"], t(spent)),
            el("h3", [:], t(ui[.costPerDay])),
            barChart(section.days.map { (ui.shortDay($0.day), $0.cost) }, title: ui[.costPerDay], format: ui.money),
            el("table", ["class": "usage"], children: [el("thead", [:], header), el("tbody", [:], children: rows)]),
            el("p", [:], t("\(ui[.cost]): \(ui.money(total))")),
        ]
    }
}
