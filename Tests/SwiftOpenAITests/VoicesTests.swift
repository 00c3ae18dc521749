import AISandbox
import Foundation
import SwiftAITestSupport
import SwiftOpenAI
import Testing

@Suite("Custom voices")
struct VoicesTests {
    static let recording = VoiceRecording(data: Data("RIFF....WAVEfmt consent".utf8), fileName: "consent.wav", contentType: "audio/wav")

    @Test("consent recordings: upload (multipart), list, retrieve, rename, delete, and unknown ids", arguments: TransportKind.allCases)
    func consents(kind: TransportKind) async throws {
        try await withService(transport: kind) { sandbox, service in
            let consent = try await service.createVoiceConsent(parameters: VoiceConsentParameters(name: "Ada", language: "en-US", recording: Self.recording))
            let upload = try #require(sandbox.lastRequest)
            #expect(upload.method == "POST" && upload.path == "/v1/audio/voice_consents")
            let body = String(decoding: upload.body, as: UTF8.self)
            #expect(body.contains("name=\"recording\"; filename=\"consent.wav\"\r\nContent-Type: audio/wav\r\n\r\nRIFF....WAVEfmt consent"))
            #expect(body.contains("name=\"language\"\r\n\r\nen-US\r\n") && body.contains("name=\"name\"\r\n\r\nAda\r\n"))
            #expect(consent.id.hasPrefix("cons_") && consent.object == "audio.voice_consent" && consent.name == "Ada" && consent.language == "en-US")

            let second = try await service.createVoiceConsent(parameters: .init(name: "Grace", language: "en-GB", recording: Self.recording))
            let page = try await service.listVoiceConsents(parameters: ListParameters(limit: 1))
            #expect(sandbox.lastRequest?.path == "/v1/audio/voice_consents" && sandbox.lastRequest?.queryValue("limit") == "1")
            #expect(page.data == [consent] && page.hasMore == true)
            var all: [String] = []
            for try await item in service.allVoiceConsents(pageSize: 1) { all.append(item.id) }
            #expect(all == [consent.id, second.id])

            #expect(try await service.retrieveVoiceConsent(id: consent.id) == consent)
            let renamed = try await service.updateVoiceConsent(id: consent.id, name: "Ada L.")
            #expect(sandbox.lastRequest?.method == "POST" && sandbox.lastRequest?.jsonBody == ["name": "Ada L."])
            #expect(renamed.name == "Ada L." && renamed.id == consent.id)

            let deleted = try await service.deleteVoiceConsent(id: consent.id)
            #expect(sandbox.lastRequest?.method == "DELETE" && deleted.deleted && deleted.id == consent.id)
            let gone = await #expect(throws: APIError.self) { try await service.retrieveVoiceConsent(id: consent.id) }
            #expect(gone?.kind == .notFound)
        }
    }

    @Test("a custom voice: made from a sample and a consent, then spoken with as {\"id\": …}", arguments: TransportKind.allCases)
    func voiceAndSpeech(kind: TransportKind) async throws {
        try await withService(transport: kind) { sandbox, service in
            let consent = try await service.createVoiceConsent(parameters: .init(name: "Ada", language: "en-US", recording: Self.recording))
            let sample = VoiceRecording(data: Data("ID3 sample".utf8), fileName: "sample.mp3", contentType: "audio/mpeg")
            let voice = try await service.createVoice(parameters: CustomVoiceParameters(name: "Narrator", consentID: consent.id, audioSample: sample))
            let body = String(decoding: try #require(sandbox.lastRequest).body, as: UTF8.self)
            #expect(sandbox.lastRequest?.path == "/v1/audio/voices")
            #expect(body.contains("name=\"consent\"\r\n\r\n\(consent.id)\r\n") && body.contains("name=\"audio_sample\"; filename=\"sample.mp3\""))
            #expect(voice.id.hasPrefix("voice_") && voice.name == "Narrator" && voice.object == "audio.voice" && voice.type == "audio_sample")

            let speech = try await service.createSpeech(parameters: AudioSpeechParameters(model: .gpt4oMiniTTS, input: "Hello", voice: .custom(voice.id)))
            #expect(sandbox.lastRequest?.jsonBody?["voice"] == ["id": .string(voice.id)])
            #expect(speech.output == Sandbox.speechAudio(input: "Hello"))
            _ = try await service.createSpeech(parameters: AudioSpeechParameters(model: .tts1, input: "Hi", voice: .nova))
            #expect(sandbox.lastRequest?.jsonBody?["voice"] == "nova")

            let deleted = try await service.deleteVoice(id: voice.id)
            #expect(sandbox.lastRequest?.method == "DELETE" && sandbox.lastRequest?.path == "/v1/audio/voices/\(voice.id)")
            #expect(deleted.id == voice.id && deleted.object == "audio.voice.deleted" && deleted.deleted)
            let deletedAgain = await #expect(throws: APIError.self) { try await service.deleteVoice(id: voice.id) }
            #expect(deletedAgain?.kind == .notFound)

            let unknown = await #expect(throws: APIError.self) {
                try await service.createSpeech(parameters: AudioSpeechParameters(model: .tts1, input: "Hi", voice: .custom(voice.id)))
            }
            #expect(unknown?.kind == .badRequest && unknown?.param == "voice")
            let noConsent = await #expect(throws: APIError.self) {
                try await service.createVoice(parameters: .init(name: "X", consentID: "cons_missing", audioSample: sample))
            }
            #expect(noConsent?.kind == .notFound && noConsent?.param == "consent")
            let notAudio = await #expect(throws: APIError.self) {
                try await service.createVoiceConsent(parameters: .init(
                    name: "X", language: "en-US", recording: VoiceRecording(data: Data("hi".utf8), fileName: "notes.txt", contentType: "text/plain")))
            }
            #expect(notAudio?.kind == .badRequest && notAudio?.param == "recording")
        }
    }

    @Test("a Realtime session's custom voice goes out as {\"id\": …} and comes back the same")
    func realtimeVoiceCoding() throws {
        let output = RealtimeAudioOutput(customVoiceID: "voice_9")
        let encoded = try JSONEncoder().encode(output)
        #expect(try JSONValue(parsing: encoded) == ["voice": ["id": "voice_9"]])
        let decoded = try JSONDecoder().decode(RealtimeAudioOutput.self, from: encoded)
        #expect(decoded == output && decoded.isCustomVoice)
        let builtIn = try JSONDecoder().decode(RealtimeAudioOutput.self, from: Data(#"{"voice":"marin"}"#.utf8))
        #expect(builtIn.voice == "marin" && !builtIn.isCustomVoice)
    }

    @Test("Azure: custom voices are OpenAI's; nothing is sent")
    func azure() async throws {
        try await withSandbox { sandbox in
            let azure = OpenAIServiceFactory.service(
                azureConfiguration: AzureOpenAIConfiguration(endpoint: sandbox.baseURL, openAIAPIKey: .apiKey("k"), apiVersion: "v1", routing: .v1))
            let error = await #expect(throws: APIError.self) { try await azure.listVoiceConsents() }
            #expect(error?.kind == .invalidRequest && sandbox.requests.isEmpty)
        }
    }
}
