import AISandbox
import Foundation
import HTTPTypes
import InMemoryTracing
import RelayCore
import SwiftAnthropic
import SwiftOpenAI
import Testing
import Tracing

/// The relay's traces and GenAI metrics: the SDK's span in the app, the relay's server span, and the relay's span
/// of the call it forwards — one trace — with the same attributes the SDK gives its own calls; the GenAI metrics at
/// `/metrics`.
///
/// The tracer is bound to the task that starts the relay (swift-distributed-tracing's task-local tracer), so the
/// server's request handlers and the test's SDK calls share it, and no other test sees it.
@Suite("Relay telemetry")
struct TelemetryTests {
    @Test("A chat through the relay: the app's span, the relay's server span and its GenAI span in one trace; GenAI metrics at /metrics")
    func chatTrace() async throws {
        let tracer = InMemoryTracer()
        try await withTracer(tracer) {
            try await RelayHarness.with { relay in
                let service = OpenAIServiceFactory.service(
                    aiproxyPartialKey: relay.project.partialKey, aiproxyServiceURL: relay.serviceURL(.openai),
                    aiproxyClientID: "device-t", aiproxyDeviceCheckBypass: RelayHarness.bypassToken)
                let chat = try await service.startChat(
                    parameters: ChatCompletionParameters(
                        messages: [.init(role: .user, content: .text("Hello relay"))], model: .gpt4oMini, maxTokens: 40,
                        temperature: 0.5))

                // The server span ends once the response's last byte is written, which may be just after the client
                // has read it.
                try await Self.waitFor { tracer.finishedSpans.contains { $0.kind == .server } }
                let spans = tracer.finishedSpans
                let app = try #require(spans.first { $0.kind == .client && $0.attributes.int("server.port") == relay.port })
                let server = try #require(spans.first { $0.kind == .server })
                let forwarded = try #require(spans.first { $0.kind == .client && $0.attributes.int("server.port") == relay.sandbox.baseURL.port })
                #expect(server.spanContext.parentSpanID == app.spanID, "the relay continues the app's trace")
                #expect(forwarded.spanContext.parentSpanID == server.spanID)
                #expect(Set([app.traceID, server.traceID, forwarded.traceID]).count == 1)

                #expect(forwarded.operationName == "chat gpt-4o-mini")
                let attributes = forwarded.attributes
                #expect(attributes.string("gen_ai.operation.name") == "chat")
                #expect(attributes.string("gen_ai.provider.name") == "openai")
                #expect(attributes.string("gen_ai.request.model") == "gpt-4o-mini")
                #expect(attributes.int("gen_ai.request.max_tokens") == 40)
                #expect(attributes.double("gen_ai.request.temperature") == 0.5)
                #expect(attributes.string("gen_ai.response.id") == chat.id)
                #expect(attributes.string("gen_ai.response.model") == chat.model)
                #expect(attributes.strings("gen_ai.response.finish_reasons") == ["stop"])
                #expect(attributes.int("gen_ai.usage.input_tokens") == chat.usage.promptTokens)
                #expect(attributes.int("gen_ai.usage.output_tokens") == chat.usage.completionTokens)
                #expect(attributes.int("http.response.status_code") == 200)
                #expect(forwarded.status == nil)
                // What the app's own span says about the same call, the relay's says too.
                for name in ["gen_ai.response.id", "gen_ai.response.model", "gen_ai.request.model"] {
                    #expect(app.attributes.string(name) == attributes.string(name))
                }

                // The provider received the relay span's trace context, not the app's.
                let sent = try #require(relay.sandbox.requests.last)
                #expect(sent.header(InMemoryTracer.spanIDKey) == forwarded.spanID)
                #expect(sent.header(InMemoryTracer.traceIDKey) == app.traceID)

                let metrics = try await relay.send(.GET, "/metrics").body
                let labels = #"gen_ai_operation_name="chat""#
                #expect(metrics.lines("gen_ai_client_operation_duration_seconds_count").contains { $0.contains(labels) && $0.hasSuffix(" 1") })
                #expect(metrics.lines("gen_ai_client_token_usage_sum").contains {
                    $0.contains(#"gen_ai_token_type="output""#) && $0.hasSuffix(" \(Double(chat.usage.completionTokens))")
                })
                #expect(metrics.lines("gen_ai_client_token_usage_bucket").contains { $0.contains(#"le="1048576.0""#) || $0.contains(#"le="1048576""#) },
                    "token histograms use the conventions' buckets")
                #expect(!metrics.contains(RelayHarness.openAIKey))
            }
        }
    }

    @Test("An Anthropic stream that calls a tool: first-chunk event, stop reason, tokens; time to first chunk at /metrics")
    func anthropicToolStream() async throws {
        let tracer = InMemoryTracer()
        try await withTracer(tracer) {
            try await RelayHarness.with { relay in
                let service = AnthropicServiceFactory.service(
                    aiproxyPartialKey: relay.project.partialKey, aiproxyServiceURL: relay.serviceURL(.anthropic),
                    aiproxyClientID: "device-t", aiproxyDeviceCheckBypass: RelayHarness.bypassToken)
                let weather = MessageParameter.Tool(
                    name: "get_weather", description: "Get the current weather in a given location",
                    inputSchema: .init(type: .object, properties: ["location": .init(type: .string)], required: ["location"]))
                let message = try await service.streamMessage(
                    MessageParameter(
                        model: .claudeHaiku45, messages: [.init(role: .user, content: "What is the weather like in Paris?")],
                        maxTokens: 200, tools: [weather])
                ).accumulate()
                #expect(message.stopReason == "tool_use")

                let forwarded = try #require(
                    tracer.finishedSpans.first { $0.kind == .client && $0.attributes.int("server.port") == relay.sandbox.baseURL.port })
                #expect(forwarded.attributes.string("gen_ai.provider.name") == "anthropic")
                #expect(forwarded.attributes.string("gen_ai.response.id") == message.id)
                #expect(forwarded.attributes.string("gen_ai.response.model") == message.model)
                #expect(forwarded.attributes.strings("gen_ai.response.finish_reasons") == ["tool_use"])
                #expect(forwarded.attributes.int("gen_ai.usage.output_tokens") == message.usage.outputTokens)
                #expect(forwarded.attributes.int("gen_ai.usage.input_tokens") == message.usage.inputTokens)
                #expect(forwarded.events.filter { $0.name == "gen_ai.first_chunk" }.count == 1)

                let metrics = try await relay.send(.GET, "/metrics").body
                #expect(metrics.lines("gen_ai_client_operation_time_to_first_chunk_seconds_count").contains {
                    $0.contains(#"gen_ai_provider_name="anthropic""#) && $0.hasSuffix(" 1")
                })
            }
        }
    }

    @Test("An upstream error: the span's error type and status; a model the price table doesn't know is labelled 'other'")
    func upstreamError() async throws {
        let tracer = InMemoryTracer()
        try await withTracer(tracer) {
            try await RelayHarness.with { relay in
                relay.sandbox.enqueue(.status(429, message: "slow down"), path: "/v1/chat/completions")
                let answer = try await relay.send(
                    .POST, "/\(relay.project.id)/openai/v1/chat/completions", headers: relay.aiproxyHeaders,
                    json: #"{"model":"made-up-model-7","messages":[{"role":"user","content":"Hi"}],"max_tokens":5}"#)
                #expect(answer.status == 429)

                // (The test's own request has a client span too: AsyncHTTPClient's.)
                let forwarded = try #require(
                    tracer.finishedSpans.first { $0.kind == .client && $0.attributes.int("server.port") == relay.sandbox.baseURL.port })
                #expect(forwarded.attributes.string("gen_ai.request.model") == "made-up-model-7", "the span keeps the real name")
                #expect(forwarded.attributes.string("error.type") == APIError.Kind.rateLimited.rawValue)
                #expect(forwarded.attributes.int("http.response.status_code") == 429)
                #expect(forwarded.status?.code == .error)

                let metrics = try await relay.send(.GET, "/metrics").body
                let errors = metrics.lines("swiftai_client_errors_total")
                #expect(errors.contains { $0.contains(#"error_type="\#(APIError.Kind.rateLimited.rawValue)""#) && $0.contains(#"gen_ai_request_model="other""#) })
                #expect(!metrics.contains("made-up-model-7"), "metrics never label a made-up model name")
            }
        }
    }

    @Test("Made-up project ids are refused without adding a metrics series each")
    func unknownProjectLabel() async throws {
        try await RelayHarness.with { relay in
            for id in ["nope-1", "nope-2"] {
                #expect(try await relay.send(.POST, "/\(id)/openai/v1/chat/completions", json: RelayHarness.chatJSON).status == 404)
            }
            let metrics = try await relay.send(.GET, "/metrics").body
            #expect(!metrics.contains("nope-1") && !metrics.contains("nope-2"))
            #expect(metrics.contains(#"relay_requests_total{project="-",provider="openai",status="404"} 2"#))
        }
    }
}

extension TelemetryTests {
    /// Waits up to 5 seconds for `condition`.
    static func waitFor(_ condition: () -> Bool) async throws {
        for _ in 0..<500 where !condition() { try await Task.sleep(nanoseconds: 10_000_000) }
    }
}

extension String {
    /// The exposition's lines of the series `name` (its samples, not its HELP or TYPE).
    fileprivate func lines(_ name: String) -> [Substring] {
        split(separator: "\n").filter { $0.hasPrefix(name + "{") || $0.hasPrefix(name + " ") }
    }
}

extension SpanAttributes {
    fileprivate func string(_ name: String) -> String? {
        if case .string(let value) = get(name) { return value }
        return nil
    }

    fileprivate func int(_ name: String) -> Int? {
        switch get(name) {
        case .int64(let value): Int(value)
        case .int32(let value): Int(value)
        default: nil
        }
    }

    fileprivate func double(_ name: String) -> Double? {
        if case .double(let value) = get(name) { return value }
        return nil
    }

    fileprivate func strings(_ name: String) -> [String]? {
        if case .stringArray(let value) = get(name) { return value }
        return nil
    }
}
