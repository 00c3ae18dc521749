import AICore
import Foundation

/// The [stored chat completions](https://platform.openai.com/docs/api-reference/chat/list) calls of ``OpenAIService``:
/// completions made with `store: true`, listed, read, re-labelled and deleted; on Azure OpenAI, its v1 API only.
///
/// Apart from ``OpenAIChatService`` so that a type that only makes chat completions (a test double, say) conforms to
/// that protocol without these calls.
public protocol OpenAIStoredChatService: AnyObject, Sendable {
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
