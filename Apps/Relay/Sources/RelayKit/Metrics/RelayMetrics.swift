import CoreMetrics
import Foundation
import Prometheus

/// The relay's metrics, exposed at `/metrics` in Prometheus' text format: requests by project, provider and
/// status; latency histograms; tokens by direction; refusals by reason; streams in flight; and the GenAI client
/// metrics of the calls it forwards (``GenAIPrometheusFactory``).
///
/// Each server owns its registry (rather than the process-wide swift-metrics bootstrap), so tests and several
/// servers in one process never mix their numbers. Labels never carry a secret: a project id, a provider, a
/// status, a reason.
public final class RelayMetrics: Sendable {
    public let registry = PrometheusCollectorRegistry()
    private let streamsInFlight: Prometheus.Gauge
    /// Where the forwarded calls' GenAI client metrics go (the SDK's metrics, in this registry).
    let genAI: any MetricsFactory

    private static var requests: MetricNameDescriptor {
        MetricNameDescriptor(
            namespace: "relay", metricName: "requests", unitName: "total",
            helpText: "Requests relayed, by project, provider and the status the client received.")
    }
    private static var duration: MetricNameDescriptor {
        MetricNameDescriptor(
            namespace: "relay", metricName: "request_duration", unitName: "seconds",
            helpText: "Time from a request's arrival to the end of its response.")
    }
    private static var overheadTime: MetricNameDescriptor {
        MetricNameDescriptor(
            namespace: "relay", metricName: "overhead", unitName: "seconds",
            helpText: "Time the relay spent on a request before forwarding it (authentication, limits, reservation).")
    }
    private static var rejections: MetricNameDescriptor {
        MetricNameDescriptor(
            namespace: "relay", metricName: "rejections", unitName: "total", helpText: "Requests the relay refused, by reason.")
    }
    private static var tokenCount: MetricNameDescriptor {
        MetricNameDescriptor(
            namespace: "relay", metricName: "tokens", unitName: "total",
            helpText: "Tokens used through the relay, by project and direction.")
    }
    private static var streams: MetricNameDescriptor {
        MetricNameDescriptor(
            namespace: "relay", metricName: "streams_in_flight", unitName: "", helpText: "Responses being relayed now.")
    }

    /// Upstream latencies run from a millisecond (a cached answer) to minutes (a long generation).
    private static let latencyBuckets: [Duration] = [
        .milliseconds(1), .milliseconds(5), .milliseconds(25), .milliseconds(100), .milliseconds(250),
        .milliseconds(500), .seconds(1), .seconds(2.5), .seconds(5), .seconds(10), .seconds(30), .seconds(60),
        .seconds(120), .seconds(300),
    ]
    /// The relay's own work before forwarding.
    private static let overheadBuckets: [Duration] = [
        .microseconds(100), .microseconds(250), .microseconds(500), .milliseconds(1), .milliseconds(2.5),
        .milliseconds(5), .milliseconds(10), .milliseconds(25), .milliseconds(100),
    ]

    public init() {
        streamsInFlight = registry.makeGauge(descriptor: Self.streams)
        genAI = GenAIPrometheusFactory(registry: registry)
    }

    /// One finished request.
    func requestFinished(project: String, provider: String, status: Int, duration: Duration) {
        registry.makeCounter(
            descriptor: Self.requests, labels: [("project", project), ("provider", provider), ("status", String(status))]
        ).increment()
        registry.makeDurationHistogram(descriptor: Self.duration, labels: [("provider", provider)], buckets: Self.latencyBuckets)
            .record(duration)
    }

    /// The relay's own time for a request before it was forwarded.
    func overhead(_ duration: Duration) {
        registry.makeDurationHistogram(descriptor: Self.overheadTime, buckets: Self.overheadBuckets).record(duration)
    }

    /// A request refused by the relay itself (not by the upstream).
    func rejected(reason: String) {
        registry.makeCounter(descriptor: Self.rejections, labels: [("reason", reason)]).increment()
    }

    /// Tokens the upstream reported for a project.
    func tokens(project: String, input: Int, output: Int) {
        registry.makeCounter(descriptor: Self.tokenCount, labels: [("project", project), ("direction", "input")])
            .increment(by: Int64(input))
        registry.makeCounter(descriptor: Self.tokenCount, labels: [("project", project), ("direction", "output")])
            .increment(by: Int64(output))
    }

    func streamStarted() { streamsInFlight.increment() }
    func streamEnded() { streamsInFlight.decrement() }

    /// The text exposition of every metric.
    public func exposition() -> [UInt8] {
        var buffer: [UInt8] = []
        registry.emit(into: &buffer)
        return buffer
    }
}
