import CoreMetrics
import Prometheus

/// The GenAI client metrics the SDK records for an app's own calls (`gen_ai.client.operation.duration`,
/// `gen_ai.client.token.usage`, time to the first chunk and between chunks, retries and errors), recorded by the
/// relay for each call it forwards, into the relay's own registry so that `/metrics` serves them next to the
/// `relay_*` metrics.
///
/// Names follow OpenTelemetry's Prometheus mapping: dots become underscores, durations end in `_seconds`,
/// counters in `_total` (`gen_ai_client_operation_duration_seconds`, `gen_ai_client_token_usage`), with
/// histogram buckets from the conventions' advice instead of the library's defaults.
struct GenAIPrometheusFactory: MetricsFactory {
    private var base: PrometheusMetricsFactory

    /// The conventions' advised boundaries: seconds for an operation (10 ms … 82 s), for the first chunk, and
    /// between chunks (10 ms … 2.5 s); powers of four for token counts.
    private static let operationSeconds: [Double] = [
        0.01, 0.02, 0.04, 0.08, 0.16, 0.32, 0.64, 1.28, 2.56, 5.12, 10.24, 20.48, 40.96, 81.92,
    ]
    private static let chunkSeconds: [Double] = [
        0.01, 0.025, 0.05, 0.075, 0.1, 0.15, 0.2, 0.3, 0.4, 0.5, 0.75, 1.0, 2.5,
    ]
    private static let tokens: [Double] = [
        1, 4, 16, 64, 256, 1024, 4096, 16384, 65536, 262144, 1048576, 4194304, 16777216, 67108864,
    ]

    init(registry: PrometheusCollectorRegistry) {
        var base = PrometheusMetricsFactory(registry: registry)
        base.valueHistogramBuckets = [
            Self.recorderName("gen_ai.client.operation.duration"): Self.operationSeconds,
            Self.recorderName("gen_ai.client.operation.time_to_first_chunk"): Self.operationSeconds,
            Self.recorderName("gen_ai.client.operation.time_per_output_chunk"): Self.chunkSeconds,
            Self.recorderName("gen_ai.client.token.usage"): Self.tokens,
            Self.recorderName("http.client.request.duration"): Self.operationSeconds,
        ]
        self.base = base
    }

    /// A recorder's Prometheus name: seconds for what the conventions measure in seconds.
    static func recorderName(_ label: String) -> String {
        let name = prometheusName(label)
        return label.hasSuffix(".duration") || label.contains(".time_") ? name + "_seconds" : name
    }

    private static func prometheusName(_ label: String) -> String {
        String(label.map { $0.isLetter || $0.isNumber ? $0 : "_" })
    }

    private static func labels(_ dimensions: [(String, String)]) -> [(String, String)] {
        dimensions.map { (prometheusName($0.0), $0.1) }
    }

    func makeCounter(label: String, dimensions: [(String, String)]) -> any CounterHandler {
        base.makeCounter(label: Self.prometheusName(label) + "_total", dimensions: Self.labels(dimensions))
    }

    func makeFloatingPointCounter(label: String, dimensions: [(String, String)]) -> any FloatingPointCounterHandler {
        base.makeFloatingPointCounter(label: Self.prometheusName(label) + "_total", dimensions: Self.labels(dimensions))
    }

    func makeRecorder(label: String, dimensions: [(String, String)], aggregate: Bool) -> any RecorderHandler {
        base.makeRecorder(label: Self.recorderName(label), dimensions: Self.labels(dimensions), aggregate: aggregate)
    }

    func makeMeter(label: String, dimensions: [(String, String)]) -> any MeterHandler {
        base.makeMeter(label: Self.prometheusName(label), dimensions: Self.labels(dimensions))
    }

    func makeTimer(label: String, dimensions: [(String, String)]) -> any TimerHandler {
        base.makeTimer(label: Self.prometheusName(label) + "_seconds", dimensions: Self.labels(dimensions))
    }

    func destroyCounter(_ handler: any CounterHandler) { base.destroyCounter(handler) }
    func destroyFloatingPointCounter(_ handler: any FloatingPointCounterHandler) { base.destroyFloatingPointCounter(handler) }
    func destroyRecorder(_ handler: any RecorderHandler) { base.destroyRecorder(handler) }
    func destroyMeter(_ handler: any MeterHandler) { base.destroyMeter(handler) }
    func destroyTimer(_ handler: any TimerHandler) { base.destroyTimer(handler) }
}
