#if SwiftAITelemetry
import CoreMetrics
import Foundation
import HTTPTypes

/// The span and GenAI metrics of a model call that a program forwards for someone else — the relay, which passes
/// an app's request to the provider byte for byte — so those calls appear in traces and dashboards exactly as the
/// SDK's own calls do: the same span name, attributes, events and metrics, from the same code.
///
/// SPI for the relay: the relay builds no SDK request and decodes no SDK type, so it describes the call piece by
/// piece (what its request inspection and usage reading found) instead.
@_spi(Forwarding)
public final class ForwardedCallTelemetry: Sendable {
    private let call: CallTelemetry

    private init(call: CallTelemetry) {
        self.call = call
    }

    /// Starts the telemetry of a forwarded call, or returns nil when neither a tracer (bootstrapped or bound to the
    /// task) nor a metrics backend observes it.
    ///
    /// - Parameters:
    ///   - provider: `gen_ai.provider.name` (`openai`, `azure.ai.openai`, `anthropic`).
    ///   - operation: `gen_ai.operation.name` for a generation (`chat`, `embeddings` …); nil for any other API
    ///     call, named by the resource `apiPath` names instead (`files`, `batches`), as the SDK names it.
    ///   - apiPath: the API path called (`/v1/files/file-1`), without the upstream URL's own base path.
    ///   - model: the requested model, for the span.
    ///   - modelLabel: the requested model as the metrics label it: a value from a bounded set (a client that
    ///     may name any model must not create a time series per name).
    ///   - metrics: where the metrics go; nil for the bootstrapped swift-metrics backend.
    public static func start(
        provider: String, operation: String?, model: String?, modelLabel: String?, maxTokens: Int?,
        temperature: Double?, topP: Double?, method: HTTPRequest.Method, apiPath: String, url: URL,
        metrics: (any MetricsFactory)?
    ) -> ForwardedCallTelemetry? {
        let described = operation.map {
            GenAIOperation($0, model: model, maxTokens: maxTokens, temperature: temperature, topP: topP)
        }
        guard
            let call = CallTelemetry.start(
                operation: described, operationName: operation ?? GenAIOperation.resource(ofPath: apiPath),
                provider: provider, method: method, url: url, recordsContent: false, body: nil, metrics: metrics,
                modelLabel: modelLabel)
        else { return nil }
        return ForwardedCallTelemetry(call: call)
    }

    /// Adds the call's trace context (`traceparent`) to the forwarded request's headers.
    public func inject(into headers: inout HTTPFields) {
        call.inject(into: &headers)
    }

    /// Notes the upstream's response head.
    public func responded(status: Int, headers: HTTPFields) {
        call.responded(status: status, headers: headers)
    }

    /// Notes that a chunk of generated output passed (times the first chunk and the gaps after it).
    public func outputArrived() {
        call.report { _ in true }
    }

    /// Ends the call: the upstream answered with success and the body passed in full.
    public func succeeded(_ summary: ForwardedCallSummary) {
        call.report { summary.apply(to: &$0) }
        call.streamEnded()
    }

    /// Ends the call as failed: the upstream answered `status` (an error), or the connection to it broke (no
    /// status; `error` when there is one).
    public func failed(status: Int?, error: (any Error)?, summary: ForwardedCallSummary) {
        call.report { summary.apply(to: &$0) }
        let kind = status.map { APIError.kind(forStatus: $0) } ?? .connection
        call.failed(kind: kind.rawValue, error: error)
    }

    /// Ends the call cut short by the client going away.
    public func cancelled(_ summary: ForwardedCallSummary) {
        call.report { summary.apply(to: &$0) }
        call.cancelled()
    }
}

/// What a forwarded response said about the generation (each part when the response carried it).
@_spi(Forwarding)
public struct ForwardedCallSummary: Sendable, Equatable {
    public var id: String?
    public var model: String?
    public var finishReasons: [String] = []
    public var inputTokens: Int?
    public var outputTokens: Int?
    public var cacheReadTokens: Int?
    public var cacheCreationTokens: Int?
    public var reasoningTokens: Int?

    public init() {}

    /// Copies what is known into the call's facts; never counts as output.
    fileprivate func apply(to facts: inout GenAIResponseFacts) -> Bool {
        facts.id = id ?? facts.id
        facts.model = model ?? facts.model
        for reason in finishReasons { facts.finished(because: reason) }
        facts.inputTokens = inputTokens ?? facts.inputTokens
        facts.outputTokens = outputTokens ?? facts.outputTokens
        facts.cacheReadTokens = cacheReadTokens ?? facts.cacheReadTokens
        facts.cacheCreationTokens = cacheCreationTokens ?? facts.cacheCreationTokens
        facts.reasoningTokens = reasoningTokens ?? facts.reasoningTokens
        return false
    }
}
#endif
