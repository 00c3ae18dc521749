import Foundation
import Hummingbird
import InfiniteStories

/// Usage: a table per model and a bar chart of the estimated cost per day.
struct UsagePage {
    let summaries: [UsageSummary]
    /// The last days' cost, oldest first, as "yyyy-MM-dd".
    let days: [(day: String, cost: Double)]

    func response(_ visit: Visit) -> Response {
        let ui = visit.ui
        guard !summaries.isEmpty else { return visit.page(ui[.usage], [el("p", [:], t(ui[.noUsage]))]) }
        let columns = [ui[.model], ui[.inputTokens], ui[.outputTokens], ui[.characters], ui[.images], ui[.cost]]
        let header = el("tr", [:], children: columns.map { el("th", ["scope": "col"], t($0)) })
        let rows = summaries.map { summary in
            el("tr", [:], children: [
                el("th", ["scope": "row"], t(summary.model)), el("td", [:], t(String(summary.inputTokens))),
                el("td", [:], t(String(summary.outputTokens))), el("td", [:], t(String(summary.characters))),
                el("td", [:], t(String(summary.images))), el("td", [:], t(dollars(summary.estimatedCost))),
            ])
        }
        let total = summaries.reduce(0) { $0 + $1.estimatedCost }
        return visit.page(ui[.usage], [
            el("h2", [:], t(ui[.costPerDay])),
            barChart(days.map { (String($0.day.suffix(5)), $0.cost) }, title: ui[.costPerDay]),
            el("table", ["class": "usage"], children: [el("thead", [:], header), el("tbody", [:], children: rows)]),
            el("p", [:], t("\(ui[.cost]): \(dollars(total))")),
        ])
    }
}
