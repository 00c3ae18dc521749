import AICore
import Foundation

/// The [chat completions](https://platform.openai.com/docs/api-reference/chat) calls of ``OpenAIService``.
///
/// Part of ``OpenAIService``; a type can conform to this protocol alone (a mock of this area, say).
public protocol OpenAIChatService: AnyObject, Sendable {
    /// [Creates](https://platform.openai.com/docs/api-reference/chat/create) a chat completion.
    func startChat(parameters: ChatCompletionParameters, options: RequestOptions) async throws -> ChatCompletionObject

    /// Creates a chat completion streamed as chunks.
    ///
    /// HTTP errors are thrown from this call; errors after the first byte are thrown from the stream,
    /// after every chunk received before them.
    func startStreamedChat(
        parameters: ChatCompletionParameters, options: RequestOptions
    ) async throws -> AIStream<ChatCompletionChunkObject>

    // MARK: Stored chat completions (made with `store: true`); on Azure OpenAI, its v1 API only.

    /// [Lists stored chat completions](https://platform.openai.com/docs/api-reference/chat/list); one page.
    ///
    /// - Parameters:
    ///   - model: only the completions of this model.
    ///   - metadata: only the completions whose metadata has every one of these pairs.
    ///   - after: the id of the last completion of the previous page.
    ///   - order: by creation time; oldest first when nil.
    func listChatCompletions(
        model: String?, metadata: [String: String]?, after: String?, limit: Int?, order: ListOrder?, options: RequestOptions
    ) async throws -> OpenAIResponse<ChatCompletionObject>

    /// [Retrieves a stored chat completion](https://platform.openai.com/docs/api-reference/chat/get), with its metadata.
    func getChatCompletion(completionID: String, options: RequestOptions) async throws -> ChatCompletionObject

    /// [Replaces the metadata](https://platform.openai.com/docs/api-reference/chat/update) of a stored chat completion,
    /// the only part of it that can change.
    func updateChatCompletion(completionID: String, metadata: [String: String], options: RequestOptions) async throws -> ChatCompletionObject

    /// [Deletes a stored chat completion](https://platform.openai.com/docs/api-reference/chat/delete).
    func deleteChatCompletion(completionID: String, options: RequestOptions) async throws -> DeletionStatus

    /// [Lists the messages](https://platform.openai.com/docs/api-reference/chat/getMessages) of the request that made a
    /// stored chat completion; one page.
    func getChatCompletionMessages(
        completionID: String, after: String?, limit: Int?, order: ListOrder?, options: RequestOptions
    ) async throws -> OpenAIResponse<StoredChatCompletionMessage>
}

extension OpenAIChatService {
    public func startChat(parameters: ChatCompletionParameters) async throws -> ChatCompletionObject {
        try await startChat(parameters: parameters, options: .default)
    }

    public func startStreamedChat(
        parameters: ChatCompletionParameters
    ) async throws -> AIStream<ChatCompletionChunkObject> {
        try await startStreamedChat(parameters: parameters, options: .default)
    }
}
