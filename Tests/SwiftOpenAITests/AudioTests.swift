import AISandbox
import Foundation
import SwiftAITestSupport
import SwiftOpenAI
import Testing

@Suite("Audio")
struct AudioTests {
    static let spoken = Data("SANDBOX-AUDIO:The quick brown fox jumps".utf8)

    @Test("the seed's audio snippets: transcription, translation, speech")
    func seedSnippets() async throws {
        try await withService { sandbox, service in
            let fileName = "narcos.m4a"
            let data = Self.spoken  // Data retrieved from the file named "narcos.m4a".
            let parameters = AudioTranscriptionParameters(fileName: fileName, file: data)  // **Important**: in the file name always provide the file extension.
            let audioObject = try await service.createTranscription(parameters: parameters)
            #expect(audioObject.text == "The quick brown fox jumps")
            #expect(sandbox.lastRequest?.path == "/v1/audio/transcriptions")

            let translation = try await service.createTranslation(
                parameters: AudioTranslationParameters(fileName: "german.m4a", file: data))
            #expect(translation.text == "(English) The quick brown fox jumps")
            #expect(sandbox.lastRequest?.path == "/v1/audio/translations")

            let prompt = "Hello, how are you today?"
            let speech = AudioSpeechParameters(model: .tts1, input: prompt, voice: .shimmer)
            let audioObjectData = try await service.createSpeech(parameters: speech).output
            #expect(audioObjectData.prefix(3) == Data("ID3".utf8))
            #expect(audioObjectData == Sandbox.speechAudio(input: prompt))
        }
    }

    @Test("transcription multipart wire shape and every response format")
    func transcriptionFormats() async throws {
        try await withService { sandbox, service in
            let verbose = try await service.createTranscription(parameters: AudioTranscriptionParameters(
                fileName: "talk.m4a", file: Self.spoken, model: .whisperOne, prompt: "Foxes", responseFormat: "verbose_json",
                temperature: 0.2, language: "en", timestampGranularities: ["word", "segment"]))
            let body = String(decoding: try #require(sandbox.lastRequest).body, as: UTF8.self)
            #expect(sandbox.lastRequest?.header("content-type")?.hasPrefix("multipart/form-data; boundary=") == true)
            for fragment in [
                #"name="file"; filename="talk.m4a""#, "Content-Type: audio/mp4", #"name="model""#, "whisper-1", #"name="prompt""#,
                #"name="response_format""#, "verbose_json", #"name="temperature""#, "0.2", #"name="language""#,
                #"name="timestamp_granularities[]""#,
            ] {
                #expect(body.contains(fragment), "missing \(fragment)")
            }
            #expect(verbose.task == "transcribe" && verbose.language == "en")
            #expect(verbose.words?.map(\.word) == ["The", "quick", "brown", "fox", "jumps"])
            #expect(verbose.segments?.first?.end == verbose.duration)
            #expect(verbose.duration == 2.0)

            let text = try await service.createTranscription(parameters: .init(fileName: "a.mp3", file: Self.spoken, responseFormat: "text"))
            #expect(text.text == "The quick brown fox jumps\n")
            let srt = try await service.createTranscription(parameters: .init(fileName: "a.mp3", file: Self.spoken, responseFormat: "srt"))
            #expect(srt.text == "1\n00:00:00,000 --> 00:00:02,000\nThe quick brown fox jumps\n\n")
            let vtt = try await service.createTranscription(parameters: .init(fileName: "a.wav", file: Self.spoken, responseFormat: "vtt"))
            #expect(vtt.text.hasPrefix("WEBVTT\n\n00:00:00.000 --> 00:00:02.000"))
            let json = try await service.createTranscription(parameters: .init(
                fileName: "a.ogg", file: Data([0, 1, 2]), model: .gpt4oMiniTranscribe, include: ["logprobs"]))
            #expect(json.text == "Sandbox transcript of a.ogg (3 bytes).")
            #expect(json.logprobs?.first?.token == "Sandbox")
            #expect(json.usage?["type"] == "tokens")
            await #expect {
                _ = try await service.createTranscription(parameters: .init(fileName: "notes.txt", file: Self.spoken))
            } throws: { ($0 as? APIError)?.param == "file" }
        }
    }

    @Test("streamed transcription yields deltas, then the whole text; whisper-1 can't stream")
    func transcriptionStream() async throws {
        try await withService { sandbox, service in
            var deltas = ""
            var done: String?
            for try await event in try await service.createTranscriptionStream(
                parameters: .init(fileName: "a.mp3", file: Self.spoken, model: .gpt4oTranscribe))
            {
                switch event {
                case .delta(let text): deltas += text
                case .done(let text, let usage):
                    done = text
                    #expect(usage?["output_tokens"] == 5)
                case .unknown: Issue.record("unexpected event")
                }
            }
            #expect(deltas == "The quick brown fox jumps" && done == deltas)
            let body = String(decoding: try #require(sandbox.lastRequest).body, as: UTF8.self)
            #expect(body.contains(#"name="stream""#) && sandbox.lastRequest?.header("accept") == "text/event-stream")
            await #expect {
                _ = try await service.createTranscriptionStream(parameters: .init(fileName: "a.mp3", file: Self.spoken))
            } throws: { ($0 as? APIError)?.statusCode == 400 }
        }
    }

