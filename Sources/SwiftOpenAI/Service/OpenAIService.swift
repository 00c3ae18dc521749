import Foundation

/// The OpenAI API. Obtain one from ``OpenAIServiceFactory``.
///
/// Every method has a form with ``RequestOptions`` for per-call timeouts, retries and headers.
/// Failures are thrown as ``APIError``.
public protocol OpenAIService: AnyObject, Sendable {
    /// [Creates](https://platform.openai.com/docs/api-reference/chat/create) a chat completion.
    func startChat(parameters: ChatCompletionParameters, options: RequestOptions) async throws -> ChatCompletionObject

    /// Creates a chat completion streamed as chunks.
    ///
    /// HTTP errors are thrown from this call; errors after the first byte are thrown from the stream,
    /// after every chunk received before them.
    func startStreamedChat(
        parameters: ChatCompletionParameters, options: RequestOptions
    ) async throws -> AsyncThrowingStream<ChatCompletionChunkObject, any Error>

    /// [Lists](https://platform.openai.com/docs/api-reference/models/list) the available models.
    func listModels(options: RequestOptions) async throws -> OpenAIResponse<ModelObject>

    /// [Retrieves](https://platform.openai.com/docs/api-reference/models/retrieve) a model.
    func retrieveModelWith(id: String, options: RequestOptions) async throws -> ModelObject

    /// [Deletes](https://platform.openai.com/docs/api-reference/models/delete) a fine-tuned model.
    func deleteFineTuneModelWith(id: String, options: RequestOptions) async throws -> ModelObject.DeletionStatus

    /// [Creates](https://platform.openai.com/docs/api-reference/embeddings/create) embeddings.
    func createEmbeddings(parameters: EmbeddingParameter, options: RequestOptions) async throws -> OpenAIResponse<EmbeddingObject>

    /// [Classifies](https://platform.openai.com/docs/api-reference/moderations/create) any moderation input.
    func createModeration<Input: Encodable & Sendable>(
        parameters: ModerationParameter<Input>, options: RequestOptions
    ) async throws -> ModerationObject

    /// [Creates](https://platform.openai.com/docs/api-reference/responses/create) a model response.
    func responseCreate(_ parameters: ModelResponseParameter, options: RequestOptions) async throws -> ResponseModel

    /// Creates a model response streamed as events.
    ///
    /// HTTP errors are thrown from this call; an `error` event, a truncated stream or an undecodable event
    /// is thrown from the stream after every event received before it. Unknown event types are yielded as
    /// ``ResponseStreamEvent/unknown(type:raw:)``.
    func responseCreateStream(
        _ parameters: ModelResponseParameter, options: RequestOptions
    ) async throws -> AsyncThrowingStream<ResponseStreamEvent, any Error>

    /// [Retrieves](https://platform.openai.com/docs/api-reference/responses/get) a stored response.
    ///
    /// - Parameter include: extra output to include, e.g. `file_search_call.results`.
    func responseModel(id: String, include: [String]?, options: RequestOptions) async throws -> ResponseModel

    /// Streams a background response again from the event after `startingAfter` (a sequence number).
    func responseRetrieveStream(
        id: String, startingAfter: Int?, options: RequestOptions
    ) async throws -> AsyncThrowingStream<ResponseStreamEvent, any Error>

    /// [Deletes](https://platform.openai.com/docs/api-reference/responses/delete) a stored response.
    func responseDelete(id: String, options: RequestOptions) async throws -> ResponseModel.DeletionStatus

    /// [Cancels](https://platform.openai.com/docs/api-reference/responses/cancel) a background response.
    func responseCancel(id: String, options: RequestOptions) async throws -> ResponseModel

    /// [Lists](https://platform.openai.com/docs/api-reference/responses/input-items) the input items of a response.
    func responseInputItems(
        id: String, parameters: ResponseInputItemsParameter, options: RequestOptions
    ) async throws -> ResponseModel.InputItemList
    /// [Transcribes](https://platform.openai.com/docs/api-reference/audio/createTranscription) audio.
    func createTranscription(parameters: AudioTranscriptionParameters, options: RequestOptions) async throws -> AudioObject

    /// Transcribes audio, streaming the text as it is recognised (gpt-4o transcription models).
    func createTranscriptionStream(
        parameters: AudioTranscriptionParameters, options: RequestOptions
    ) async throws -> AsyncThrowingStream<AudioTranscriptionStreamEvent, any Error>

    /// [Translates](https://platform.openai.com/docs/api-reference/audio/createTranslation) audio into English.
    func createTranslation(parameters: AudioTranslationParameters, options: RequestOptions) async throws -> AudioObject

    /// [Generates speech](https://platform.openai.com/docs/api-reference/audio/createSpeech); the audio bytes in one `Data`.
    func createSpeech(parameters: AudioSpeechParameters, options: RequestOptions) async throws -> AudioSpeechObject

    /// Generates speech, yielding the audio bytes as they arrive (start playback before the end).
    func createSpeechStream(
        parameters: AudioSpeechParameters, options: RequestOptions
    ) async throws -> AsyncThrowingStream<Data, any Error>
    /// [Creates images](https://platform.openai.com/docs/api-reference/images/create).
    func createImages(parameters: ImageCreateParameters, options: RequestOptions) async throws -> OpenAIResponse<ImageObject>

