import Foundation

/// A load phase's results, as printed for people and as `--json` for the benchmark script.
struct LoadReport: Codable {
    struct Percentiles: Codable {
        let p50: Double
        let p90: Double
        let p99: Double
        let max: Double
    }

    let target: String
    let concurrency: Int
    let stream: Bool
    /// Requests answered with a complete response (any status).
    let completed: Int
    /// Requests answered 2xx.
    let ok: Int
    /// Failures by status (`"429"`, …) and `"io"` for requests that got no complete answer.
    let errors: [String: Int]
    let seconds: Double
    let requestsPerSecond: Double
    /// Request to last byte, in microseconds.
    let latencyMicros: Percentiles?
    /// Server-sent events received in total (streams only; `[DONE]` included).
    let events: Int?
    let eventsPerSecond: Double?
    /// Request to first body byte, in microseconds (streams only).
    let firstByteMicros: Percentiles?
    let bodyBytes: Int
    /// What the run cost the servers named with `--pid`.
    var server: ServerCost?

    init(target: String, concurrency: Int, stream: Bool, outcome: ConnectionOutcome, elapsedNanoseconds: UInt64) {
        self.target = target
        self.concurrency = concurrency
        self.stream = stream
        self.completed = outcome.latencies.count
        self.ok = outcome.statuses.filter { (200..<300).contains($0.key) }.values.reduce(0, +)
        var errors = [String: Int]()
        for (status, count) in outcome.statuses where !(200..<300).contains(status) {
            errors[String(status)] = count
        }
        if outcome.ioErrors > 0 { errors["io"] = outcome.ioErrors }
        self.errors = errors
        self.seconds = Double(elapsedNanoseconds) / 1e9
        self.requestsPerSecond = seconds > 0 ? Double(completed) / seconds : 0
        self.latencyMicros = Self.percentiles(of: outcome.latencies)
        self.events = stream ? outcome.events : nil
        self.eventsPerSecond = stream && seconds > 0 ? Double(outcome.events) / seconds : nil
        self.firstByteMicros = stream ? Self.percentiles(of: outcome.firstByteTimes) : nil
        self.bodyBytes = outcome.bodyBytes
    }

    /// Nearest-rank percentiles in microseconds; `nil` without samples.
    private static func percentiles(of nanoseconds: [UInt64]) -> Percentiles? {
        guard !nanoseconds.isEmpty else { return nil }
        let sorted = nanoseconds.sorted()
        func rank(_ fraction: Double) -> Double {
            let index = min(sorted.count - 1, max(0, Int((fraction * Double(sorted.count)).rounded(.up)) - 1))
            return Double(sorted[index]) / 1000
        }
        return Percentiles(p50: rank(0.5), p90: rank(0.9), p99: rank(0.99), max: Double(sorted[sorted.count - 1]) / 1000)
    }

    var json: String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        guard let data = try? encoder.encode(self) else { return "{}" }
        return String(decoding: data, as: UTF8.self)
    }

    var text: String {
        func format(_ value: Double) -> String { String(format: "%.1f", value) }
        var lines = [
            "target       \(target) (\(concurrency) connections\(stream ? ", streaming" : ""))",
            "completed    \(completed) in \(String(format: "%.3f", seconds)) s, \(ok) ok",
            "requests/s   \(format(requestsPerSecond))",
        ]
        if let latency = latencyMicros {
            lines.append("latency µs   p50 \(format(latency.p50))  p90 \(format(latency.p90))  p99 \(format(latency.p99))  max \(format(latency.max))")
        }
        if let events, let eventsPerSecond {
            lines.append("events       \(events) (\(format(eventsPerSecond))/s)")
        }
        if let firstByte = firstByteMicros {
            lines.append("first byte µs p50 \(format(firstByte.p50))  p99 \(format(firstByte.p99))")
        }
        let errorText = errors.isEmpty ? "none" : errors.sorted { $0.key < $1.key }.map { "\($0.key): \($0.value)" }.joined(separator: ", ")
        lines.append("errors       \(errorText)")
        if let server {
            var cost = "server       \(String(format: "%.2f", server.cpuSeconds)) CPU s"
            if let perSecond = server.requestsPerCPUSecond { cost += ", \(format(perSecond)) req per CPU s" }
            if let perEvent = server.cpuMicrosPerEvent { cost += ", \(format(perEvent)) CPU µs per event" }
            cost += ", RSS \(server.rssKiB / 1024) MiB (peak \(server.peakRSSKiB / 1024) MiB)"
            lines.append(cost)
        }
        return lines.joined(separator: "\n")
    }
}
