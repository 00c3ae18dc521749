import AICore
import AISandbox
import Foundation
import SwiftOpenAI

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Writes a line to standard output at once (so progress shows even when piped).
func say(_ text: String = "") {
    FileHandle.standardOutput.write(Data((text + "\n").utf8))
}

/// Prints SwiftAI's performance numbers. Build with `-c release`:
/// `swift run -c release swiftai-bench [--quick] [--only chat|responses|anthropic|assistants]`; `--load` runs the
/// load and soak measurements instead (see ``LoadBenchmark``), `--realtime` only the Realtime sessions, `--paced` only
/// the streams paced one event per network read, `--once KIND CONSUMER EVENTS` one stream (for instruction counts),
/// `--compare-python [PYTHON]` the official Python SDKs' streaming loops against this SDK's.
@main
struct Benchmark {
    static func main() async throws {
        if CommandLine.arguments.contains("--serve") { return try await BenchServer.serve() }
        let quick = CommandLine.arguments.contains("--quick")
        if CommandLine.arguments.contains("--load") {
            let server = try BenchServer()
            defer { server.stop() }
            return try await LoadBenchmark.run(server: server, quick: quick)
        }
        if let python = pythonInterpreter() {
            let server = try BenchServer()
            defer { server.stop() }
            let clients = Clients(baseURL: server.baseURL)
            // Warm connections and caches on both sides first.
            _ = try await measureStream(.chat, consumer: .mainActor, events: 2_000, server: server, clients: clients)
            return try await comparePython(python: python, events: quick ? 5_000 : 20_000, server: server, clients: clients)
        }
        if let index = CommandLine.arguments.firstIndex(of: "--once") {
            return try await once(arguments: CommandLine.arguments.dropFirst(index + 1))
        }
        if CommandLine.arguments.contains("--paced") {
            // Only the paced streams (one event per network read), for profiling the cost of a wake-up.
            let server = try BenchServer()
            defer { server.stop() }
            let service = OpenAIServiceFactory.service(apiKey: "sk-bench", overrideBaseURL: server.baseURL)
            return try await paced(server: server, service: service, deltas: quick ? 1_000 : 5_000)
        }
        if CommandLine.arguments.contains("--realtime") {
            let server = try BenchServer()
            defer { server.stop() }
            say("Realtime over WebSocket (one session, responses read to response.done; the client's CPU)")
            return try await realtime(server: server, responses: quick ? 100 : 500)
        }
        say("SwiftAI benchmark (\(quick ? "quick" : "full") run)\n")
        let server = try BenchServer()
        defer { server.stop() }
        let clients = Clients(baseURL: server.baseURL)
        let small = quick ? 20_000 : 100_000
        let large = quick ? 200_000 : 1_000_000
        let iterations = quick ? 20_000 : 100_000

        // Streams first, so the resident sets they report are not the parser benchmark's large buffers.
        say("Streams, end to end over loopback (the sandbox runs in a child process: CPU is the client's alone)")
        var rows: [StreamRow] = []
        // `--only KIND` measures one stream kind and stops (for profiling with perf or valgrind).
        let only = CommandLine.arguments.firstIndex(of: "--only").flatMap { index in
            CommandLine.arguments.dropFirst(index + 1).first.flatMap(BenchmarkStream.init(rawValue:))
        }
        for kind in BenchmarkStream.allCases where only == nil || only == kind {
            // A short stream first, so connections and caches are warm.
            _ = try await measureStream(kind, consumer: .nonisolated, events: 2_000, server: server, clients: clients)
            let floor = try decodeMicros(kind, path: .foundation, iterations: iterations)
            let fast = try decodeMicros(kind, path: .fast, iterations: iterations)
            var line = String(format: "decode only: JSONDecoder %.2f µs, FastJSONDecoder %.2f µs (%.2f ×)", floor, fast, fast / floor)
            let reader = try decodeMicros(kind, path: .reader, iterations: iterations)
            line += String(format: ", hand-written reader %.2f µs (%.2f ×)", reader, reader / floor)
            say("  " + pad(kind.rawValue, 11) + line)
            // Three rounds over the consumers, interleaved, and the median of each: this VM's speed drifts by tens of
            // percent within a minute, which a single run per consumer turns into a false main-actor penalty (or gain).
            var runs: [Consumer: [StreamResult]] = [:]
            for _ in 0..<3 {
                for consumer in Consumer.allCases {
                    runs[consumer, default: []].append(try await measureStream(kind, consumer: consumer, events: small, server: server, clients: clients))
                }
            }
            let results = Consumer.allCases.map { consumer in
                runs[consumer, default: []].sorted { $0.cpuMicrosPerEvent < $1.cpuMicrosPerEvent }[1]
            }
            let big = try await measureStream(kind, consumer: .nonisolated, events: large, server: server, clients: clients)
            let row = StreamRow(kind: kind, floorMicros: floor, results: results, large: big)
            row.print()
            rows.append(row)
        }
        if only != nil { return }
        let session = URLSessionTransport()
        let sessionChat = try await measureStream(
            .chat, consumer: .nonisolated, events: small, server: server, clients: Clients(baseURL: server.baseURL, transport: session))
        try await session.shutdown()
        say(String(format: "  chat over URLSessionTransport, nonisolated: %.0f events/s, %.2f µs CPU per event",
                   sessionChat.eventsPerSecond, sessionChat.cpuMicrosPerEvent))
        say("")

        say("First-event latency (server writes the first event's bytes → the caller's loop has it)")
        var latency: [(String, [Double])] = []
        for (label, transport) in [("AsyncHTTPClient", DefaultTransport.make()), ("URLSession", URLSessionTransport() as any HTTPTransport)] {
            let samples = try await firstEventLatency(runs: quick ? 200 : 1_000, server: server, clients: Clients(baseURL: server.baseURL, transport: transport))
            try await transport.shutdown()
            say("  " + pad(label, 16) + String(format: "p50 %.0f µs, p99 %.0f µs (%d streams)", Measure.percentile(samples, 50), Measure.percentile(samples, 99), samples.count))
            latency.append((label, samples))
        }
        say("")

        say("Realtime over WebSocket (one session, responses read to response.done; the client's CPU)")
        try await realtime(server: server, responses: quick ? 100 : 500)
        say("")

        say("Concurrent chat streams (aggregate events/s)")
        var concurrency: [(Int, Double)] = []
        for streams in [1, 10, 100] {
            let rate = try await concurrentStreams(streams, total: quick ? 100_000 : 500_000, server: server, clients: clients)
            say("  " + pad("\(streams)", 4) + String(format: "streams: %.0f events/s", rate))
            concurrency.append((streams, rate))
        }
        say("")

        say("Plain request round trip, GET /v1/models (SDK vs a bare AsyncHTTPClient request to the same server)")
        let trips = try await roundTrips(requests: quick ? 500 : 2_000, server: server, clients: clients)
        say(String(format: "  SDK: p50 %.0f µs, p99 %.0f µs", Measure.percentile(trips.sdk, 50), Measure.percentile(trips.sdk, 99)))
        if let raw = trips.raw {
            say(String(format: "  raw: p50 %.0f µs, p99 %.0f µs", Measure.percentile(raw, 50), Measure.percentile(raw, 99)))
        }
        say("")

        say("Embeddings response, 100 × 3,072 dimensions (ms CPU to decode)")
        let bare = try embeddingsDecode { try JSONDecoder().decode(OpenAIResponse<EmbeddingObject>.self, from: $0) }
        say(String(format: "  JSONDecoder:      floats %.1f ms, base64 %.1f ms", bare.floats, bare.base64))
        let fastEmbeddings = try embeddingsDecode { try FastJSONDecoder().decode(OpenAIResponse<EmbeddingObject>.self, from: $0) }
        say(String(format: "  FastJSONDecoder:  floats %.1f ms, base64 %.1f ms (what the SDK uses)", fastEmbeddings.floats, fastEmbeddings.base64))
        say("")
        let parser = parserThroughput(events: quick ? 20_000 : 200_000)
        let largeEvent = largeEvent()
        say("")
        summarize(
            rows: rows, latency: latency, concurrency: concurrency, trips: trips, embeddings: fastEmbeddings, parser: parser,
            largeEvent: largeEvent)
    }

