import AICore
import Foundation

/// The Anthropic API. Obtain one from ``AnthropicServiceFactory``.
///
/// Every method has a form with ``RequestOptions`` for per-call timeouts, retries and headers.
/// Failures are thrown as ``APIError`` (with `.overloaded` for 529 and `overloaded_error`).
public protocol AnthropicService: AnthropicSkillsService, AnthropicManagedAgentsService {
    /// [Creates](https://docs.anthropic.com/en/api/messages) a message.
    func createMessage(_ parameter: MessageParameter, options: RequestOptions) async throws -> MessageResponse

    /// Creates a message streamed as events; errors after the first byte are thrown from the stream
    /// after every event received before them.
    func streamMessage(
        _ parameter: MessageParameter, options: RequestOptions
    ) async throws -> AIStream<MessageStreamResponse>

    /// [Counts](https://docs.anthropic.com/en/api/messages-count-tokens) the input tokens of a request.
    func countTokens(parameter: MessageTokenCountParameter, options: RequestOptions) async throws -> MessageInputTokens

    /// Legacy [text completion](https://docs.anthropic.com/en/api/complete).
    func createTextCompletion(_ parameter: TextCompletionParameter, options: RequestOptions) async throws -> TextCompletionResponse

    /// Legacy text completion, streamed.
    func createStreamTextCompletion(
        _ parameter: TextCompletionParameter, options: RequestOptions
    ) async throws -> AIStream<TextCompletionStreamResponse>

    /// [Creates](https://docs.anthropic.com/en/api/creating-message-batches) a Message Batch.
    func createMessageBatch(_ parameter: MessageBatchParameter, options: RequestOptions) async throws -> MessageBatch
    /// Retrieves a batch (poll until ``MessageBatch/isEnded``).
    func retrieveMessageBatch(id: String, options: RequestOptions) async throws -> MessageBatch
    /// Lists batches, newest first.
    func listMessageBatches(limit: Int?, beforeID: String?, afterID: String?, options: RequestOptions) async throws -> AnthropicPage<MessageBatch>
    /// Cancels a batch.
    func cancelMessageBatch(id: String, options: RequestOptions) async throws -> MessageBatch
    /// Deletes an ended batch.
    func deleteMessageBatch(id: String, options: RequestOptions) async throws -> DeletedObject
    /// Streams a batch's results (JSON Lines), one result per request, as they are read.
    func messageBatchResults(id: String, options: RequestOptions) async throws -> AIStream<MessageBatchResult>

    /// [Lists](https://docs.anthropic.com/en/api/models-list) the models.
    func listModels(limit: Int?, beforeID: String?, afterID: String?, options: RequestOptions) async throws -> AnthropicPage<ModelInfo>
    /// Retrieves a model (an id or an alias).
    func retrieveModel(id: String, options: RequestOptions) async throws -> ModelInfo

    /// Uploads a file (Files API beta; the beta header is added).
    func uploadFile(data: Data, filename: String, mimeType: String, options: RequestOptions) async throws -> FileMetadata
    /// Lists files.
    func listFiles(limit: Int?, beforeID: String?, afterID: String?, options: RequestOptions) async throws -> AnthropicPage<FileMetadata>
    /// Retrieves a file's metadata.
    func retrieveFileMetadata(id: String, options: RequestOptions) async throws -> FileMetadata
    /// Downloads a file's content.
    func downloadFile(id: String, options: RequestOptions) async throws -> Data
    /// Deletes a file.
    func deleteFile(id: String, options: RequestOptions) async throws -> DeletedObject
}

extension AnthropicService {
    public func createMessage(_ parameter: MessageParameter) async throws -> MessageResponse {
        try await createMessage(parameter, options: .default)
    }

    public func streamMessage(_ parameter: MessageParameter) async throws -> AIStream<MessageStreamResponse> {
        try await streamMessage(parameter, options: .default)
    }

    public func countTokens(parameter: MessageTokenCountParameter) async throws -> MessageInputTokens {
        try await countTokens(parameter: parameter, options: .default)
    }

    public func createTextCompletion(_ parameter: TextCompletionParameter) async throws -> TextCompletionResponse {
        try await createTextCompletion(parameter, options: .default)
    }

    public func createStreamTextCompletion(
        _ parameter: TextCompletionParameter
    ) async throws -> AIStream<TextCompletionStreamResponse> {
        try await createStreamTextCompletion(parameter, options: .default)
    }

    public func createMessageBatch(_ parameter: MessageBatchParameter) async throws -> MessageBatch {
        try await createMessageBatch(parameter, options: .default)
    }

    public func retrieveMessageBatch(id: String) async throws -> MessageBatch {
        try await retrieveMessageBatch(id: id, options: .default)
    }

    public func listMessageBatches(limit: Int? = nil, beforeID: String? = nil, afterID: String? = nil) async throws -> AnthropicPage<MessageBatch> {
        try await listMessageBatches(limit: limit, beforeID: beforeID, afterID: afterID, options: .default)
    }

    public func cancelMessageBatch(id: String) async throws -> MessageBatch {
        try await cancelMessageBatch(id: id, options: .default)
    }

    public func deleteMessageBatch(id: String) async throws -> DeletedObject {
        try await deleteMessageBatch(id: id, options: .default)
    }

    public func messageBatchResults(id: String) async throws -> AIStream<MessageBatchResult> {
        try await messageBatchResults(id: id, options: .default)
    }

    public func listModels(limit: Int? = nil, beforeID: String? = nil, afterID: String? = nil) async throws -> AnthropicPage<ModelInfo> {
        try await listModels(limit: limit, beforeID: beforeID, afterID: afterID, options: .default)
    }

    public func retrieveModel(id: String) async throws -> ModelInfo {
        try await retrieveModel(id: id, options: .default)
    }

    public func uploadFile(data: Data, filename: String, mimeType: String) async throws -> FileMetadata {
        try await uploadFile(data: data, filename: filename, mimeType: mimeType, options: .default)
    }

    public func listFiles(limit: Int? = nil, beforeID: String? = nil, afterID: String? = nil) async throws -> AnthropicPage<FileMetadata> {
        try await listFiles(limit: limit, beforeID: beforeID, afterID: afterID, options: .default)
    }

    public func retrieveFileMetadata(id: String) async throws -> FileMetadata {
        try await retrieveFileMetadata(id: id, options: .default)
    }

    public func downloadFile(id: String) async throws -> Data {
        try await downloadFile(id: id, options: .default)
    }

    public func deleteFile(id: String) async throws -> DeletedObject {
        try await deleteFile(id: id, options: .default)
    }
}
