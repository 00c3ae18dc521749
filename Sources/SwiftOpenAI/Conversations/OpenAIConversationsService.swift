import AICore
import Foundation

/// The [conversations](https://platform.openai.com/docs/api-reference/conversations) calls of ``OpenAIService``:
/// durable, server-side conversation state that Responses read from and append to.
///
/// Create a conversation once, then pass its id as ``ModelResponseParameter/conversation`` on each response: the
/// conversation's items become the model's context, and the response's input and output are added to it.
///
/// Part of ``OpenAIService``; a type can conform to this protocol alone (a mock of this area, say).
public protocol OpenAIConversationsService: Sendable {
    /// [Creates a conversation](https://platform.openai.com/docs/api-reference/conversations/create), optionally
    /// with up to 20 first items and metadata.
    func createConversation(parameters: ConversationParameters, options: RequestOptions) async throws -> ConversationObject

    /// [Retrieves](https://platform.openai.com/docs/api-reference/conversations/retrieve) a conversation.
    func retrieveConversation(id: String, options: RequestOptions) async throws -> ConversationObject

    /// [Updates](https://platform.openai.com/docs/api-reference/conversations/update) a conversation's metadata
    /// (it replaces the metadata as a whole).
    func updateConversation(id: String, metadata: [String: String], options: RequestOptions) async throws -> ConversationObject

    /// [Deletes](https://platform.openai.com/docs/api-reference/conversations/delete) a conversation. Its items are
    /// no longer reachable through it.
    func deleteConversation(id: String, options: RequestOptions) async throws -> ConversationObject.DeletionStatus

    /// [Adds items](https://platform.openai.com/docs/api-reference/conversations/create-items) (up to 20 at a
    /// time) to a conversation and returns them as stored, with their ids.
    ///
    /// - Parameters:
    ///   - conversationID: the conversation.
    ///   - items: messages, function call outputs, earlier output items ….
    ///   - include: extra output to include in the answer, e.g. `reasoning.encrypted_content`.
    ///   - options: per-call options.
    func createConversationItems(
        conversationID: String, items: [ModelResponseParameter.InputItem], include: [String]?, options: RequestOptions
    ) async throws -> OpenAIResponse<ConversationItem>

    /// [Lists](https://platform.openai.com/docs/api-reference/conversations/list-items) a conversation's items;
    /// one page (newest first unless `parameters.order` is `asc`). See ``allConversationItems(conversationID:order:include:pageSize:options:)``
    /// for every page.
    func listConversationItems(
        conversationID: String, parameters: ConversationItemsParameter, options: RequestOptions
    ) async throws -> OpenAIResponse<ConversationItem>

    /// [Retrieves](https://platform.openai.com/docs/api-reference/conversations/get-item) one item of a conversation.
    func retrieveConversationItem(
        conversationID: String, itemID: String, include: [String]?, options: RequestOptions
    ) async throws -> ConversationItem

    /// [Deletes](https://platform.openai.com/docs/api-reference/conversations/delete-item) one item of a
    /// conversation and returns the conversation.
    func deleteConversationItem(conversationID: String, itemID: String, options: RequestOptions) async throws -> ConversationObject
}