    // MARK: (a) parser

    static let chunkEvent = Array("data: \(Sandbox.benchmarkChunkJSON)\n\n".utf8)

    /// Feeds `events` chat-chunk events in 16 KB network chunks; returns MB/s.
    static func parserThroughput(events: Int) -> Double {
        var body: [UInt8] = []
        body.reserveCapacity(chunkEvent.count * events)
        for _ in 0..<events { body += chunkEvent }
        let pieces = stride(from: 0, to: body.count, by: 16 * 1024).map {
            Data(body[$0..<min(body.count, $0 + 16 * 1024)])
        }
        var best = Double.infinity
        for _ in 0..<3 {
            var parser = ServerSentEventParser()
            var count = 0
            let started = Measure.cpuSeconds()
            for piece in pieces { parser.parse(piece) { _ in count += 1 } }
            best = min(best, Measure.cpuSeconds() - started)
            precondition(count == events)
        }
        let megabytes = Double(body.count) / 1_048_576
        say(String(format: "(a) SSE parser, chat chunks: %.0f MB/s, %.2f M events/s (%d events, %.1f MB, 16 KB reads)",
                     megabytes / best, Double(events) / best / 1e6, events, megabytes))
        return megabytes / best
    }

    /// Parses one 4 MB single-line event fed in 64 KB reads; returns milliseconds.
    static func largeEvent() -> Double {
        let body = Array(("data: " + String(repeating: "y", count: 4 * 1_048_576) + "\n\n").utf8)
        let pieces = stride(from: 0, to: body.count, by: 64 * 1024).map { Data(body[$0..<min(body.count, $0 + 64 * 1024)]) }
        var best = Double.infinity
        for _ in 0..<3 {
            var parser = ServerSentEventParser()
            var size = 0
            let started = Measure.wallSeconds()
            for piece in pieces { parser.parse(piece) { size = $0.data.count } }
            best = min(best, Measure.wallSeconds() - started)
            precondition(size == 4 * 1_048_576)
        }
        say(String(format: "(a) SSE parser, one 4 MB event: %.2f ms", best * 1000))
        return best * 1000
    }

