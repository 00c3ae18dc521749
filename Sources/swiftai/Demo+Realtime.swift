import AISandbox
import Foundation
import SwiftOpenAI

extension SwiftAICommand.Demo {
    /// Step 11: a Realtime session over WebSocket — a spoken answer (transcript and PCM16 audio), then a function
    /// call answered in the same session.
    func realtime(_ service: any OpenAIService) async throws {
        step("11. Realtime over WebSocket: a spoken reply, then a function call")
        let session = try await service.realtimeSession(model: "gpt-realtime")
        try await session.updateSession(
            .init(
                instructions: "You tell gentle bedtime stories.",
                audio: .init(input: .init(turnDetection: .some(nil)), output: .init(voice: "marin")),
                tools: [RealtimeTool(name: "get_time", description: "The local time", parameters: .object([:]))]))
        try await session.sendText("Say good night to the demo")
        try await session.createResponse()
        out("transcript: ", terminator: "")
        let spoken = try await session.collectResponse { event in
            if case .responseOutputAudioTranscriptDelta(let delta) = event { out(delta.delta ?? "", terminator: "") }
        }
        out()
        out(String(format: "audio: %d bytes of PCM16 (%.1f s at 24 kHz, a WAV file with PCM16Audio.writeWAV)",
                   spoken.audio.count, PCM16Audio.duration(byteCount: spoken.audio.count)))
        try await session.sendText("[sandbox-tools: get_time] What time is it?")
        try await session.createResponse(.init(outputModalities: ["text"]))
        let asked = try await session.collectResponse()
        for call in asked.functionCalls {
            out("model called \(call.name)(\(call.arguments)); answering")
            try await session.sendFunctionCallOutput(callID: call.callID, output: #"{"time":"19:30"}"#)
            try await session.createResponse(.init(outputModalities: ["text"]))
            out("answer: \(try await session.collectResponse().text)")
        }
        await session.close()
        out()
    }
}
