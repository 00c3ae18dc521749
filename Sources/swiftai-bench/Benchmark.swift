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
/// `swift run -c release swiftai-bench [--quick]`.
@main
struct Benchmark {
    static func main() async throws {
        let quick = CommandLine.arguments.contains("--quick")
        say("SwiftAI benchmark (\(quick ? "quick" : "full") run)\n")
        // End to end first, so the peak RSS it reports is not the parser benchmark's large buffers.
        var results: [EndToEnd] = []
        for count in quick ? [10_000, 100_000] : (ProcessInfo.processInfo.environment["BENCH_COUNTS"].map { $0.split(separator: ",").compactMap { Int($0) } } ?? [100_000, 1_000_000]) {
            results.append(try await endToEnd(chunks: count, transport: DefaultTransport.make()))
        }
        try await responsesEndToEnd(words: quick ? 5_000 : 50_000)
        let session = URLSessionTransport()
        _ = try await endToEnd(chunks: quick ? 10_000 : 100_000, transport: session, label: "URLSession")
        try await session.shutdown()
        say("")
        let parser = parserThroughput(events: quick ? 20_000 : 200_000)
        let large = largeEvent()
        let floor = bareDecode(iterations: quick ? 20_000 : 200_000)
        fastDecode(iterations: quick ? 20_000 : 200_000)
        say("")
        summarize(parser: parser, large: large, floor: floor, results: results)
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
            let started = cpuSeconds()
            for piece in pieces { parser.parse(piece) { _ in count += 1 } }
            best = min(best, cpuSeconds() - started)
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
            let started = wallSeconds()
            for piece in pieces { parser.parse(piece) { size = $0.data.count } }
            best = min(best, wallSeconds() - started)
            precondition(size == 4 * 1_048_576)
        }
        say(String(format: "(a) SSE parser, one 4 MB event: %.2f ms", best * 1000))
        return best * 1000
    }

    // MARK: (c) floor

    /// Decodes the benchmark chunk with a bare JSONDecoder; returns CPU µs per chunk.
    static func bareDecode(iterations: Int) -> Double {
        let perChunk = decodeCost(iterations: iterations) { data, decoder in
            try decoder.decode(ChatCompletionChunkObject.self, from: data)
        }
        say(String(format: "(c) bare JSONDecoder floor: %.2f µs CPU per chunk (%d decodes)", perChunk, iterations))
        return perChunk
    }

    /// Decodes the same chunk with the SDK's fast reader (what streams use); prints CPU µs per chunk.
    static func fastDecode(iterations: Int) {
        let perChunk = decodeCost(iterations: iterations) { data, decoder in
            try ChatCompletionChunkObject.decode(from: data, fallback: decoder)
        }
        say(String(format: "    SDK fast chunk reader:     %.2f µs CPU per chunk (falls back to JSONDecoder on anything unexpected)", perChunk))
    }

    /// The best of three CPU times per decode of the benchmark chunk, in µs.
    static func decodeCost(
        iterations: Int, _ decode: (Data, JSONDecoder) throws -> ChatCompletionChunkObject
    ) -> Double {
        let data = Data(Sandbox.benchmarkChunkJSON.utf8)
        let decoder = JSONDecoder()
        var best = Double.infinity
        for _ in 0..<3 {
            var choices = 0
            let started = cpuSeconds()
            for _ in 0..<iterations {
                choices &+= (try! decode(data, decoder)).choices.count
            }
            best = min(best, cpuSeconds() - started)
            precondition(choices == iterations)
        }
        return best / Double(iterations) * 1e6
    }

    // MARK: (b) end to end

    struct EndToEnd {
        var chunks: Int
        var seconds: Double
        var cpu: Double
        var peakRSS: Int
        var chunksPerSecond: Double { Double(chunks) / seconds }
        var cpuMicrosPerChunk: Double { cpu / Double(chunks) * 1e6 }
    }

    /// Streams `chunks` chunks from an in-process sandbox through the full SDK path.
    static func endToEnd(chunks: Int, transport: any HTTPTransport, label: String = "default transport") async throws -> EndToEnd {
        let sandbox = try await Sandbox.start()
        let service = OpenAIServiceFactory.service(
            apiKey: "sk-bench", overrideBaseURL: sandbox.baseURL.absoluteString, transport: transport, streamIdleTimeout: ProcessInfo.processInfo.environment["BENCH_IDLE"].flatMap(Double.init) ?? 600)
        let parameters = ChatCompletionParameters(messages: [.init(role: .user, content: .text("go"))], model: .gpt4oMini)
        sandbox.enqueue(.benchmarkStream(chunks: 1000))
        for try await _ in try await service.startStreamedChat(parameters: parameters) {}

        sandbox.enqueue(.benchmarkStream(chunks: chunks))
        let wallStart = wallSeconds()
        let cpuStart = cpuSeconds()
        var received = 0
        for try await chunk in try await service.startStreamedChat(parameters: parameters) {
            received &+= chunk.choices.count
        }
        let result = EndToEnd(
            chunks: chunks, seconds: wallSeconds() - wallStart, cpu: cpuSeconds() - cpuStart, peakRSS: peakRSSKilobytes())
        try await sandbox.shutdown()
        precondition(received == chunks + 1, "received \(received)")
        say(String(format: "(b) end to end, %@, %7d chunks: %.0f chunks/s, %.2f µs CPU per chunk (server included), peak RSS %.1f MB",
                     label, chunks, result.chunksPerSecond, result.cpuMicrosPerChunk, Double(result.peakRSS) / 1024))
        return result
    }

    /// Streams a Responses API answer of `words` output_text deltas (plus lifecycle events) through the SDK.
    static func responsesEndToEnd(words: Int) async throws {
        let sandbox = try await Sandbox.start()
        let service = OpenAIServiceFactory.service(apiKey: "sk-bench", overrideBaseURL: sandbox.baseURL.absoluteString)
        let prompt = Array(repeating: "word", count: words).joined(separator: " ")
        let parameters = ModelResponseParameter(input: .string(prompt), model: .gpt4oMini)
        // The sandbox builds the whole event list before answering; time only the client's reading.
        let stream = try await service.responseCreateStream(parameters)
        let wallStart = wallSeconds()
        let cpuStart = cpuSeconds()
        var events = 0
        var deltas = 0
        for try await event in stream {
            events += 1
            if case .outputTextDelta = event { deltas += 1 }
        }
        let wall = wallSeconds() - wallStart
        let cpu = cpuSeconds() - cpuStart
        try await sandbox.shutdown()
        precondition(deltas >= words, "received \(deltas) deltas")
        let sample = Data(#"{"type":"response.output_text.delta","sequence_number":12,"item_id":"msg_sandbox_0003","output_index":0,"content_index":0,"delta":" word","logprobs":[],"obfuscation":"sbx"}"#.utf8)
        let decoder = JSONDecoder()
        let iterations = 20_000
        let decodeStart = cpuSeconds()
        for _ in 0..<iterations { _ = try decoder.decode(ResponseStreamEvent.self, from: sample) }
        let perDecode = (cpuSeconds() - decodeStart) / Double(iterations) * 1e6
        say(String(format: "(e) Responses stream, %d events (%d text deltas): %.0f events/s, %.2f µs CPU per event (server writes included); JSONDecoder alone: %.2f µs per delta event",
                     events, deltas, Double(events) / wall, cpu / Double(events) * 1e6, perDecode))
    }

    // MARK: summary

    static func summarize(parser: Double, large: Double, floor: Double, results: [EndToEnd]) {
        guard let small = results.first, let big = results.last else { return }
        let ratio = big.cpuMicrosPerChunk / floor
        let growth = Double(big.peakRSS - small.peakRSS) / Double(small.peakRSS) * 100
        func verdict(_ ok: Bool) -> String { ok ? "ok" : "MISSED" }
        say("Targets:")
        say(String(format: "  end-to-end ≥ 80,000 chunks/s ............ %.0f  %@", big.chunksPerSecond, verdict(big.chunksPerSecond >= 80_000)))
        say(String(format: "  CPU per chunk ≤ 1.3 × bare decode ....... %.2f ×  %@", ratio, verdict(ratio <= 1.3)))
        say(String(format: "  peak RSS growth %dk → %dk ≤ 10%% ...... %+.1f%%  %@", small.chunks / 1000, big.chunks / 1000, growth, verdict(growth <= 10)))
        say(String(format: "  4 MB event < 50 ms ...................... %.2f ms  %@", large, verdict(large < 50)))
    }

    #if canImport(Glibc)
    static let rusageSelf = RUSAGE_SELF.rawValue
    #else
    static let rusageSelf = RUSAGE_SELF
    #endif

    static func wallSeconds() -> Double {
        Double(DispatchTime.now().uptimeNanoseconds) / 1e9
    }

    static func cpuSeconds() -> Double {
        var usage = rusage()
        getrusage(rusageSelf, &usage)
        func seconds(_ time: timeval) -> Double { Double(time.tv_sec) + Double(time.tv_usec) / 1e6 }
        return seconds(usage.ru_utime) + seconds(usage.ru_stime)
    }

    /// Peak resident set size in kilobytes.
    static func peakRSSKilobytes() -> Int {
        var usage = rusage()
        getrusage(rusageSelf, &usage)
        #if canImport(Darwin)
        return Int(usage.ru_maxrss) / 1024
        #else
        return Int(usage.ru_maxrss)
        #endif
    }
}
