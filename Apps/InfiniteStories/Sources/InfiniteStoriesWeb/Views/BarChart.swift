import Foundation

/// A bar chart as inline SVG (no script): one labelled bar per item, scaled to the largest, each value written
/// with `format`.
func barChart(_ items: [(label: String, value: Double)], title: String, format: (Double) -> String) -> Node {
    let barWidth = 36, gap = 12, height = 160, top = 20, bottom = 24
    let width = max(200, items.count * (barWidth + gap) + gap)
    let largest = max(items.map(\.value).max() ?? 0, 0.000_001)
    var children: [Node] = [el("title", [:], t(title))]
    for (index, item) in items.enumerated() {
        let x = gap + index * (barWidth + gap)
        let barHeight = max(1, Int((item.value / largest) * Double(height - top - bottom)))
        let y = height - bottom - barHeight
        children.append(el("rect", ["x": "\(x)", "y": "\(y)", "width": "\(barWidth)", "height": "\(barHeight)",
                                    "fill": "#6b4fbb"], el("title", [:], t("\(item.label): \(format(item.value))"))))
        children.append(el("text", ["x": "\(x + barWidth / 2)", "y": "\(height - 8)", "text-anchor": "middle",
                                    "font-size": "10"], t(item.label)))
        children.append(el("text", ["x": "\(x + barWidth / 2)", "y": "\(y - 4)", "text-anchor": "middle",
                                    "font-size": "9"], t(format(item.value))))
    }
    return el("svg", attrs: [("xmlns", "http://www.w3.org/2000/svg"), ("viewBox", "0 0 \(width) \(height)"),
                             ("width", "\(width)"), ("height", "\(height)"), ("role", "img"), ("aria-label", title),
                             ("class", "chart")], children)
}
