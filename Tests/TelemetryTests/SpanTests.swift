#if SwiftAITelemetry
import AICore
import AISandbox
import Foundation
import InMemoryTracing
import MetricsTestKit
import SwiftAITestSupport
import SwiftAnthropic
import SwiftOpenAI
import Testing
import Tracing

/// Spans and metrics of real calls to the sandbox, read from swift-distributed-tracing's in-memory tracer and
/// swift-metrics' test kit, with the names of OpenTelemetry's generative-AI client conventions.
@Suite struct SpanTests {
    @Test("a chat completion: one client span named after the operation and model, usage and the GenAI metrics")
    func chat() async throws {
        try await withSandbox { sandbox in
            try await observed { tracer, metrics in
                let parameters = ChatCompletionParameters(
                    messages: [.init(role: .user, content: .text("Hello there"))], model: .gpt4oMini, maxTokens: 50,
                    temperature: 0.25)
                let completion = try await openAI(sandbox).startChat(parameters: parameters)

                let span = try #require(tracer.finishedSpans.only)
                #expect(span.operationName == "chat gpt-4o-mini")
                #expect(span.kind == .client)
                let attributes = span.attributes
                #expect(attributes.string("gen_ai.operation.name") == "chat")
                #expect(attributes.string("gen_ai.provider.name") == "openai")
                #expect(attributes.string("gen_ai.request.model") == "gpt-4o-mini")
                #expect(attributes.int("gen_ai.request.max_tokens") == 50)
                #expect(attributes.double("gen_ai.request.temperature") == 0.25)
                #expect(attributes.string("gen_ai.response.id") == completion.id)
                #expect(attributes.string("gen_ai.response.model") == completion.model)
                #expect(attributes.strings("gen_ai.response.finish_reasons") == ["stop"])
                #expect(attributes.int("gen_ai.usage.input_tokens") == completion.usage.promptTokens)
                #expect(attributes.int("gen_ai.usage.output_tokens") == completion.usage.completionTokens)
                #expect(attributes.string("server.address") == sandbox.baseURL.host)
                #expect(attributes.int("server.port") == sandbox.baseURL.port)
                #expect(attributes.int("http.response.status_code") == 200)
                #expect(attributes.get("gen_ai.input.messages") == nil, "contents are recorded only when asked")
                #expect(span.status == nil && span.errors.isEmpty)

                // The trace context went to the provider with the request.
                let sent = try #require(sandbox.requests.last)
                #expect(sent.headers[HTTPField.Name(InMemoryTracer.traceIDKey)!] == span.traceID)
                #expect(sent.headers[HTTPField.Name(InMemoryTracer.spanIDKey)!] == span.spanID)

                let labels = [
                    "gen_ai.operation.name": "chat", "gen_ai.provider.name": "openai",
                    "gen_ai.request.model": "gpt-4o-mini", "gen_ai.response.model": completion.model,
                ]
                #expect(metrics.recorded("gen_ai.client.operation.duration", where: labels).count == 1)
                var input = labels
                input["gen_ai.token.type"] = "input"
                var output = labels
                output["gen_ai.token.type"] = "output"
                #expect(metrics.recorded("gen_ai.client.token.usage", where: input) == [Double(completion.usage.promptTokens)])
                #expect(metrics.recorded("gen_ai.client.token.usage", where: output) == [Double(completion.usage.completionTokens)])
                #expect(metrics.labelNames.isSubset(of: Self.boundedLabels), "\(metrics.labelNames)")
            }
        }
    }

    /// Labels whose values come from a small set: never an id, a URL path or text.
    static let boundedLabels: Set<String> = [
        "gen_ai.operation.name", "gen_ai.provider.name", "gen_ai.request.model", "gen_ai.response.model",
        "gen_ai.token.type", "server.address", "error.type", "swiftai.operation", "http.request.method",
        "http.response.status_code",
    ]

    @Test("the span is a child of the caller's span")
    func childOfTheCallersSpan() async throws {
        try await withSandbox { sandbox in
            try await observed { tracer, _ in
                let service = openAI(sandbox)
                try await withSpan("bedtime story") { _ in
                    _ = try await service.startChat(
                        parameters: ChatCompletionParameters(messages: [.init(role: .user, content: .text("Hi"))], model: .gpt4oMini))
                }
                let spans = tracer.finishedSpans
                let parent = try #require(spans.first { $0.operationName == "bedtime story" })
                let child = try #require(spans.first { $0.operationName == "chat gpt-4o-mini" })
                #expect(child.traceID == parent.traceID)
                #expect(child.parentSpanID == parent.spanID)
            }
        }
    }

