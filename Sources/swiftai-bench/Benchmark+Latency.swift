import AISandbox
import Foundation
import SwiftOpenAI

extension Benchmark {
    /// First-event latency of a chat stream: from the moment the server wrote the first event's bytes (2 ms
    /// after the head, its monotonic clock stamped into the event) to the moment the caller's loop got it.
    /// Returns the samples in µs.
    static func firstEventLatency(runs: Int, server: BenchServer, clients: Clients) async throws -> [Double] {
        let parameters = ChatCompletionParameters(messages: [.init(role: .user, content: .text("go"))], model: .gpt4oMini)
        var samples: [Double] = []
        samples.reserveCapacity(runs)
        for run in 0..<runs + 10 {
            try server.enqueue(.chat, events: 10, probe: true)
            var iterator = try await clients.openAI.startStreamedChat(parameters: parameters).makeAsyncIterator()
            guard let first = try await iterator.next() else { throw BenchError("the latency probe sent nothing") }
            let received = DispatchTime.now().uptimeNanoseconds
            guard let written = BenchmarkStream.stampedTime(in: first.id), received >= written else {
                throw BenchError("the latency probe's first event has no write time: \(first.id)")
            }
            while try await iterator.next() != nil {}
            // The first runs warm connections and caches up.
            if run >= 10 { samples.append(Double(received - written) / 1000) }
        }
        return samples
    }

    /// Aggregate events/s of `streams` chat streams read at once, `total` events in all.
    static func concurrentStreams(_ streams: Int, total: Int, server: BenchServer, clients: Clients) async throws -> Double {
        let each = total / streams
        for _ in 0..<streams { try server.enqueue(.chat, events: each) }
        let parameters = ChatCompletionParameters(messages: [.init(role: .user, content: .text("go"))], model: .gpt4oMini)
        let service = clients.openAI
        let started = Measure.wallSeconds()
        let received = try await withThrowingTaskGroup(of: Int.self) { group in
            for _ in 0..<streams {
                group.addTask { try await drainLoop(try await service.startStreamedChat(parameters: parameters)).count }
            }
            return try await group.reduce(0, +)
        }
        let seconds = Measure.wallSeconds() - started
        guard received >= each * streams else { throw BenchError("\(streams) streams: received \(received) events") }
        return Double(received) / seconds
    }
}
