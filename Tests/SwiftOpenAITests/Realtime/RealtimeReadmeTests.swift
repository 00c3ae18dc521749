import AISandbox
import Foundation
import SwiftAITestSupport
import SwiftOpenAI
import Testing

// README.md "Realtime: voice conversations over WebSocket", run against the sandbox.

@Suite("README: Realtime")
struct RealtimeReadmeTests {
    @Test("the session snippet and the ephemeral-secret snippet run against the sandbox")
    func snippets() async throws {
        try await within {
            try await withRealtimeService { sandbox, service in
                let folder = FileManager.default.temporaryDirectory.appendingPathComponent("readme-realtime-\(UUID().uuidString)")
                try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
                defer { try? FileManager.default.removeItem(at: folder) }
                let storyFile = folder.appendingPathComponent("story.wav")
                var printed = ""
                func print(_ text: String, terminator: String = "\n") { printed += text + terminator }

                // The README's code; a line that has to differ (the WAV in a temporary folder, the function calls of a
                // second response whose prompt holds the sandbox's tool directive, the sandbox's URL) names the README
                // line it stands for in a `// README:` comment.
                let session = try await service.realtimeSession(model: "gpt-realtime")
                try await session.updateSession(.init(
                    outputModalities: ["audio"], instructions: "You tell gentle bedtime stories.",
                    audio: .init(input: .init(turnDetection: .some(nil)), output: .init(voice: "marin")),
                    tools: [RealtimeTool(name: "get_time", description: "The local time", parameters: .object([:]))]))

                try await session.sendText("Tell me a story about a sleepy fox")
                try await session.createResponse()
                let reply = try await session.collectResponse { event in
                    if case .responseOutputAudioTranscriptDelta(let delta) = event { print(delta.delta ?? "", terminator: "") }
                }
                try PCM16Audio.writeWAV(pcm16: reply.audio, to: storyFile)  // README: try PCM16Audio.writeWAV(pcm16: reply.audio, to: URL(fileURLWithPath: "story.wav"))
                #expect(printed == "Hello from the sandbox. You said: Tell me a story about a sleepy fox")
                #expect(try PCM16Audio.read(wav: Data(contentsOf: storyFile)).pcm16 == reply.audio)

                try await session.sendText("[sandbox-tools: get_time] What time is it?")
                try await session.createResponse()
                let withCall = try await session.collectResponse()
                #expect(withCall.functionCalls.map(\.name) == ["get_time"])
                for call in withCall.functionCalls {  // README: for call in reply.functionCalls {
                    try await session.sendFunctionCallOutput(callID: call.callID, output: #"{"time":"19:30"}"#)
                    try await session.createResponse()
                    print(try await session.collectResponse().transcript)
                }
                #expect(printed.contains(#"{"time":"19:30"}"#))
                await session.close()

                // On your server:
                let secret = try await service.createRealtimeClientSecret(parameters: .init(
                    expiresAfter: .init(seconds: 600), session: .init(model: "gpt-realtime", instructions: "Be kind.")))
                // In the app, with secret.value only:
                let appSession = try await RealtimeSession.connect(clientSecret: secret.value, model: "gpt-realtime", baseURL: sandbox.baseURL.absoluteString)  // README: let appSession = try await RealtimeSession.connect(clientSecret: secret.value, model: "gpt-realtime")
                let first = try await readEvents(appSession) { _ in true }
                if case .sessionCreated(let created)? = first.first { #expect(created.instructions == "Be kind.") } else { Issue.record("\(first)") }
                await appSession.close()
            }
        }
    }
}
