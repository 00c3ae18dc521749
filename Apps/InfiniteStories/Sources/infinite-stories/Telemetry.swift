import Foundation
import Logging
import OTel
import ServiceLifecycle
import Tracing

/// `--otlp-endpoint`: exports the program's spans and metrics with swift-otel.
///
/// The SDK needs nothing more: once a tracer and a metrics backend are bootstrapped, each model call is a span
/// (`chat gpt-4o-mini`, its tokens, finish reason and timings) and feeds the GenAI metrics.
enum Telemetry {
    /// Bootstraps the process's tracer and metrics backend to export to `endpoint`, returning the service that
    /// exports (run it while the program works; its graceful shutdown sends what is left).
    static func bootstrap(endpoint: String) throws -> any Service {
        var base = endpoint
        while base.hasSuffix("/") { base.removeLast() }
        guard let url = URL(string: base), url.scheme == "http" || url.scheme == "https", url.host != nil else {
            throw CLIError.invalidArgument("--otlp-endpoint must be an http or https URL, e.g. http://127.0.0.1:4318.")
        }
        var configuration = OTel.Configuration.default
        configuration.serviceName = "infinite-stories"
        configuration.logs.enabled = false
        configuration.diagnosticLogLevel = .warning
        configuration.traces.otlpExporter.endpoint = base + "/v1/traces"
        configuration.traces.otlpExporter.protocol = .httpJSON
        configuration.metrics.otlpExporter.endpoint = base + "/v1/metrics"
        configuration.metrics.otlpExporter.protocol = .httpJSON
        configuration.metrics.exportInterval = .seconds(10)
        return try OTel.bootstrap(configuration: configuration)
    }

    /// Runs `body` inside a span named `operation`, exporting to `endpoint` while it runs and sending what is left
    /// before returning; without an endpoint, just runs `body`.
    static func run<T: Sendable>(
        endpoint: String?, operation: String, _ body: () async throws -> T
    ) async throws -> T {
        guard let endpoint else { return try await body() }
        let exporter = try bootstrap(endpoint: endpoint)
        let group = ServiceGroup(
            services: [exporter], gracefulShutdownSignals: [], cancellationSignals: [],
            logger: Logger(label: "infinite-stories.telemetry"))
        return try await withThrowingTaskGroup(of: Void.self) { tasks in
            tasks.addTask { try await group.run() }
            let result: Result<T, any Error>
            do {
                result = .success(try await withSpan(operation, ofKind: .internal) { _ in try await body() })
            } catch {
                result = .failure(error)
            }
            await group.triggerGracefulShutdown()
            try await tasks.waitForAll()
            return try result.get()
        }
    }
}
