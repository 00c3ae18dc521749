#if SwiftAITelemetry
import CoreMetrics
import Foundation
import HTTPTypes
import Tracing

/// One call's span and metrics: a request, a stream from its first byte to its end, or a Realtime session.
///
/// ``start(_:url:configuration:)`` returns nil unless the app bootstrapped a tracer or a metrics backend (with
/// swift-distributed-tracing's `InstrumentationSystem` or swift-metrics' `MetricsSystem`, globally or for the task),
/// so a call that nobody observes only pays for that check. The span is a child of the caller's task-local context,
/// and its trace context goes to the provider in a `traceparent` header (the HTTP client's own span is off, so this
/// is the one client span of the call).
///
/// `@unchecked Sendable`: the mutable state is under a lock (a stream's consumer reports, and the stream's deinit may
/// end it).
package final class CallTelemetry: @unchecked Sendable {
    private let span: (any Span)?
    private let metrics: (any MetricsFactory)?
    private let operation: GenAIOperation?
    private let operationName: String
    /// `gen_ai.request.model` as the metrics label it.
    private let modelLabel: String?
    private let provider: String
    private let server: (address: String, port: Int)
    private let method: HTTPRequest.Method
    private let started = MonotonicClock.now
    private let state: LockedValue<State>

    private struct State {
        var facts: GenAIResponseFacts
        var ended = false
        var status: Int?
        var lastChunkAt: TimeInterval?
    }

    /// The telemetry of a call about to be sent, or nil when nothing observes it.
    package static func start(
        _ request: APIRequest, url: URL, configuration: ClientConfiguration, kind: String? = nil
    ) -> CallTelemetry? {
        guard configuration.telemetry.isEnabled else { return nil }
        return start(
            operation: request.operation, operationName: kind ?? request.operationName,
            provider: configuration.providerName, method: request.method, url: url,
            recordsContent: configuration.telemetry.recordsContent, body: request.body, metrics: nil,
            modelLabel: request.operation?.model)
    }

    /// The telemetry of a call described piece by piece (a forwarded call the SDK didn't build), or nil when
    /// nothing observes it. `metrics` replaces the bootstrapped backend; with `recordsContent` the span records the
    /// prompt in `body` and the generated text; `modelLabel` is the requested model as metrics label it.
    package static func start(
        operation: GenAIOperation?, operationName: String, provider: String, method: HTTPRequest.Method, url: URL,
        recordsContent: Bool, body: Data?, metrics: (any MetricsFactory)?, modelLabel: String?
    ) -> CallTelemetry? {
        let tracer = InstrumentationSystem.tracer
        let factory = metrics ?? MetricsSystem.factory
        let tracing = !(tracer is NoOpTracer)
        let measuring = !(factory is NOOPMetricsHandler)
        guard tracing || measuring else { return nil }
        return CallTelemetry(
            operation: operation, operationName: operationName, provider: provider, method: method, url: url,
            recordsContent: recordsContent, body: body, tracer: tracing ? tracer : nil, metrics: measuring ? factory : nil,
            modelLabel: modelLabel)
    }

    private init(
        operation: GenAIOperation?, operationName: String, provider: String, method: HTTPRequest.Method, url: URL,
        recordsContent: Bool, body: Data?, tracer: (any Tracer)?, metrics: (any MetricsFactory)?, modelLabel: String?
    ) {
        self.modelLabel = modelLabel
        let secure = url.scheme?.lowercased() == "https" || url.scheme?.lowercased() == "wss"
        let server = (address: url.host ?? "", port: url.port ?? (secure ? 443 : 80))
        self.operation = operation
        self.operationName = operationName
        self.provider = provider
        self.server = server
        self.method = method
        self.metrics = metrics
        state = LockedValue(State(facts: GenAIResponseFacts(gathersText: recordsContent)))
        guard let tracer else {
            span = nil
            return
        }
        let name: String
        if let operation {
            name = operation.model.map { "\(operationName) \($0)" } ?? operationName
        } else {
            name = "\(method.rawValue) \(operationName)"
        }
        let span = tracer.startSpan(name, ofKind: .client)
        span.updateAttributes { attributes in
            attributes[GenAIName.providerName] = provider
            attributes[GenAIName.serverAddress] = server.address
            attributes[GenAIName.serverPort] = server.port
            if let operation {
                attributes[GenAIName.operationName] = operationName
                attributes[GenAIName.requestModel] = operation.model
                attributes[GenAIName.requestMaxTokens] = operation.maxTokens
                attributes[GenAIName.requestTemperature] = operation.temperature
                attributes[GenAIName.requestTopP] = operation.topP
            } else {
                attributes[GenAIName.apiOperation] = operationName
                attributes[GenAIName.httpMethod] = method.rawValue
                var components = URLComponents(url: url, resolvingAgainstBaseURL: false)
                components?.query = nil
                components?.user = nil
                components?.password = nil
                attributes[GenAIName.urlFull] = components?.string
            }
            if recordsContent, operation != nil, let body {
                Self.recordInput(body, in: &attributes)
            }
        }
        self.span = span
    }

    // MARK: - During the call

    /// Adds the span's trace context (`traceparent`) to an attempt's headers.
    package func inject(into headers: inout HTTPFields) {
        guard let span else { return }
        InstrumentationSystem.instrument.inject(span.context, into: &headers, using: HTTPFieldsInjector())
    }

    /// Notes a response head (of any attempt).
    package func responded(status: Int, headers: HTTPFields) {
        state.withLock { $0.status = status }
        guard let span else { return }
        span.attributes[GenAIName.httpStatus] = status
        if let id = APIError.requestID(in: headers) { span.attributes[GenAIName.requestID] = id }
    }

    /// Notes a failed attempt that will be sent again after `delay` seconds.
    package func retrying(after error: APIError, attempt: Int, delay: TimeInterval) {
        span?.addEvent(
            SpanEvent(
                name: GenAIName.retryEvent,
                attributes: [
                    GenAIName.errorType: .string(error.kind.rawValue), "swiftai.attempt": .int64(Int64(attempt)),
                    "swiftai.retry.delay": .double(delay),
                ]))
        span?.attributes[GenAIName.resendCount] = attempt
        if let metrics {
            Counter(label: GenAIName.retries, dimensions: dimensions(error: error.kind.rawValue), factory: metrics)
                .increment()
        }
    }

    // MARK: - Ending

    /// Ends a plain call with the decoded response (or its bytes only, for calls that decode nothing).
    package func succeeded(with value: Any?) {
        let facts: GenAIResponseFacts? = state.withLock { state in
            guard !state.ended else { return nil }
            state.ended = true
            (value as? any GenAIReporting)?.report(to: &state.facts)
            return state.facts
        }
        if let facts { end(facts, error: nil) }
    }

    /// Adds one streamed value; the first that carries output marks the first chunk.
    package func streamed(_ value: Any) {
        guard let reporting = value as? any GenAIReporting else { return }
        report { reporting.report(to: &$0) }
    }

    /// Adds what `update` learns to the call's facts; when it returns true (the facts came with generated output),
    /// times the first chunk or the gap since the one before.
    package func report(_ update: (inout GenAIResponseFacts) -> Bool) {
        let now = MonotonicClock.now
        let (carriesOutput, previous) = state.withLock { state -> (Bool, TimeInterval?) in
            guard !state.ended, update(&state.facts) else { return (false, nil) }
            defer { state.lastChunkAt = now }
            return (true, state.lastChunkAt)
        }
        guard carriesOutput else { return }
        if let previous {
            record(GenAIName.timePerOutputChunk, now - previous)
        } else {
            span?.addEvent(SpanEvent(name: GenAIName.firstChunkEvent))
            record(GenAIName.timeToFirstChunk, now - started)
        }
    }

    /// Ends a stream that reached its end.
    package func streamEnded() {
        let facts: GenAIResponseFacts? = state.withLock { state in
            guard !state.ended else { return nil }
            state.ended = true
            return state.facts
        }
        if let facts { end(facts, error: nil) }
    }

    /// Ends the call with the error it throws.
    package func failed(_ error: any Error) {
        let kind = (error as? APIError)?.kind.rawValue ?? (error is CancellationError ? "cancelled" : "\(type(of: error))")
        failed(kind: kind, error: error)
    }

    /// Ends the call as failed with `kind` (an ``APIError/Kind`` name, `error.type`), and the error when there is one.
    package func failed(kind: String, error: (any Error)?) {
        let facts: GenAIResponseFacts? = state.withLock { state in
            guard !state.ended else { return nil }
            state.ended = true
            return state.facts
        }
        guard let facts else { return }
        if let span {
            if let error { span.recordError(error) }
            span.setStatus(SpanStatus(code: .error, message: kind))
            span.attributes[GenAIName.errorType] = kind
        }
        if let metrics {
            Counter(label: GenAIName.errors, dimensions: dimensions(error: kind), factory: metrics).increment()
        }
        end(facts, error: kind)
    }

    /// Ends a stream its consumer let go of before its end: not an error, but marked as cut short — unless the
    /// generation had finished (a finish reason arrived) and the consumer only stopped at its final event.
    package func cancelled() {
        let facts: GenAIResponseFacts? = state.withLock { state in
            guard !state.ended else { return nil }
            state.ended = true
            return state.facts
        }
        guard let facts else { return }
        if facts.finishReasons.isEmpty {
            span?.addEvent(SpanEvent(name: GenAIName.cancelledEvent))
            span?.attributes[GenAIName.streamCancelled] = true
        }
        end(facts, error: nil)
    }

    private func end(_ facts: GenAIResponseFacts, error: String?) {
        let duration = MonotonicClock.now - started
        if let span {
            span.updateAttributes { attributes in
                attributes[GenAIName.responseID] = facts.id
                attributes[GenAIName.responseModel] = facts.model
                if !facts.finishReasons.isEmpty { attributes[GenAIName.responseFinishReasons] = facts.finishReasons }
                attributes[GenAIName.inputTokens] = facts.inputTokens
                attributes[GenAIName.outputTokens] = facts.outputTokens
                attributes[GenAIName.cacheReadTokens] = facts.cacheReadTokens
                attributes[GenAIName.cacheCreationTokens] = facts.cacheCreationTokens
                attributes[GenAIName.reasoningTokens] = facts.reasoningTokens
                if let text = facts.outputText { attributes[GenAIName.outputMessages] = Self.outputMessages(text) }
            }
            span.end()
        }
        guard metrics != nil else { return }
        if operation != nil {
            record(GenAIName.operationDuration, duration, model: facts.model, error: error)
            if let input = facts.inputTokens { record(GenAIName.tokenUsage, Double(input), model: facts.model, tokenType: "input") }
            if let output = facts.outputTokens { record(GenAIName.tokenUsage, Double(output), model: facts.model, tokenType: "output") }
        } else {
            var extra: [(String, String)] = [(GenAIName.httpMethod, method.rawValue)]
            if let status = state.withLock({ $0.status }) { extra.append((GenAIName.httpStatus, String(status))) }
            record(GenAIName.httpDuration, duration, error: error, extra: extra)
        }
    }

    // MARK: - Metrics

    /// The labels every metric of this call carries: bounded values only (no ids, no free text).
    private func dimensions(model: String? = nil, error: String? = nil) -> [(String, String)] {
        var dimensions: [(String, String)] = [
            (GenAIName.providerName, provider), (GenAIName.serverAddress, server.address),
        ]
        if operation != nil {
            dimensions.append((GenAIName.operationName, operationName))
            if let modelLabel { dimensions.append((GenAIName.requestModel, modelLabel)) }
        } else {
            dimensions.append((GenAIName.apiOperation, operationName))
        }
        if let model { dimensions.append((GenAIName.responseModel, model)) }
        if let error { dimensions.append((GenAIName.errorType, error)) }
        return dimensions
    }

    private func record(
        _ label: String, _ value: Double, model: String? = nil, error: String? = nil, tokenType: String? = nil,
        extra: [(String, String)] = []
    ) {
        guard let metrics else { return }
        var dimensions = dimensions(model: model, error: error) + extra
        if let tokenType { dimensions.append((GenAIName.tokenType, tokenType)) }
        Recorder(label: label, dimensions: dimensions, aggregate: true, factory: metrics).record(value)
    }

    // MARK: - Contents (opt-in)

    /// The prompt of a generation request: its `messages` (or `input`, `prompt`), and its `system` (or
    /// `instructions`), in the provider's own JSON.
    private static func recordInput(_ body: Data, in attributes: inout SpanAttributes) {
        guard let json = try? FastJSONDecoder().decode(JSONValue.self, from: body) else { return }
        let encoder = OrderedJSONEncoder()
        func text(_ value: JSONValue) -> String? {
            (try? encoder.encode(value)).flatMap { String(data: $0, encoding: .utf8) }
        }
        if let input = json["messages"] ?? json["input"] ?? json["prompt"] {
            attributes[GenAIName.inputMessages] = text(input)
        }
        if let system = json["system"] ?? json["instructions"] {
            attributes[GenAIName.systemInstructions] = system.stringValue ?? text(system)
        }
    }

    /// The generated text as OpenTelemetry's output-messages JSON: one assistant message with one text part.
    private static func outputMessages(_ text: String) -> String? {
        let message: JSONValue = .array([
            .object([
                "role": .string("assistant"),
                "parts": .array([.object(["type": .string("text"), "content": .string(text)])]),
            ])
        ])
        return (try? OrderedJSONEncoder().encode(message)).flatMap { String(data: $0, encoding: .utf8) }
    }
}

/// Writes trace-context headers (`traceparent`, `tracestate`) into a request's fields.
struct HTTPFieldsInjector: Injector {
    func inject(_ value: String, forKey key: String, into carrier: inout HTTPFields) {
        guard let name = HTTPField.Name(key) else { return }
        carrier[name] = value
    }
}
#endif
