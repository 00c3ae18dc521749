@_spi(Streaming) import AICore
import AISandbox
import BenchMallocCounter
import Foundation
import SwiftAnthropic
import SwiftOpenAI

/// Where the loop that consumes a stream runs.
enum Consumer: String, CaseIterable, Hashable {
    case nonisolated
    case mainActor = "main actor"
    case actor
}

/// One stream measured end to end.
struct StreamResult {
    var kind: BenchmarkStream
    var consumer: Consumer
    var events: Int
    var seconds: Double
    var cpu: Double
    /// The highest resident set size seen while the stream was read, in kilobytes.
    var rssKB: Int
    /// Heap allocations per event (the process's, while the stream was read), nil where they can't be counted.
    var allocationsPerEvent: Double?
    var eventsPerSecond: Double { Double(events) / seconds }
    var cpuMicrosPerEvent: Double { cpu / Double(events) * 1e6 }
}

/// Consumes streams on an actor of its own.
actor StreamSink {
    func drain<Element>(_ stream: AIStream<Element>) async throws -> (count: Int, rssKB: Int) {
        try await Benchmark.drainLoop(stream)
    }
}

extension Benchmark {
    /// The clients of every stream kind, pointed at the sandbox process.
    struct Clients {
        let openAI: any OpenAIService
        let anthropic: any AnthropicService

        init(baseURL: String, transport: any HTTPTransport = DefaultTransport.shared) {
            openAI = OpenAIServiceFactory.service(apiKey: "sk-bench", overrideBaseURL: baseURL, transport: transport)
            anthropic = AnthropicServiceFactory.service(apiKey: "sk-ant-bench", basePath: baseURL, transport: transport)
        }
    }

    /// Streams `events` events of `kind` from the sandbox process and consumes them on `consumer`.
    static func measureStream(
        _ kind: BenchmarkStream, consumer: Consumer, events: Int, server: BenchServer, clients: Clients
    ) async throws -> StreamResult {
        try server.enqueue(kind, events: events)
        let wallStart = Measure.wallSeconds()
        let cpuStart = Measure.cpuSeconds()
        let mallocStart = bench_malloc_count()
        let (count, rss): (Int, Int)
        switch kind {
        case .chat:
            let parameters = ChatCompletionParameters(messages: [.init(role: .user, content: .text("go"))], model: .gpt4oMini)
            (count, rss) = try await drain(try await clients.openAI.startStreamedChat(parameters: parameters), on: consumer)
        case .responses:
            let parameters = ModelResponseParameter(input: .string("go"), model: .gpt4oMini)
            (count, rss) = try await drain(try await clients.openAI.responseCreateStream(parameters), on: consumer)
        case .anthropic:
            let parameters = MessageParameter(
                model: .claude35Sonnet, messages: [.init(role: .user, content: "go")], maxTokens: 1024)
            (count, rss) = try await drain(try await clients.anthropic.streamMessage(parameters), on: consumer)
        case .assistants:
            let stream = try await clients.openAI.createRunAndStreamMessage(
                threadID: "thread_bench", parameters: RunParameter(assistantID: "asst_bench"))
            (count, rss) = try await drain(stream, on: consumer)
        }
        let result = StreamResult(
            kind: kind, consumer: consumer, events: count, seconds: Measure.wallSeconds() - wallStart,
            cpu: Measure.cpuSeconds() - cpuStart, rssKB: rss,
            allocationsPerEvent: mallocStart == .max ? nil : Double(bench_malloc_count() - mallocStart) / Double(count))
        guard count >= events else { throw BenchError("\(kind): received \(count) of \(events) events") }
        return result
    }

    static func drain<Element>(_ stream: AIStream<Element>, on consumer: Consumer) async throws -> (count: Int, rssKB: Int) {
        switch consumer {
        case .nonisolated: try await drainLoop(stream)
        case .mainActor: try await drainOnMainActor(stream)
        case .actor: try await StreamSink().drain(stream)
        }
    }

    @MainActor
    static func drainOnMainActor<Element>(_ stream: AIStream<Element>) async throws -> (count: Int, rssKB: Int) {
        try await drainLoop(stream)
    }

    /// The loop an app writes; runs on the caller's actor. Samples the resident set every 16,384 events.
    static func drainLoop<Element>(
        _ stream: AIStream<Element>, isolation: isolated (any Actor)? = #isolation
    ) async throws -> (count: Int, rssKB: Int) {
        var count = 0
        var rss = Measure.currentRSSKilobytes()
        for try await _ in stream {
            count &+= 1
            if count & 16383 == 0 { rss = max(rss, Measure.currentRSSKilobytes()) }
        }
        return (count, max(rss, Measure.currentRSSKilobytes()))
    }

    /// How one event is decoded in the decode-only measurements.
    enum DecodePath: String, CaseIterable {
        /// Foundation's `JSONDecoder`: the reference, and the floor the targets are relative to.
        case foundation = "JSONDecoder"
        /// AICore's `FastJSONDecoder`, which every stream uses.
        case fast = "FastJSONDecoder"
        /// The hand-written `JSONReader` readers of each kind's hot event.
        case reader = "hand-written reader"
    }

    /// CPU µs to decode the kind's repeated event into the SDK's model along `path` (best of `repeats`).
    static func decodeMicros(_ kind: BenchmarkStream, path: DecodePath, iterations: Int, repeats: Int = 3) throws -> Double {
        let data = Data(kind.eventJSON.utf8)
        let foundation = JSONDecoder()
        let fast = FastJSONDecoder()
        func decode<T: Decodable>(_ type: T.Type) throws -> T {
            switch path {
            case .foundation: return try foundation.decode(type, from: data)
            case .fast: return try fast.decode(type, from: data)
            case .reader:
                if T.self == ChatCompletionChunkObject.self {
                    return try ChatCompletionChunkObject.decode(from: data, fallback: fast) as! T
                }
                if T.self == ResponseStreamEvent.self, let event = try ResponseStreamEvent.readDelta(data) { return event as! T }
                if T.self == MessageStreamResponse.self, let event = try MessageStreamResponse.readFragment(data) { return event as! T }
                if T.self == MessageDeltaObject.self, let delta = try MessageDeltaObject.readTextFragment(data) { return delta as! T }
                throw BenchError("no hand-written reader for \(T.self)")
            }
        }
        var best = Double.infinity
        for _ in 0..<repeats {
            let started = Measure.cpuSeconds()
            for _ in 0..<iterations {
                switch kind {
                case .chat: _ = try decode(ChatCompletionChunkObject.self)
                case .responses: _ = try decode(ResponseStreamEvent.self)
                case .anthropic: _ = try decode(MessageStreamResponse.self)
                case .assistants: _ = try decode(MessageDeltaObject.self)
                }
            }
            best = min(best, Measure.cpuSeconds() - started)
        }
        return best / Double(iterations) * 1e6
    }
}
