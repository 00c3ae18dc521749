@_spi(Streaming) import AICore
import Foundation

extension DefaultOpenAIService {
    public func createTranscription(parameters: AudioTranscriptionParameters, options: RequestOptions) async throws -> AudioObject {
        var parameters = parameters
        parameters.stream = nil
        let path = routing.path("/audio/transcriptions", deployment: parameters.model)
        return try await audioObject(for: .multipart(.post, path, form: parameters.form), options: options)
    }

    public func createTranscriptionStream(
        parameters: AudioTranscriptionParameters, options: RequestOptions
    ) async throws -> AIStream<AudioTranscriptionStreamEvent> {
        var parameters = parameters
        parameters.stream = true
        var request = APIRequest.multipart(.post, routing.path("/audio/transcriptions", deployment: parameters.model), form: parameters.form)
        request.headers["Accept"] = "text/event-stream"
        return try await client.eventStream(
            request, options: options,
            handler: EventStreamHandler<AudioTranscriptionStreamEvent>.openAI(isFinal: { if case .done = $0 { true } else { false } }))
    }

    public func createTranslation(parameters: AudioTranslationParameters, options: RequestOptions) async throws -> AudioObject {
        let path = routing.path("/audio/translations", deployment: parameters.model)
        return try await audioObject(for: .multipart(.post, path, form: parameters.form), options: options)
    }

    public func createSpeech(parameters: AudioSpeechParameters, options: RequestOptions) async throws -> AudioSpeechObject {
        let response = try await client.send(
            .json(.post, routing.path("/audio/speech", deployment: parameters.model), body: parameters), options: options)
        return AudioSpeechObject(output: response.body, contentType: response.headers["Content-Type"])
    }

    public func createSpeechStream(
        parameters: AudioSpeechParameters, options: RequestOptions
    ) async throws -> AIStream<Data> {
        try await client.eventStream(
            .json(.post, routing.path("/audio/speech", deployment: parameters.model), body: parameters), options: options,
            framing: .bytes, handler: RawBytesHandler())
    }

    public func createSpeechEventStream(
        parameters: AudioSpeechParameters, options: RequestOptions
    ) async throws -> AIStream<AudioSpeechStreamEvent> {
        var parameters = parameters
        parameters.streamFormat = "sse"
        var request = try APIRequest.json(.post, routing.path("/audio/speech", deployment: parameters.model), body: parameters)
        request.headers["Accept"] = "text/event-stream"
        return try await client.eventStream(
            request, options: options,
            handler: EventStreamHandler<AudioSpeechStreamEvent>.openAI(isFinal: { if case .done = $0 { true } else { false } }))
    }

    /// Decodes JSON formats, and takes `text`, `srt` and `vtt` bodies as the text.
    private func audioObject(for request: APIRequest, options: RequestOptions) async throws -> AudioObject {
        let response = try await client.send(request, options: options)
        let isJSON = response.headers["Content-Type"]?.contains("json") ?? (response.body.first == UInt8(ascii: "{"))
        guard isJSON else { return AudioObject(text: String(decoding: response.body, as: UTF8.self)) }
        do {
            return try FastJSONDecoder().decode(AudioObject.self, from: response.body)
        } catch {
            throw APIError.decoding(error, body: response.body, status: response.status.code, headers: response.headers, what: "AudioObject")
        }
    }
}
