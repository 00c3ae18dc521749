import Foundation
import Hummingbird

extension Pages {
    /// Usage: a table per model and a server-rendered SVG bar chart of the estimated cost per day.
    func usagePage(_ request: Request) async throws -> Response {
        let visit = Visit(request)
        let ui = visit.ui
        let summaries = try await library.usageSummary()
        let days = try await library.dailyCost(days: 14)
        guard !summaries.isEmpty else { return visit.page(ui["usage"], [el("p", [:], t(ui["noUsage"]))]) }
        let header = el("tr", [:], children: ["model", "inputTokens", "outputTokens", "characters", "images", "cost"].map {
            el("th", ["scope": "col"], t(ui[$0]))
        })
        let rows = summaries.map { summary in
            el("tr", [:], children: [
                el("th", ["scope": "row"], t(summary.model)), el("td", [:], t(String(summary.inputTokens))),
                el("td", [:], t(String(summary.outputTokens))), el("td", [:], t(String(summary.characters))),
                el("td", [:], t(String(summary.images))), el("td", [:], t(dollars(summary.estimatedCost))),
            ])
        }
        let total = summaries.reduce(0) { $0 + $1.estimatedCost }
        return visit.page(ui["usage"], [
            el("h2", [:], t(ui["costPerDay"])),
            barChart(days.map { (String($0.day.suffix(5)), $0.cost) }, title: ui["costPerDay"]),
            el("table", ["class": "usage"], children: [el("thead", [:], header), el("tbody", [:], children: rows)]),
            el("p", [:], t("\(ui["cost"]): \(dollars(total))")),
        ])
    }
}

func dollars(_ value: Double) -> String { String(format: "$%.4f", value) }

/// A bar chart as inline SVG (no script): one labelled bar per item, scaled to the largest.
func barChart(_ items: [(label: String, value: Double)], title: String) -> Node {
    let barWidth = 36, gap = 12, height = 160, top = 20, bottom = 24
    let width = max(200, items.count * (barWidth + gap) + gap)
    let largest = max(items.map(\.value).max() ?? 0, 0.000_001)
    var children: [Node] = [el("title", [:], t(title))]
    for (index, item) in items.enumerated() {
        let x = gap + index * (barWidth + gap)
        let barHeight = max(1, Int((item.value / largest) * Double(height - top - bottom)))
        let y = height - bottom - barHeight
        children.append(el("rect", ["x": "\(x)", "y": "\(y)", "width": "\(barWidth)", "height": "\(barHeight)",
                                    "fill": "#6b4fbb"], el("title", [:], t("\(item.label): \(dollars(item.value))"))))
        children.append(el("text", ["x": "\(x + barWidth / 2)", "y": "\(height - 8)", "text-anchor": "middle",
                                    "font-size": "10"], t(item.label)))
        children.append(el("text", ["x": "\(x + barWidth / 2)", "y": "\(y - 4)", "text-anchor": "middle",
                                    "font-size": "9"], t(String(format: "%.3f", item.value))))
    }
    return el("svg", attrs: [("xmlns", "http://www.w3.org/2000/svg"), ("viewBox", "0 0 \(width) \(height)"),
                             ("width", "\(width)"), ("height", "\(height)"), ("role", "img"), ("aria-label", title),
                             ("class", "chart")], children)
}
