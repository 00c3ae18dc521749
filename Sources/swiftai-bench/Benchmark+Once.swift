import AICore
import AISandbox
import Foundation

extension Benchmark {
    /// `--once KIND CONSUMER EVENTS`: one stream of `EVENTS` events of `KIND` read on `CONSUMER` (`nonisolated`,
    /// `main`, `actor`), or `decode` to decode the kind's event `EVENTS` times with `JSONDecoder` (`reader`: with the
    /// SDK's hand-written reader) — after a short warm-up stream; for profiling one consumer with `perf record`.
    /// (Valgrind 3.19, Debian 12's, can't run it: it fails on Swift 6.3's DWARF 5 and, stripped, crashes when the
    /// first thread starts.)
    static func once(arguments: ArraySlice<String>) async throws {
        let values = Array(arguments)
        guard values.count == 3, let kind = BenchmarkStream(rawValue: values[0]), let events = Int(values[2]), events > 0 else {
            throw BenchError("usage: --once chat|responses|anthropic|assistants nonisolated|main|actor|decode|reader EVENTS")
        }
        let server = try BenchServer()
        defer { server.stop() }
        let clients = Clients(baseURL: server.baseURL)
        _ = try await measureStream(kind, consumer: .nonisolated, events: 2_000, server: server, clients: clients)
        let micros: Double
        switch values[1] {
        case "decode": micros = try decodeMicros(kind, path: .foundation, iterations: events, repeats: 1)
        case "reader": micros = try decodeMicros(kind, path: .reader, iterations: events, repeats: 1)
        case "nonisolated": micros = try await measureStream(kind, consumer: .nonisolated, events: events, server: server, clients: clients).cpuMicrosPerEvent
        case "main": micros = try await measureStream(kind, consumer: .mainActor, events: events, server: server, clients: clients).cpuMicrosPerEvent
        case "actor": micros = try await measureStream(kind, consumer: .actor, events: events, server: server, clients: clients).cpuMicrosPerEvent
        default: throw BenchError("unknown consumer \(values[1])")
        }
        say(String(format: "%@ %@: %.2f µs CPU per event", kind.rawValue, values[1], micros))
    }
}
