import AISandbox
import ArgumentParser
import Foundation
import SwiftOpenAI

extension SwiftAICommand {
    struct Realtime: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "A text conversation with a Realtime model over WebSocket: type a line, the reply streams in.",
            discussion: """
                Lines come from standard input (an empty line or end of input ends the conversation). With --audio-out the \
                model answers with audio, its transcript is printed, and the audio of every reply is saved as one WAV \
                file (PCM16, 24 kHz). With --sandbox everything runs offline against the built-in sandbox.
                """)

        @Option(help: "The model (on Azure, the deployment).")
        var model = "gpt-realtime"

        @Option(help: "The voice of audio replies (alloy, ash, ballad, coral, echo, sage, shimmer, verse, marin, cedar).")
        var voice: String?

        @Option(name: .customLong("audio-out"), help: "Answer with audio and save it to this WAV file.")
        var audioOut: String?

        @Option(help: "System instructions for the session.")
        var instructions: String?

        @Flag(help: "Run against the built-in sandbox (offline, no key).")
        var sandbox = false

        @OptionGroup var connection: ConnectionOptions

        func run() async throws {
            var embedded: AISandbox.Sandbox?
            if sandbox { embedded = try await AISandbox.Sandbox.start() }
            defer { if let embedded { Task { try? await embedded.shutdown() } } }
            let service: any OpenAIService =
                if let embedded {
                    OpenAIServiceFactory.service(apiKey: "sk-sandbox", overrideBaseURL: embedded.baseURL.absoluteString)
                } else {
                    try connection.makeService()
                }
            let session: RealtimeSession
            do {
                session = try await service.realtimeSession(model: model)
                try await session.updateSession(
                    RealtimeSessionConfiguration(
                        outputModalities: [audioOut == nil ? "text" : "audio"], instructions: instructions,
                        audio: .init(input: .init(turnDetection: .some(nil)), output: voice.map { .init(voice: $0) })))
            } catch let error as APIError {
                throw commandFailure("error: \(error.description)")
            }
            printError("Connected to \(model)\(sandbox ? " (sandbox)" : ""). Type a message; an empty line ends the conversation.")
            var audio = Data()
            do {
                for await line in StandardInputLines.stream() {
                    let text = line.trimmingCharacters(in: .whitespaces)
                    if text.isEmpty { break }
                    try await session.sendText(text)
                    try await session.createResponse()
                    let reply = try await session.collectResponse { event in
                        switch event {
                        case .responseOutputTextDelta(let delta), .responseOutputAudioTranscriptDelta(let delta):
                            out(delta.delta ?? "", terminator: "")
                        default:
                            break
                        }
                    }
                    out()
                    for call in reply.functionCalls {
                        printError("[the model called \(call.name)(\(call.arguments)); this command runs no tools]")
                    }
                    for error in reply.errors { printError("server error: \(error.message)") }
                    if let status = reply.response?.status, status != "completed" { printError("[response \(status)]") }
                    audio.append(reply.audio)
                }
            } catch let error as APIError {
                if let audioOut, !audio.isEmpty { try? PCM16Audio.writeWAV(pcm16: audio, to: URL(fileURLWithPath: audioOut)) }
                throw commandFailure("error: \(error.description)")
            }
            await session.close()
            if let audioOut {
                try PCM16Audio.writeWAV(pcm16: audio, to: URL(fileURLWithPath: audioOut))
                printError(String(format: "Saved %.1f s of audio to %@", PCM16Audio.duration(byteCount: audio.count), audioOut))
            }
        }
    }
}

/// Lines of standard input, read on a thread of their own so a blocked read never holds a thread of the
/// concurrency pool (on a 2-core machine the Realtime session needs the other one).
enum StandardInputLines {
    static func stream() -> AsyncStream<String> {
        let (stream, continuation) = AsyncStream<String>.makeStream()
        let thread = Thread {
            while let line = readLine(strippingNewline: true) { continuation.yield(line) }
            continuation.finish()
        }
        thread.start()
        return stream
    }
}
