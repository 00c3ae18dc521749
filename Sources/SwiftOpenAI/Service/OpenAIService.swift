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