    @Test("speech: JSON body, formats, instructions, streaming in chunks, validation errors")
    func speech() async throws {
        try await withService { sandbox, service in
            let input = String(repeating: "Once upon a time. ", count: 10)
            let parameters = AudioSpeechParameters(
                model: .gpt4oMiniTTS, input: input, voice: .coral, responseFormat: .wav, speed: 1.25,
                instructions: "Speak softly, like a bedtime story.")
            let whole = try await service.createSpeech(parameters: parameters)
            let body = try #require(sandbox.lastRequest?.json)
            #expect(body["model"] as? String == "gpt-4o-mini-tts" && body["voice"] as? String == "coral")
            #expect(body["response_format"] as? String == "wav" && body["speed"] as? Double == 1.25)
            #expect(body["instructions"] as? String == "Speak softly, like a bedtime story.")
            #expect(whole.contentType == "audio/wav" && whole.output.prefix(4) == Data("RIFF".utf8))

            // Paced writes: what arrives while the reader is busy is handed over joined, so only a paced body is
            // sure to come in several pieces.
            sandbox.enqueue(.split(.at([64]), interval: 0.3))
            var chunks: [Data] = []
            for try await chunk in try await service.createSpeechStream(parameters: parameters) { chunks.append(chunk) }
            #expect(chunks.count > 1)
            #expect(chunks.reduce(Data(), +) == whole.output)

            for (format, signature) in [(AudioSpeechParameters.ResponseFormat.flac, "fLaC"), (.opus, "OggS"), (.mp3, "ID3")] {
                let audio = try await service.createSpeech(parameters: .init(model: .tts1HD, input: "Hi", voice: .ash, responseFormat: format))
                #expect(audio.output.prefix(signature.utf8.count) == Data(signature.utf8))
            }
            await #expect {
                _ = try await service.createSpeech(parameters: .init(model: .tts1, input: "Hi", voice: .alloy, instructions: "Whisper"))
            } throws: { ($0 as? APIError)?.param == "instructions" }
            await #expect {
                _ = try await service.createSpeech(parameters: .init(model: .tts1, input: "Hi", voice: "robot"))
            } throws: { ($0 as? APIError)?.param == "voice" }
        }
    }

    @Test("speech as server-sent events: base64 audio deltas that add up to the audio, then the usage")
    func speechEvents() async throws {
        try await withService { sandbox, service in
            let parameters = AudioSpeechParameters(
                model: .gpt4oMiniTTS, input: String(repeating: "The moon rose. ", count: 8), voice: .sage, responseFormat: .pcm,
                instructions: "Calm and slow.")
            let whole = try await service.createSpeech(parameters: parameters)
            #expect(sandbox.lastRequest?.json?["stream_format"] == nil)
            var audio = Data()
            var deltas = 0
            var usage: AudioSpeechStreamEvent.Usage?
            for try await event in try await service.createSpeechEventStream(parameters: parameters) {
                switch event {
                case .audioDelta(let chunk):
                    audio.append(chunk)
                    deltas += 1
                case .done(let reported): usage = reported
                case .unknown(let type, _): Issue.record("unexpected \(type)")
                }
            }
            let body = try #require(sandbox.lastRequest?.json)
            #expect(body["stream_format"] as? String == "sse" && sandbox.lastRequest?.header("accept") == "text/event-stream")
            #expect(deltas > 1 && audio == whole.output)
            #expect(usage.map { $0.totalTokens == $0.inputTokens + $0.outputTokens && $0.inputTokens > 0 } == true)

            // tts-1 can't stream events: the server's own 400.
            let refused = await #expect(throws: APIError.self) {
                for try await _ in try await service.createSpeechEventStream(parameters: .init(model: .tts1, input: "Hi", voice: .alloy)) {}
            }
            #expect(refused?.param == "stream_format" && refused?.statusCode == 400)
            // Bad base64 is a decoding error that keeps the payload.
            sandbox.enqueue(.raw(200, body: "data: {\"type\":\"speech.audio.delta\",\"audio\":\"@@@\"}\n\n", contentType: "text/event-stream"))
            let corrupt = await #expect(throws: APIError.self) {
                for try await _ in try await service.createSpeechEventStream(parameters: parameters) {}
            }
            #expect(corrupt?.kind == .decoding && corrupt?.rawBody.map { String(decoding: $0, as: UTF8.self).contains("@@@") } == true)
            // A stream that ends before speech.audio.done is truncated, not complete.
            sandbox.enqueue(.raw(200, body: "data: {\"type\":\"speech.audio.delta\",\"audio\":\"AAEC\"}\n\n", contentType: "text/event-stream"))
            var received = Data()
            let cut = await #expect(throws: APIError.self) {
                for try await event in try await service.createSpeechEventStream(parameters: parameters) {
                    if case .audioDelta(let chunk) = event { received.append(chunk) }
                }
            }
            #expect(cut?.kind == .connection && received == Data([0, 1, 2]))
        }
    }

    @Test("Azure: audio goes to the deployment of its model")
    func azureAudio() async throws {
        let sandbox = try await startSandbox()
        defer { Task { try? await sandbox.shutdown() } }
        let azure = OpenAIServiceFactory.service(
            azureConfiguration: AzureOpenAIConfiguration(endpoint: sandbox.baseURL, openAIAPIKey: .apiKey("k"), apiVersion: "2025-03-01-preview"))
        let audio = try await azure.createSpeech(parameters: .init(model: .tts1, input: "Hello", voice: .nova))
        #expect(audio.output == Sandbox.speechAudio(input: "Hello"))
        #expect(sandbox.lastRequest?.path == "/openai/deployments/tts-1/audio/speech")
        let transcript = try await azure.createTranscription(parameters: .init(fileName: "a.mp3", file: Self.spoken))
        #expect(transcript.text == "The quick brown fox jumps")
        #expect(sandbox.lastRequest?.path == "/openai/deployments/whisper-1/audio/transcriptions")
        #expect(sandbox.lastRequest?.queryValue("api-version") == "2025-03-01-preview")
    }
}
