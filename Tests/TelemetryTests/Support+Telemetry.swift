#if SwiftAITelemetry
import AICore
import AISandbox
import Foundation
import InMemoryTracing
import CoreMetrics
import MetricsTestKit
import SwiftAITestSupport
import SwiftAnthropic
import SwiftOpenAI
import Testing
import Tracing

/// Runs `body` with an in-memory tracer and test metrics bound to the task (not bootstrapped: tests run in
/// parallel, and every other test must still see no tracer).
func observed<T>(_ body: (InMemoryTracer, TestMetrics) async throws -> T) async throws -> T {
    let tracer = InMemoryTracer()
    let metrics = TestMetrics()
    return try await withTracer(tracer) {
        try await withMetricsFactory(metrics) { try await body(tracer, metrics) }
    }
}

/// A fast-retrying OpenAI service on `sandbox`.
func openAI(
    _ sandbox: Sandbox, maxRetries: Int = 2, interceptors: [any AIInterceptor] = [],
    telemetry: TelemetryOptions = .default
) -> any OpenAIService {
    OpenAIServiceFactory.service(
        apiKey: "sk-test-telemetry", overrideBaseURL: sandbox.baseURL.absoluteString,
        retryPolicy: RetryPolicy(maxRetries: maxRetries, initialDelay: 0.01, maxDelay: 0.02),
        interceptors: interceptors, telemetry: telemetry)
}

func anthropic(_ sandbox: Sandbox) -> any AnthropicService {
    AnthropicServiceFactory.service(
        apiKey: "sk-ant-telemetry", basePath: sandbox.baseURL.absoluteString,
        retryPolicy: RetryPolicy(maxRetries: 2, initialDelay: 0.01, maxDelay: 0.02))
}

extension SpanAttributes {
    func string(_ name: String) -> String? {
        if case .string(let value) = get(name) { return value }
        return nil
    }

    func int(_ name: String) -> Int? {
        switch get(name) {
        case .int64(let value): Int(value)
        case .int32(let value): Int(value)
        default: nil
        }
    }

    func double(_ name: String) -> Double? {
        if case .double(let value) = get(name) { return value }
        return nil
    }

    func strings(_ name: String) -> [String]? {
        if case .stringArray(let value) = get(name) { return value }
        return nil
    }

    func bool(_ name: String) -> Bool? {
        if case .bool(let value) = get(name) { return value }
        return nil
    }
}

extension TestMetrics {
    /// The values of every recorder named `label` whose labels include `dimensions`.
    func recorded(_ label: String, where dimensions: [String: String] = [:]) -> [Double] {
        recorders(label: label).filter { recorder in
            let labels = Dictionary(recorder.dimensions, uniquingKeysWith: { first, _ in first })
            return dimensions.allSatisfy { labels[$0.key] == $0.value }
        }.flatMap(\.values)
    }

    /// The total of every counter named `label` whose labels include `dimensions`.
    func counted(_ label: String, where dimensions: [String: String] = [:]) -> Int64 {
        counters.filter { counter in
            guard counter.label == label else { return false }
            let labels = Dictionary(counter.dimensions, uniquingKeysWith: { first, _ in first })
            return dimensions.allSatisfy { labels[$0.key] == $0.value }
        }.map(\.totalValue).reduce(0, +)
    }

    /// Every label name used by any metric: to check that none carries an id or free text.
    var labelNames: Set<String> {
        Set(recorders.flatMap { $0.dimensions.map(\.0) } + counters.flatMap { $0.dimensions.map(\.0) })
    }
}
#endif