    // MARK: summary

    static func summarize(
        rows: [StreamRow], latency: [(String, [Double])], concurrency: [(Int, Double)], trips: (sdk: [Double], raw: [Double]?),
        embeddings: (floats: Double, base64: Double), parser: Double, largeEvent: Double
    ) {
        func verdict(_ ok: Bool) -> String { ok ? "ok" : "MISSED" }
        say("Summary (events/s | CPU µs per event | × bare JSONDecoder of the same event; allocations per event; RSS growth at 10× the events)")
        say("  stream      nonisolated               main actor                actor                     allocs   RSS")
        for row in rows { say("  " + row.summaryLine) }
        for (label, samples) in latency {
            say("  first event, " + pad(label, 16) + String(format: "p50 %4.0f µs  p99 %4.0f µs", Measure.percentile(samples, 50), Measure.percentile(samples, 99)))
        }
        say("  concurrent streams: " + concurrency.map { String(format: "%d → %.0f events/s", $0.0, $0.1) }.joined(separator: ", "))
        let sdkP50 = Measure.percentile(trips.sdk, 50)
        let rawP50 = trips.raw.map { Measure.percentile($0, 50) }
        say(String(format: "  round trip p50/p99: SDK %.0f/%.0f µs", sdkP50, Measure.percentile(trips.sdk, 99))
            + (trips.raw.map { String(format: ", raw AsyncHTTPClient %.0f/%.0f µs", Measure.percentile($0, 50), Measure.percentile($0, 99)) } ?? ""))
        say(String(format: "  embeddings 100 × 3,072: floats %.1f ms, base64 %.1f ms", embeddings.floats, embeddings.base64))
        say("")
        say("Targets:")
        for row in rows {
            let slowest = row.results.map(\.eventsPerSecond).min() ?? 0
            let worstRatio = row.results.map { $0.cpuMicrosPerEvent / row.floorMicros }.max() ?? .infinity
            let name = pad(row.kind.rawValue, 11)
            say("  " + name + String(format: "≥ 150,000 events/s on every consumer ... %7.0f    %@", slowest, verdict(slowest >= 150_000)))
            say("  " + name + String(format: "CPU ≤ 0.3 × bare JSONDecoder ........... %7.2f ×  %@", worstRatio, verdict(worstRatio <= 0.3)))
            say("  " + name + String(format: "main actor ≤ 1.1 × nonisolated CPU ..... %7.2f ×  %@", row.mainActorRatio, verdict(row.mainActorRatio <= 1.1)))
            say("  " + name + String(format: "RSS growth at 10× the events ≤ 10%% ..... %+6.1f%%   %@", row.rssGrowth, verdict(row.rssGrowth <= 10)))
        }
        for (label, samples) in latency {
            let p99 = Measure.percentile(samples, 99)
            say("  " + pad("first event", 11) + "p99 < 1 ms, " + pad(label + " ", 28).replacingOccurrences(of: "  ", with: " .") + String(format: "%7.0f µs  %@", p99, verdict(p99 < 1_000)))
        }
        if let single = concurrency.first?.1, let hundred = concurrency.last?.1 {
            let share = hundred / single
            say("  " + pad("100 streams", 11) + String(format: "≥ 80%% of one stream's throughput ...... %7.0f%%   %@", share * 100, verdict(share >= 0.8)))
        }
        if let rawP50 {
            let overhead = (sdkP50 - rawP50) / 1000
            say("  " + pad("round trip", 11) + String(format: "p50 overhead over raw < 0.3 ms ......... %7.3f ms %@", overhead, verdict(overhead < 0.3)))
        }
        say(String(format: "  SSE parser ............................... %.0f MB/s", parser))
        say(String(format: "  4 MB event < 50 ms ....................... %.2f ms  %@", largeEvent, verdict(largeEvent < 50)))
    }
}

