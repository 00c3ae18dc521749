import AICore
import Foundation

extension DefaultOpenAIService {
    public func createConversation(parameters: ConversationParameters, options: RequestOptions) async throws -> ConversationObject {
        try await client.decode(
            ConversationObject.self, for: .json(.post, try conversationsPath(""), body: parameters), options: options)
    }

    public func retrieveConversation(id: String, options: RequestOptions) async throws -> ConversationObject {
        try await client.decode(
            ConversationObject.self, for: APIRequest(method: .get, path: try conversationPath(id)), options: options)
    }

    public func updateConversation(id: String, metadata: [String: String], options: RequestOptions) async throws -> ConversationObject {
        struct Body: Encodable { let metadata: [String: String] }
        return try await client.decode(
            ConversationObject.self, for: .json(.post, try conversationPath(id), body: Body(metadata: metadata)), options: options)
    }

    public func deleteConversation(id: String, options: RequestOptions) async throws -> ConversationObject.DeletionStatus {
        try await client.decode(
            ConversationObject.DeletionStatus.self, for: APIRequest(method: .delete, path: try conversationPath(id)), options: options)
    }

    public func createConversationItems(
        conversationID: String, items: [ModelResponseParameter.InputItem], include: [String]?, options: RequestOptions
    ) async throws -> OpenAIResponse<ConversationItem> {
        struct Body: Encodable { let items: [ModelResponseParameter.InputItem] }
        return try await client.decode(
            OpenAIResponse<ConversationItem>.self,
            for: .json(.post, try conversationPath(conversationID) + "/items", body: Body(items: items), query: Self.includeQuery(include)),
            options: options)
    }

    public func listConversationItems(
        conversationID: String, parameters: ConversationItemsParameter, options: RequestOptions
    ) async throws -> OpenAIResponse<ConversationItem> {
        try await client.decode(
            OpenAIResponse<ConversationItem>.self,
            for: APIRequest(method: .get, path: try conversationPath(conversationID) + "/items", query: parameters.queryItems),
            options: options)
    }

    public func retrieveConversationItem(
        conversationID: String, itemID: String, include: [String]?, options: RequestOptions
    ) async throws -> ConversationItem {
        try await client.decode(
            ConversationItem.self,
            for: APIRequest(method: .get, path: try conversationItemPath(conversationID, itemID), query: Self.includeQuery(include)),
            options: options)
    }

    public func deleteConversationItem(conversationID: String, itemID: String, options: RequestOptions) async throws -> ConversationObject {
        try await client.decode(
            ConversationObject.self, for: APIRequest(method: .delete, path: try conversationItemPath(conversationID, itemID)),
            options: options)
    }

    /// Azure OpenAI serves conversations on its v1 API only.
    private func conversationsPath(_ suffix: String) throws -> String {
        try routing.v1OnlyPath("/conversations" + suffix, feature: "Conversations")
    }

    /// An empty id would address another route (the collection), so it is refused before anything is sent.
    private func conversationPath(_ id: String) throws -> String {
        guard !id.isEmpty else { throw APIError(kind: .invalidRequest, message: "The conversation id is empty.") }
        return try conversationsPath("/" + Self.pathComponent(id))
    }

    private func conversationItemPath(_ conversationID: String, _ itemID: String) throws -> String {
        guard !itemID.isEmpty else { throw APIError(kind: .invalidRequest, message: "The conversation item id is empty.") }
        return try conversationPath(conversationID) + "/items/" + Self.pathComponent(itemID)
    }

    private static func includeQuery(_ include: [String]?) -> [URLQueryItem] {
        (include ?? []).map { URLQueryItem(name: "include[]", value: $0) }
    }
}