    @Test("a Responses stream: an event at the first output chunk, usage from the last event, chunk timings")
    func responsesStream() async throws {
        try await withSandbox { sandbox in
            try await observed { tracer, metrics in
                let stream = try await openAI(sandbox).responseCreateStream(
                    ModelResponseParameter(input: .string("Tell me a story"), model: .gpt4oMini))
                var deltas = 0
                let final = try await stream.accumulate { event in
                    if case .outputTextDelta = event { deltas += 1 }
                }
                #expect(deltas > 1)

                let span = try #require(tracer.finishedSpans.only)
                #expect(span.operationName == "chat gpt-4o-mini")
                #expect(span.events.map(\.name).filter { $0 == "gen_ai.first_chunk" }.count == 1)
                #expect(span.attributes.string("gen_ai.response.id") == final.id)
                #expect(span.attributes.strings("gen_ai.response.finish_reasons") == ["completed"])
                #expect(span.attributes.int("gen_ai.usage.input_tokens") == final.usage?.inputTokens)
                #expect(span.attributes.int("gen_ai.usage.output_tokens") == final.usage?.outputTokens)
                #expect(span.attributes.bool("swiftai.stream.cancelled") == nil)

                #expect(metrics.recorded("gen_ai.client.operation.time_to_first_chunk").count == 1)
                #expect(metrics.recorded("gen_ai.client.operation.time_per_output_chunk").count == deltas - 1)
                #expect(metrics.recorded("gen_ai.client.token.usage", where: ["gen_ai.token.type": "output"]) == [
                    Double(final.usage?.outputTokens ?? -1)
                ])
            }
        }
    }

    @Test("an Anthropic stream that calls a tool: provider, stop reason tool_use, first chunk, cache-aware usage")
    func anthropicToolStream() async throws {
        try await withSandbox { sandbox in
            try await observed { tracer, metrics in
                let weather = MessageParameter.Tool(
                    name: "get_weather", description: "Get the current weather in a given location",
                    inputSchema: .init(type: .object, properties: ["location": .init(type: .string)], required: ["location"]))
                let parameter = MessageParameter(
                    model: .claude35Haiku, messages: [.init(role: .user, content: "What is the weather like in Paris?")],
                    maxTokens: 200, tools: [weather])
                let message = try await anthropic(sandbox).streamMessage(parameter).accumulate()
                #expect(message.stopReason == "tool_use")

                let span = try #require(tracer.finishedSpans.only)
                #expect(span.operationName == "chat \(message.model)" || span.operationName.hasPrefix("chat claude"))
                #expect(span.attributes.string("gen_ai.provider.name") == "anthropic")
                #expect(span.attributes.int("gen_ai.request.max_tokens") == 200)
                #expect(span.attributes.string("gen_ai.response.id") == message.id)
                #expect(span.attributes.strings("gen_ai.response.finish_reasons") == ["tool_use"])
                #expect(span.attributes.int("gen_ai.usage.output_tokens") == message.usage.outputTokens)
                #expect(span.attributes.int("gen_ai.usage.input_tokens") == message.usage.inputTokens)
                #expect(span.events.contains { $0.name == "gen_ai.first_chunk" })
                #expect(metrics.recorded("gen_ai.client.operation.time_to_first_chunk", where: ["gen_ai.provider.name": "anthropic"]).count == 1)
            }
        }
    }

    @Test("an error after retries: a retry event per failed attempt, the error type, error and retry counters")
    func errorWithRetries() async throws {
        try await withSandbox { sandbox in
            try await observed { tracer, metrics in
                for _ in 0..<3 { sandbox.enqueue(.status(503, message: "busy"), path: "/v1/chat/completions") }
                let error = try await #require(throws: APIError.self) {
                    try await openAI(sandbox, maxRetries: 2).startChat(
                        parameters: ChatCompletionParameters(messages: [.init(role: .user, content: .text("Hi"))], model: .gpt4oMini))
                }
                #expect(error.attempts == 3)

                let span = try #require(tracer.finishedSpans.only)
                let retries = span.events.filter { $0.name == "swiftai.retry" }
                #expect(retries.count == 2)
                #expect(retries.map { $0.attributes.int("swiftai.attempt") } == [1, 2])
                #expect(retries.allSatisfy { $0.attributes.string("error.type") == error.kind.rawValue })
                #expect(span.attributes.int("http.request.resend_count") == 2)
                #expect(span.attributes.string("error.type") == error.kind.rawValue)
                #expect(span.attributes.int("http.response.status_code") == 503)
                #expect(span.status?.code == .error)
                #expect(span.errors.count == 1)

                #expect(metrics.counted("swiftai.client.retries", where: ["gen_ai.operation.name": "chat"]) == 2)
                #expect(metrics.counted("swiftai.client.errors", where: ["error.type": error.kind.rawValue]) == 1)
                #expect(metrics.recorded("gen_ai.client.operation.duration", where: ["error.type": error.kind.rawValue]).count == 1)
            }
        }
    }

    @Test("a stream let go of after its first event ends its span, marked as cut short and not as an error")
    func cancelledStream() async throws {
        try await withSandbox { sandbox in
            try await observed { tracer, _ in
                // The rest of the answer comes later, so the first batch can't hold the finish reason.
                sandbox.enqueue(.stall(afterEvents: 2, seconds: 2), path: "/v1/chat/completions")
                do {
                    let stream = try await openAI(sandbox).startStreamedChat(
                        parameters: ChatCompletionParameters(
                            messages: [.init(role: .user, content: .text("A long story please"))], model: .gpt4oMini))
                    for try await _ in stream { break }
                }
                let span = try #require(tracer.finishedSpans.only)
                #expect(span.attributes.bool("swiftai.stream.cancelled") == true)
                #expect(span.events.contains { $0.name == "swiftai.cancelled" })
                #expect(span.status == nil)
            }
        }
    }

    @Test("a consumer that stops at the final event ends a complete span, not a cut-short one")
    func stopsAtTheFinalEvent() async throws {
        try await withSandbox { sandbox in
            try await observed { tracer, _ in
                var usage: ResponseModel.Usage?
                do {
                    let stream = try await openAI(sandbox).responseCreateStream(
                        ModelResponseParameter(input: .string("A short story"), model: .gpt4oMini))
                    for try await event in stream {
                        if case .responseCompleted(let completed) = event {
                            usage = completed.response.usage
                            break
                        }
                    }
                }
                let span = try #require(tracer.finishedSpans.only)
                #expect(span.attributes.bool("swiftai.stream.cancelled") == nil)
                #expect(span.attributes.strings("gen_ai.response.finish_reasons") == ["completed"])
                #expect(span.attributes.int("gen_ai.usage.output_tokens") == usage?.outputTokens)
            }
        }
    }

    @Test("a Realtime session is one span, from the handshake until it is closed")
    func realtimeSession() async throws {
        try await withSandbox { sandbox in
            try await observed { tracer, _ in
                let session = try await openAI(sandbox).realtimeSession(
                    model: "gpt-realtime", connection: RealtimeConnectionOptions(transport: .automatic))
                #expect(tracer.finishedSpans.isEmpty, "the session's span is open while the session is")
                let handshake = try #require(sandbox.requests.last { $0.path.hasSuffix("/realtime") })
                await session.close()
                let span = try #require(tracer.finishedSpans.only)
                #expect(span.operationName == "realtime gpt-realtime")
                #expect(span.attributes.string("gen_ai.operation.name") == "realtime")
                #expect(span.attributes.int("http.response.status_code") == 101)
                #expect(handshake.headers[HTTPField.Name(InMemoryTracer.traceIDKey)!] == span.traceID)
            }
        }
    }

    @Test("a call that isn't a generation: an HTTP client span and the HTTP duration metric")
    func plainCall() async throws {
        try await withSandbox { sandbox in
            try await observed { tracer, metrics in
                _ = try await openAI(sandbox).listModels()
                let span = try #require(tracer.finishedSpans.only)
                #expect(span.operationName == "GET models")
                #expect(span.attributes.string("swiftai.operation") == "models")
                #expect(span.attributes.string("http.request.method") == "GET")
                #expect(span.attributes.get("gen_ai.operation.name") == nil)
                #expect(span.attributes.string("url.full")?.hasSuffix("/v1/models") == true)
                #expect(metrics.recorded("http.client.request.duration", where: ["swiftai.operation": "models", "http.response.status_code": "200"]).count == 1)
                #expect(metrics.recorded("gen_ai.client.operation.duration").isEmpty)
            }
        }
    }

    @Test("message contents are on the span only when the service asks for them")
    func contentsOptIn() async throws {
        try await withSandbox { sandbox in
            try await observed { tracer, _ in
                let parameters = ChatCompletionParameters(
                    messages: [.init(role: .system, content: .text("Be brief")), .init(role: .user, content: .text("Hello moon"))],
                    model: .gpt4oMini)
                let completion = try await openAI(sandbox, telemetry: TelemetryOptions(recordsContent: true))
                    .startChat(parameters: parameters)
                let span = try #require(tracer.finishedSpans.only)
                let input = try #require(span.attributes.string("gen_ai.input.messages"))
                #expect(input.contains("Hello moon") && input.contains("Be brief"))
                let output = try #require(span.attributes.string("gen_ai.output.messages"))
                let text = try #require(completion.choices.first?.message.content)
                #expect(output.contains("\"role\":\"assistant\"") && output.contains(text))
            }
        }
    }

    @Test("a service with telemetry off, and a task with no tracer or metrics, are not observed")
    func notObserved() async throws {
        try await withSandbox { sandbox in
            try await observed { tracer, metrics in
                _ = try await openAI(sandbox, telemetry: .disabled).listModels()
                #expect(tracer.finishedSpans.isEmpty && metrics.recorders.isEmpty && metrics.counters.isEmpty)
            }
            // Nothing bootstrapped: the call's telemetry is never made.
            let request = APIRequest(method: .get, path: "/models")
            let configuration = ClientConfiguration(baseURL: sandbox.baseURL)
            #expect(CallTelemetry.start(request, url: sandbox.baseURL, configuration: configuration) == nil)
        }
    }
}
#endif
