import AICore
import AISandbox
import Foundation
import SwiftAnthropic
import SwiftOpenAI

#if SWIFTAI_NIO
import AsyncHTTPClient
#endif

/// `swiftai-bench --load [--quick]`: many streams at once, and a long run of plain requests with and without
/// injected faults, against the sandbox process. Prints whether every answer was whole, time, resident memory
/// and open file descriptors — the numbers that show leaks or unbounded buffering.
enum LoadBenchmark {
    static func run(server: BenchServer, quick: Bool) async throws {
        let streams = quick ? 200 : 1_000
        let sequential = quick ? 10_000 : 100_000
        say("Load: \(streams) concurrent streams per provider, \(sequential) sequential requests (plain, then 10% faulted)\n")
        #if SWIFTAI_NIO
        var configuration = HTTPClient.Configuration()
        configuration.connectionPool.concurrentHTTP1ConnectionsPerHostSoftLimit = streams
        configuration.redirectConfiguration = .disallow
        let client = HTTPClient(eventLoopGroupProvider: .singleton, configuration: configuration)
        let transport: any HTTPTransport = AsyncHTTPClientTransport(client: client)
        #else
        let transport: any HTTPTransport = DefaultTransport.make()
        #endif
        let fdStart = openDescriptors()
        let rssStart = Measure.currentRSSKilobytes()
        say("  start: RSS \(rssStart / 1024) MB, \(fdStart) file descriptors")
        let policy = RetryPolicy(maxRetries: 2, initialDelay: 0.001, maxDelay: 0.01)
        let openAI = OpenAIServiceFactory.service(apiKey: "sk-bench", overrideBaseURL: server.baseURL, transport: transport, retryPolicy: policy)
        let anthropic = AnthropicServiceFactory.service(apiKey: "sk-ant-bench", basePath: server.baseURL, transport: transport, retryPolicy: policy)

        for provider in ["chat", "anthropic"] {
            // Each answer is written in 64-byte pieces 5 ms apart, so the streams are really open together.
            try server.behavior(#"{"split_every": 64, "write_interval": 0.005, "times": \#(streams)}"#)
            let sampler = RSSSampler()
            let started = Measure.wallSeconds()
            let whole = try await withThrowingTaskGroup(of: Bool.self) { group in
                for index in 0..<streams {
                    group.addTask {
                        let prompt = "stream \(index)"
                        var text = ""
                        if provider == "chat" {
                            let parameters = ChatCompletionParameters(messages: [.init(role: .user, content: .text(prompt))], model: .gpt4oMini)
                            for try await chunk in try await openAI.startStreamedChat(parameters: parameters) {
                                text += chunk.choices.first?.delta.content ?? ""
                            }
                        } else {
                            let parameters = SwiftAnthropic.MessageParameter(model: .claude35Haiku, messages: [.init(role: .user, content: .text(prompt))], maxTokens: 256)
                            for try await event in try await anthropic.streamMessage(parameters) {
                                if case .contentBlockDelta(_, .text(let delta)) = event.event { text += delta }
                            }
                        }
                        return text.hasSuffix("You said: \(prompt)")
                    }
                }
                var whole = 0
                for try await ok in group where ok { whole += 1 }
                return whole
            }
            let seconds = Measure.wallSeconds() - started
            let peak = await sampler.stop()
            let fdAfter = openDescriptors()
            say(String(
                format: "  %@: %d/%d streams whole in %.2f s; peak RSS %d MB (+%.0f KB per stream); %d descriptors at the peak, %d after",
                provider as NSString, whole, streams, seconds, peak.rss / 1024, Double(peak.rss - rssStart) / Double(streams), peak.descriptors, fdAfter))
        }

        for faulted in [false, true] {
            var random = SplitMix64(seed: 42)
            var outcomes: [String: Int] = [:]
            var rssAt: [Int] = []
            var fdAt: [Int] = []
            let started = Measure.wallSeconds()
            for index in 0..<sequential {
                if faulted, random.below(10) == 0 {
                    let faults = [
                        #"{"path": "/v1/models", "status": 500}"#, #"{"path": "/v1/models", "close_before_head": true}"#,
                        #"{"path": "/v1/models", "status": 429, "retry_after": 0.001}"#, #"{"path": "/v1/models", "malformed_json": true}"#,
                        #"{"path": "/v1/models", "status": 400}"#,
                    ]
                    try server.behavior(faults[random.below(faults.count)])
                }
                do {
                    _ = try await openAI.listModels()
                    outcomes["ok", default: 0] += 1
                } catch let error as APIError {
                    outcomes[error.kind.rawValue, default: 0] += 1
                }
                if (index + 1) % (sequential / 10) == 0 {
                    rssAt.append(Measure.currentRSSKilobytes())
                    fdAt.append(openDescriptors())
                }
            }
            let seconds = Measure.wallSeconds() - started
            say(String(
                format: "  %d sequential GET /v1/models%@: %.1f s (%.0f µs each); RSS at 10%% %d MB → at 100%% %d MB; descriptors %@",
                sequential, faulted ? " with 10% faulted" : "", seconds, seconds / Double(sequential) * 1e6,
                (rssAt.first ?? 0) / 1024, (rssAt.last ?? 0) / 1024, fdAt.map(String.init).joined(separator: ",") as NSString))
            say("    outcomes: " + outcomes.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", "))
        }
        try await transport.shutdown()
        #if SWIFTAI_NIO
        try await client.shutdown()
        #endif
        try await Task.sleep(nanoseconds: 200_000_000)
        say("  end: RSS \(Measure.currentRSSKilobytes() / 1024) MB, \(openDescriptors()) file descriptors (start \(fdStart))")
    }

    /// Open file descriptors of this process (Linux: /proc/self/fd; -1 elsewhere).
    static func openDescriptors() -> Int {
        (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd").count) ?? -1
    }
}

/// Samples resident memory and descriptors every 10 ms until stopped; reports the peaks.
final class RSSSampler: Sendable {
    private let state = LockedValue((rss: 0, descriptors: 0, running: true))
    private let task: Task<Void, Never>

    init() {
        let state = state
        task = Task.detached {
            while state.withLock({ $0.running }) {
                Self.record(state)
                try? await Task.sleep(nanoseconds: 10_000_000)
            }
        }
    }

    private static func record(_ state: LockedValue<(rss: Int, descriptors: Int, running: Bool)>) {
        let rss = Measure.currentRSSKilobytes()
        let descriptors = LoadBenchmark.openDescriptors()
        state.withLock { $0 = (max($0.rss, rss), max($0.descriptors, descriptors), $0.running) }
    }

    func stop() async -> (rss: Int, descriptors: Int) {
        state.withLock { $0.running = false }
        await task.value
        Self.record(state)
        let peak = state.current
        return (peak.rss, peak.descriptors)
    }
}
