import AICore
import Foundation
import SwiftOpenAI

extension Benchmark {
    /// Realtime over WebSocket against the sandbox in the child process: `responses` responses on one session, each
    /// asked for and read to its `response.done` (text: ~15 events; audio: PCM16 deltas of 100 ms and the
    /// transcript). Prints events/s, the client's CPU per event and audio throughput.
    static func realtime(server: BenchServer, responses: Int) async throws {
        let service = OpenAIServiceFactory.service(apiKey: "sk-bench", overrideBaseURL: server.baseURL)
        for modality in ["text", "audio"] {
            let session = try await service.realtimeSession(model: "gpt-realtime")
            try await session.sendText("A fairly long sentence so the answer has a good number of words and of audio in it")
            var events = 0
            var audioBytes = 0
            let wall = Measure.wallSeconds()
            let cpu = Measure.cpuSeconds()
            for _ in 0..<responses {
                try await session.createResponse(.init(outputModalities: [modality]))
                let reply = try await session.collectResponse { _ in events += 1 }
                audioBytes += reply.audio.count
            }
            let seconds = Measure.wallSeconds() - wall
            let cpuSeconds = Measure.cpuSeconds() - cpu
            await session.close()
            var line = String(
                format: "  %@ %.0f events/s, %.2f µs CPU per event, %.2f ms per response", pad(modality, 6), Double(events) / seconds,
                cpuSeconds / Double(events) * 1e6, seconds / Double(responses) * 1e3)
            if audioBytes > 0 { line += String(format: ", audio %.1f MB/s (%.0f× real time)", Double(audioBytes) / seconds / 1_048_576, Double(audioBytes) / 48_000 / seconds) }
            say(line)
        }
        // One long response: the sandbox streams one text delta per word of the prompt, back to back.
        let stream = try await longResponse(service: service, words: responses * 100)
        say(String(
            format: "  %@ %.0f events/s, %.2f µs CPU per event (one response of %d deltas)", pad("stream", 6),
            Double(stream.events) / stream.seconds, stream.cpuSeconds / Double(stream.events) * 1e6, stream.events))
        try await paced(server: server, service: service, deltas: responses * 10)
    }

    /// Asks a new session for one text response to a prompt of `words` words (one delta per word) and reads it.
    private static func longResponse(
        service: some OpenAIService, words: Int
    ) async throws -> (events: Int, seconds: Double, cpuSeconds: Double) {
        let session = try await service.realtimeSession(model: "gpt-realtime")
        try await session.sendText(Array(repeating: "word", count: words).joined(separator: " "))
        try await session.createResponse(.init(outputModalities: ["text"]))
        var events = 0
        let wall = Measure.wallSeconds()
        let cpu = Measure.cpuSeconds()
        let reply = try await session.collectResponse { _ in events += 1 }
        let measured = (events, Measure.wallSeconds() - wall, Measure.cpuSeconds() - cpu)
        await session.close()
        precondition(reply.text.hasSuffix("word"))
        return measured
    }

    /// One response whose deltas the server writes 1 ms apart, as a model generates them: every network read then
    /// carries one event, so this is the fixed cost of a wake-up (the kernel's, NIO's and the task hop's) per event.
    static func paced(server: BenchServer, service: some OpenAIService, deltas: Int) async throws {
        try server.behavior(#"{"write_interval": 0.001}"#)
        let paced = try await longResponse(service: service, words: deltas)
        say(String(
            format: "  %@ %.2f µs CPU per event (one response of %d deltas written 1 ms apart, in %.2f s: one event per network read)",
            pad("paced", 6), paced.cpuSeconds / Double(paced.events) * 1e6, paced.events, paced.seconds))

        // The same pacing on a streamed chat completion, for comparison.
        try server.behavior(#"{"write_interval": 0.001}"#)
        let prompt = Array(repeating: "word", count: deltas).joined(separator: " ")
        let parameters = ChatCompletionParameters(messages: [.init(role: .user, content: .text(prompt))], model: .gpt4oMini)
        var chunks = 0
        var text = ""
        let chatCPU = Measure.cpuSeconds()
        let chatWall = Measure.wallSeconds()
        for try await chunk in try await service.startStreamedChat(parameters: parameters) {
            chunks += 1
            text += chunk.choices.first?.delta.content ?? ""
        }
        let chatSeconds = Measure.cpuSeconds() - chatCPU
        precondition(text.hasSuffix("word"))
        say(String(
            format: "  %@ %.2f µs CPU per chunk (a streamed chat completion of %d chunks written 1 ms apart, in %.2f s)",
            pad("chat", 6), chatSeconds / Double(chunks) * 1e6, chunks, Measure.wallSeconds() - chatWall))
    }
}
