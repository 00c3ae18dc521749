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

    /// [Uploads a consent recording](https://platform.openai.com/docs/api-reference/audio/createVoiceConsent): the
    /// speaker of a custom voice reading the consent phrase (custom voices are for eligible customers).
    func createVoiceConsent(parameters: VoiceConsentParameters, options: RequestOptions) async throws -> VoiceConsent

    /// Lists consent recordings; one page (`limit` and `after` of `parameters` apply).
    func listVoiceConsents(parameters: ListParameters, options: RequestOptions) async throws -> OpenAIResponse<VoiceConsent>

    /// A consent recording's details.
    func retrieveVoiceConsent(id: String, options: RequestOptions) async throws -> VoiceConsent

    /// Renames a consent recording (the audio stays as it is).
    func updateVoiceConsent(id: String, name: String, options: RequestOptions) async throws -> VoiceConsent

    /// Deletes a consent recording.
    func deleteVoiceConsent(id: String, options: RequestOptions) async throws -> VoiceConsent.DeletionStatus

    /// [Creates a custom voice](https://platform.openai.com/docs/api-reference/audio/createVoice) from a sample and
    /// its speaker's consent, for speech and Realtime sessions.
    func createVoice(parameters: CustomVoiceParameters, options: RequestOptions) async throws -> CustomVoice

    /// Deletes a custom voice (its consent recording stays).
    func deleteVoice(id: String, options: RequestOptions) async throws -> CustomVoice.DeletionStatus
}