/// `text` padded with spaces to `width` characters.
func pad(_ text: String, _ width: Int) -> String {
    text.count >= width ? text + " " : text + String(repeating: " ", count: width - text.count)
}

/// One stream kind's results: every consumer at the small count, and the large count for memory.
struct StreamRow {
    var kind: BenchmarkStream
    var floorMicros: Double
    var results: [StreamResult]
    var large: StreamResult

    var mainActorRatio: Double {
        guard let off = results.first(where: { $0.consumer == .nonisolated }),
            let main = results.first(where: { $0.consumer == .mainActor })
        else { return .nan }
        return main.cpuMicrosPerEvent / off.cpuMicrosPerEvent
    }

    var rssGrowth: Double {
        guard let small = results.first(where: { $0.consumer == .nonisolated }) else { return .nan }
        return Double(large.rssKB - small.rssKB) / Double(small.rssKB) * 100
    }

    func print() {
        for result in results + [large] {
            say("  " + pad(kind.rawValue, 11) + pad(result.consumer.rawValue, 12) + String(format: "%8d events: %8.0f events/s, %5.2f µs CPU per event (%.2f × JSONDecoder's %.2f µs), RSS %.1f MB%@",
                       result.events, result.eventsPerSecond,
                       result.cpuMicrosPerEvent, result.cpuMicrosPerEvent / floorMicros, floorMicros, Double(result.rssKB) / 1024,
                       result.allocationsPerEvent.map { String(format: ", %.1f allocations per event", $0) } ?? ""))
        }
    }

    var summaryLine: String {
        var line = pad(kind.rawValue, 12)
        for result in results {
            line += String(format: "%7.0f | %5.2f | %4.2f × ", result.eventsPerSecond, result.cpuMicrosPerEvent, result.cpuMicrosPerEvent / floorMicros)
        }
        if let allocations = results.first?.allocationsPerEvent {
            line += String(format: " %5.1f  ", allocations)
        } else {
            line += "   n/a  "
        }
        line += String(format: " %+.1f%%", rssGrowth)
        return line
    }
}
