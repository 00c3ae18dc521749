import Foundation
import Hummingbird
import NIOCore
import Testing

/// `--otlp-endpoint` against a local OTLP/HTTP collector: the program exports, with swift-otel, the SDK's span of
/// its model call (inside the command's span) and the GenAI metrics, in OTLP's JSON encoding.
@Suite struct TelemetryExportTests {
    @Test("a command's model call reaches an OTLP collector as a GenAI span, with the token metrics")
    func exportsToCollector() async throws {
        let collector = Collector()
        let router = Router()
        for signal in ["traces", "metrics"] {
            router.post("/v1/\(signal)") { request, _ -> Response in
                let body = try await request.body.collect(upTo: 16 << 20)
                collector.add(signal, Data(body.readableBytesView))
                return Response(
                    status: .ok, headers: [.contentType: "application/json"],
                    body: ResponseBody(byteBuffer: ByteBuffer(string: "{}")))
            }
        }
        let port = PortBox()
        let app = Application(
            router: router, configuration: .init(address: .hostname("127.0.0.1", port: 0)),
            onServerRunning: { channel in port.set(channel.localAddress?.port ?? 0) })
        try await withThrowingTaskGroup(of: Void.self) { tasks in
            tasks.addTask { try await app.runService(gracefulShutdownSignals: []) }
            defer { tasks.cancelAll() }
            let bound = try await port.wait()
            let cli = try CLIRunner()
            defer { cli.remove() }
            let result = try await cli.run([
                "event", "suggest", "a picnic in the park", "--sandbox", "--otlp-endpoint", "http://127.0.0.1:\(bound)",
            ])
            #expect(result.status == 0, "\(result.errors)")

            let spans = collector.bodies("traces").flatMap(Self.spans)
            let command = try #require(spans.first { $0.name == "infinite-stories" }, "\(spans.map(\.name))")
            let call = try #require(spans.first { $0.name.hasPrefix("chat ") }, "\(spans.map(\.name))")
            #expect(call.traceID == command.traceID && call.parentSpanID == command.spanID)
            #expect(call.attributes["gen_ai.operation.name"] == "chat")
            #expect(call.attributes["gen_ai.provider.name"] == "openai")
            #expect(call.attributes["gen_ai.usage.output_tokens"].flatMap { Int($0) }.map { $0 > 0 } == true)

            let metrics = Set(collector.bodies("metrics").flatMap(Self.metricNames))
            #expect(metrics.isSuperset(of: ["gen_ai.client.operation.duration", "gen_ai.client.token.usage"]), "\(metrics)")
        }
    }

    struct ExportedSpan {
        var name: String
        var traceID: String
        var spanID: String
        var parentSpanID: String
        /// Every attribute's value as text (strings, and integers, which OTLP's JSON sends as strings).
        var attributes: [String: String]
    }

    /// The spans of one OTLP `ExportTraceServiceRequest` in JSON.
    static func spans(_ body: Data) -> [ExportedSpan] {
        guard let root = try? JSONSerialization.jsonObject(with: body) as? [String: Any] else { return [] }
        let resourceSpans = root["resourceSpans"] as? [[String: Any]] ?? []
        return resourceSpans.flatMap { ($0["scopeSpans"] as? [[String: Any]]) ?? [] }
            .flatMap { ($0["spans"] as? [[String: Any]]) ?? [] }
            .map { span in
                var attributes: [String: String] = [:]
                for attribute in span["attributes"] as? [[String: Any]] ?? [] {
                    guard let key = attribute["key"] as? String, let value = attribute["value"] as? [String: Any] else { continue }
                    if let text = value["stringValue"] as? String {
                        attributes[key] = text
                    } else if let number = value["intValue"] {
                        attributes[key] = "\(number)"
                    }
                }
                return ExportedSpan(
                    name: span["name"] as? String ?? "", traceID: span["traceId"] as? String ?? "",
                    spanID: span["spanId"] as? String ?? "", parentSpanID: span["parentSpanId"] as? String ?? "",
                    attributes: attributes)
            }
    }

    /// The metric names of one OTLP `ExportMetricsServiceRequest` in JSON.
    static func metricNames(_ body: Data) -> [String] {
        guard let root = try? JSONSerialization.jsonObject(with: body) as? [String: Any] else { return [] }
        let resourceMetrics = root["resourceMetrics"] as? [[String: Any]] ?? []
        return resourceMetrics.flatMap { ($0["scopeMetrics"] as? [[String: Any]]) ?? [] }
            .flatMap { ($0["metrics"] as? [[String: Any]]) ?? [] }
            .compactMap { $0["name"] as? String }
    }
}

/// What the collector received, by signal.
private final class Collector: @unchecked Sendable {
    private var received: [String: [Data]] = [:]
    private let lock = NSLock()

    func add(_ signal: String, _ body: Data) { lock.withLock { received[signal, default: []].append(body) } }
    func bodies(_ signal: String) -> [Data] { lock.withLock { received[signal] ?? [] } }
}

/// The port the collector listens on, once it does.
private final class PortBox: @unchecked Sendable {
    private var port: Int?
    private let lock = NSLock()

    func set(_ value: Int) { lock.withLock { port = value } }

    func wait() async throws -> Int {
        for _ in 0..<500 {
            if let port = lock.withLock({ port }), port > 0 { return port }
            try await Task.sleep(for: .milliseconds(10))
        }
        throw CancellationError()
    }
}
