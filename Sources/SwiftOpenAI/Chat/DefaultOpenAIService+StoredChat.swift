import AICore
import Foundation

/// Stored chat completions: what `store: true` kept, listed, read, relabelled and deleted.
extension DefaultOpenAIService {
    public func listChatCompletions(
        model: String?, metadata: [String: String]?, after: String?, limit: Int?, order: ListOrder?, options: RequestOptions
    ) async throws -> OpenAIResponse<ChatCompletionObject> {
        var query = Self.storedChatQuery(after: after, limit: limit, order: order)
        if let model { query.append(URLQueryItem(name: "model", value: model)) }
        for (key, value) in (metadata ?? [:]).sorted(by: { $0.key < $1.key }) {
            query.append(URLQueryItem(name: "metadata[\(key)]", value: value))
        }
        return try await client.decode(
            OpenAIResponse<ChatCompletionObject>.self, for: APIRequest(method: .get, path: try storedChatPath(nil), query: query), options: options)
    }

    public func getChatCompletion(completionID: String, options: RequestOptions) async throws -> ChatCompletionObject {
        try await client.decode(ChatCompletionObject.self, for: APIRequest(method: .get, path: try storedChatPath(completionID)), options: options)
    }

    public func updateChatCompletion(completionID: String, metadata: [String: String], options: RequestOptions) async throws -> ChatCompletionObject {
        try await client.decode(
            ChatCompletionObject.self, for: .json(.post, try storedChatPath(completionID), body: ["metadata": metadata]), options: options)
    }

    public func deleteChatCompletion(completionID: String, options: RequestOptions) async throws -> DeletionStatus {
        try await client.decode(DeletionStatus.self, for: APIRequest(method: .delete, path: try storedChatPath(completionID)), options: options)
    }

    public func getChatCompletionMessages(
        completionID: String, after: String?, limit: Int?, order: ListOrder?, options: RequestOptions
    ) async throws -> OpenAIResponse<StoredChatCompletionMessage> {
        try await client.decode(
            OpenAIResponse<StoredChatCompletionMessage>.self,
            for: APIRequest(
                method: .get, path: try storedChatPath(completionID) + "/messages", query: Self.storedChatQuery(after: after, limit: limit, order: order)),
            options: options)
    }

    /// `/chat/completions` or `/chat/completions/{id}`; Azure serves stored completions on its v1 API only.
    private func storedChatPath(_ id: String?) throws -> String {
        let path = id.map { "/chat/completions/\(Self.pathComponent($0))" } ?? "/chat/completions"
        return try routing.v1OnlyPath(path, feature: "Stored chat completions")
    }

    private static func storedChatQuery(after: String?, limit: Int?, order: ListOrder?) -> [URLQueryItem] {
        var query = ListParameters(limit: limit, after: after).queryItems
        if let order { query.append(URLQueryItem(name: "order", value: order.rawValue)) }
        return query
    }
}
