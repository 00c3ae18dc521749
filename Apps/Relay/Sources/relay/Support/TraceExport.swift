import ArgumentParser
import Foundation
import OTel
import ServiceLifecycle

/// `relay serve --otlp-endpoint`: the process's tracer, exporting with swift-otel over OTLP/HTTP.
///
/// Only traces: the relay's metrics (its own and the forwarded calls' GenAI metrics) are served at `/metrics` for
/// Prometheus to scrape, and its logs stay on standard error.
enum TraceExport {
    /// The endpoint's base URL, checked: an http(s) URL with a host, without a trailing slash.
    static func endpoint(_ text: String) throws -> String {
        var base = text
        while base.hasSuffix("/") { base.removeLast() }
        guard let url = URL(string: base), url.scheme == "http" || url.scheme == "https", url.host != nil else {
            throw ValidationError("--otlp-endpoint must be an http or https URL, e.g. http://127.0.0.1:4318.")
        }
        return base
    }

    /// Bootstraps the tracer and returns the exporting service, to run for as long as the server (its graceful
    /// shutdown sends the spans still waiting).
    static func bootstrap(endpoint text: String) throws -> any Service {
        var configuration = OTel.Configuration.default
        configuration.serviceName = "relay"
        configuration.logs.enabled = false
        configuration.metrics.enabled = false
        configuration.diagnosticLogLevel = .warning
        configuration.traces.otlpExporter.endpoint = try endpoint(text) + "/v1/traces"
        configuration.traces.otlpExporter.protocol = .httpJSON
        return try OTel.bootstrap(configuration: configuration)
    }
}