    /// [Edits images](https://platform.openai.com/docs/api-reference/images/createEdit).
    func editImage(parameters: ImageEditParameters, options: RequestOptions) async throws -> OpenAIResponse<ImageObject>

    /// [Creates variations](https://platform.openai.com/docs/api-reference/images/createVariation) of an image.
    func createImageVariations(parameters: ImageVariationParameters, options: RequestOptions) async throws -> OpenAIResponse<ImageObject>

    /// The bytes of an image: decoded from `b64_json`, or downloaded from its `url` (without this service's credentials).
    func imageData(for image: ImageObject, options: RequestOptions) async throws -> Data
}

extension OpenAIService {
    public func responseCreate(_ parameters: ModelResponseParameter) async throws -> ResponseModel {
        try await responseCreate(parameters, options: .default)
    }

    public func responseCreateStream(
        _ parameters: ModelResponseParameter
    ) async throws -> AsyncThrowingStream<ResponseStreamEvent, any Error> {
        try await responseCreateStream(parameters, options: .default)
    }

    public func responseModel(id: String, include: [String]? = nil) async throws -> ResponseModel {
        try await responseModel(id: id, include: include, options: .default)
    }

    public func responseRetrieveStream(
        id: String, startingAfter: Int? = nil
    ) async throws -> AsyncThrowingStream<ResponseStreamEvent, any Error> {
        try await responseRetrieveStream(id: id, startingAfter: startingAfter, options: .default)
    }

    public func responseDelete(id: String) async throws -> ResponseModel.DeletionStatus {
        try await responseDelete(id: id, options: .default)
    }

    public func responseCancel(id: String) async throws -> ResponseModel {
        try await responseCancel(id: id, options: .default)
    }

    public func responseInputItems(
        id: String, parameters: ResponseInputItemsParameter = ResponseInputItemsParameter()
    ) async throws -> ResponseModel.InputItemList {
        try await responseInputItems(id: id, parameters: parameters, options: .default)
    }


}

extension OpenAIService {
    public func startChat(parameters: ChatCompletionParameters) async throws -> ChatCompletionObject {
        try await startChat(parameters: parameters, options: .default)
    }

    public func startStreamedChat(
        parameters: ChatCompletionParameters
    ) async throws -> AsyncThrowingStream<ChatCompletionChunkObject, any Error> {
        try await startStreamedChat(parameters: parameters, options: .default)
    }

    public func listModels() async throws -> OpenAIResponse<ModelObject> {
        try await listModels(options: .default)
    }

    public func retrieveModelWith(id: String) async throws -> ModelObject {
        try await retrieveModelWith(id: id, options: .default)
    }

    public func deleteFineTuneModelWith(id: String) async throws -> ModelObject.DeletionStatus {
        try await deleteFineTuneModelWith(id: id, options: .default)
    }

    public func createEmbeddings(parameters: EmbeddingParameter) async throws -> OpenAIResponse<EmbeddingObject> {
        try await createEmbeddings(parameters: parameters, options: .default)
    }

    /// Classifies one text.
    public func createModerationFromText(
        parameters: ModerationParameter<String>, options: RequestOptions = .default
    ) async throws -> ModerationObject {
        try await createModeration(parameters: parameters, options: options)
    }

    /// Classifies several texts.
    public func createModerationFromTexts(
        parameters: ModerationParameter<[String]>, options: RequestOptions = .default
    ) async throws -> ModerationObject {
        try await createModeration(parameters: parameters, options: options)
    }
}

extension OpenAIService {
    public func createTranscription(parameters: AudioTranscriptionParameters) async throws -> AudioObject {
        try await createTranscription(parameters: parameters, options: .default)
    }

    public func createTranscriptionStream(
        parameters: AudioTranscriptionParameters
    ) async throws -> AsyncThrowingStream<AudioTranscriptionStreamEvent, any Error> {
        try await createTranscriptionStream(parameters: parameters, options: .default)
    }

    public func createTranslation(parameters: AudioTranslationParameters) async throws -> AudioObject {
        try await createTranslation(parameters: parameters, options: .default)
    }

    public func createSpeech(parameters: AudioSpeechParameters) async throws -> AudioSpeechObject {
        try await createSpeech(parameters: parameters, options: .default)
    }

    public func createSpeechStream(parameters: AudioSpeechParameters) async throws -> AsyncThrowingStream<Data, any Error> {
        try await createSpeechStream(parameters: parameters, options: .default)
    }
}

extension OpenAIService {
    public func createImages(parameters: ImageCreateParameters) async throws -> OpenAIResponse<ImageObject> {
        try await createImages(parameters: parameters, options: .default)
    }

    public func editImage(parameters: ImageEditParameters) async throws -> OpenAIResponse<ImageObject> {
        try await editImage(parameters: parameters, options: .default)
    }

    public func createImageVariations(parameters: ImageVariationParameters) async throws -> OpenAIResponse<ImageObject> {
        try await createImageVariations(parameters: parameters, options: .default)
    }

    public func imageData(for image: ImageObject) async throws -> Data {
        try await imageData(for: image, options: .default)
    }
}
