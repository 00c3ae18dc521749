import AICore
import Foundation

// Every `OpenAIConversationsService` call without `options:`, sent with `RequestOptions.default`.
extension OpenAIConversationsService {
    public func createConversation(parameters: ConversationParameters = ConversationParameters()) async throws -> ConversationObject {
        try await createConversation(parameters: parameters, options: .default)
    }

    public func retrieveConversation(id: String) async throws -> ConversationObject {
        try await retrieveConversation(id: id, options: .default)
    }

    public func updateConversation(id: String, metadata: [String: String]) async throws -> ConversationObject {
        try await updateConversation(id: id, metadata: metadata, options: .default)
    }

    public func deleteConversation(id: String) async throws -> ConversationObject.DeletionStatus {
        try await deleteConversation(id: id, options: .default)
    }

    public func createConversationItems(
        conversationID: String, items: [ModelResponseParameter.InputItem], include: [String]? = nil
    ) async throws -> OpenAIResponse<ConversationItem> {
        try await createConversationItems(conversationID: conversationID, items: items, include: include, options: .default)
    }

    public func listConversationItems(
        conversationID: String, parameters: ConversationItemsParameter = ConversationItemsParameter()
    ) async throws -> OpenAIResponse<ConversationItem> {
        try await listConversationItems(conversationID: conversationID, parameters: parameters, options: .default)
    }

    public func retrieveConversationItem(conversationID: String, itemID: String, include: [String]? = nil) async throws -> ConversationItem {
        try await retrieveConversationItem(conversationID: conversationID, itemID: itemID, include: include, options: .default)
    }

    public func deleteConversationItem(conversationID: String, itemID: String) async throws -> ConversationObject {
        try await deleteConversationItem(conversationID: conversationID, itemID: itemID, options: .default)
    }
}
