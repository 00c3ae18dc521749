import AICore
import Foundation

// Every `OpenAIAudioService` call without `options:`, sent with `RequestOptions.default`.
extension OpenAIAudioService {
    public func createTranscription(parameters: AudioTranscriptionParameters) async throws -> AudioObject {
        try await createTranscription(parameters: parameters, options: .default)
    }

    public func createTranscriptionStream(
        parameters: AudioTranscriptionParameters
    ) async throws -> AIStream<AudioTranscriptionStreamEvent> {
        try await createTranscriptionStream(parameters: parameters, options: .default)
    }

    public func createTranslation(parameters: AudioTranslationParameters) async throws -> AudioObject {
        try await createTranslation(parameters: parameters, options: .default)
    }

    public func createSpeech(parameters: AudioSpeechParameters) async throws -> AudioSpeechObject {
        try await createSpeech(parameters: parameters, options: .default)
    }

    public func createSpeechStream(parameters: AudioSpeechParameters) async throws -> AIStream<Data> {
        try await createSpeechStream(parameters: parameters, options: .default)
    }

    public func createSpeechEventStream(parameters: AudioSpeechParameters) async throws -> AIStream<AudioSpeechStreamEvent> {
        try await createSpeechEventStream(parameters: parameters, options: .default)
    }
}
