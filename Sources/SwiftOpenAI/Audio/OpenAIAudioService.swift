import AICore
import Foundation

/// The [audio](https://platform.openai.com/docs/api-reference/audio) calls of ``OpenAIService``: transcription, translation and speech.
///
/// Part of ``OpenAIService``; a type can conform to this protocol alone (a mock of this area, say).
public protocol OpenAIAudioService: AnyObject, Sendable {
    /// [Transcribes](https://platform.openai.com/docs/api-reference/audio/createTranscription) audio.
    func createTranscription(parameters: AudioTranscriptionParameters, options: RequestOptions) async throws -> AudioObject

    /// Transcribes audio, streaming the text as it is recognised (gpt-4o transcription models).
    func createTranscriptionStream(
        parameters: AudioTranscriptionParameters, options: RequestOptions
    ) async throws -> AIStream<AudioTranscriptionStreamEvent>

    /// [Translates](https://platform.openai.com/docs/api-reference/audio/createTranslation) audio into English.
    func createTranslation(parameters: AudioTranslationParameters, options: RequestOptions) async throws -> AudioObject

    /// [Generates speech](https://platform.openai.com/docs/api-reference/audio/createSpeech); the audio bytes in one `Data`.
    func createSpeech(parameters: AudioSpeechParameters, options: RequestOptions) async throws -> AudioSpeechObject

    /// Generates speech, yielding the audio bytes as they arrive (start playback before the end).
    func createSpeechStream(
        parameters: AudioSpeechParameters, options: RequestOptions
    ) async throws -> AIStream<Data>

    /// Generates speech as server-sent events (`stream_format: sse`, gpt-4o-mini-tts): audio deltas, then
    /// `done` with the token usage.
    func createSpeechEventStream(
        parameters: AudioSpeechParameters, options: RequestOptions
    ) async throws -> AIStream<AudioSpeechStreamEvent>
}
