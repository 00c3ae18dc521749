import Foundation

/// One request of a budget run: its status (`nil`: no answer), which instance served it, when it ended.
struct BudgetOutcome: Sendable {
    let status: Int?
    let instance: Int
    /// Whole seconds since the run started when the answer ended.
    let second: Int
    /// The start of a non-2xx body or the transport error, to show what clients saw.
    let sample: String?
}

/// A budget run's counts: served (2xx), refused (429), anything else by status, per instance and per second.
struct BudgetReport: Codable {
    let requests: Int
    let served: Int
    let refused: Int
    /// Other answers by status; `"io"` for requests that got none.
    let other: [String: Int]
    /// Served requests per instance, in the order of `--urls`.
    let servedByInstance: [String: Int]
    /// Status counts per second of the run (`"0"`, `"1"`, …), to see a fault and the recovery after it.
    let timeline: [String: [String: Int]]
    /// One body (or error) per status other than 2xx.
    let samples: [String: String]

    init(outcomes: [BudgetOutcome], instances: [String]) {
        requests = outcomes.count
        served = outcomes.filter { $0.status.map { (200..<300).contains($0) } ?? false }.count
        refused = outcomes.filter { $0.status == 429 }.count
        func key(_ status: Int?) -> String { status.map(String.init) ?? "io" }
        var other = [String: Int]()
        var samples = [String: String]()
        var timeline = [String: [String: Int]]()
        var servedByInstance = [String: Int]()
        for outcome in outcomes {
            let status = key(outcome.status)
            timeline[String(outcome.second), default: [:]][status, default: 0] += 1
            if let code = outcome.status, (200..<300).contains(code) {
                servedByInstance[instances[outcome.instance], default: 0] += 1
            } else if outcome.status != 429 {
                other[status, default: 0] += 1
            }
            if let sample = outcome.sample, samples[status] == nil { samples[status] = sample }
        }
        self.other = other
        self.samples = samples
        self.timeline = timeline
        self.servedByInstance = servedByInstance
    }

    var json: String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        guard let data = try? encoder.encode(self) else { return "{}" }
        return String(decoding: data, as: UTF8.self)
    }

    var text: String {
        func counts(_ map: [String: Int]) -> String {
            map.isEmpty ? "none" : map.sorted { $0.key < $1.key }.map { "\($0.key): \($0.value)" }.joined(separator: ", ")
        }
        var lines = [
            "requests     \(requests)",
            "served       \(served)",
            "refused 429  \(refused)",
            "other        \(counts(other))",
            "per instance \(counts(servedByInstance))",
        ]
        for second in timeline.keys.compactMap(Int.init).sorted() {
            lines.append("  t+\(second)s      \(counts(timeline[String(second)] ?? [:]))")
        }
        for (status, sample) in samples.sorted(by: { $0.key < $1.key }) {
            lines.append("sample \(status): \(sample)")
        }
        return lines.joined(separator: "\n")
    }
}
