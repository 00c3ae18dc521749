import AICore
import Foundation

// The stored chat completion calls without `options:` (sent with `RequestOptions.default`), and their
// auto-paginating forms.
extension OpenAIStoredChatService {
    public func listChatCompletions(
        model: String? = nil, metadata: [String: String]? = nil, after: String? = nil, limit: Int? = nil, order: ListOrder? = nil
    ) async throws -> OpenAIResponse<ChatCompletionObject> {
        try await listChatCompletions(model: model, metadata: metadata, after: after, limit: limit, order: order, options: .default)
    }

    public func getChatCompletion(completionID: String) async throws -> ChatCompletionObject {
        try await getChatCompletion(completionID: completionID, options: .default)
    }

    public func updateChatCompletion(completionID: String, metadata: [String: String]) async throws -> ChatCompletionObject {
        try await updateChatCompletion(completionID: completionID, metadata: metadata, options: .default)
    }

    public func deleteChatCompletion(completionID: String) async throws -> DeletionStatus {
        try await deleteChatCompletion(completionID: completionID, options: .default)
    }

    public func getChatCompletionMessages(
        completionID: String, after: String? = nil, limit: Int? = nil, order: ListOrder? = nil
    ) async throws -> OpenAIResponse<StoredChatCompletionMessage> {
        try await getChatCompletionMessages(completionID: completionID, after: after, limit: limit, order: order, options: .default)
    }

    /// Every stored chat completion (of `model`, with all of `metadata`'s pairs), page after page as the sequence is consumed.
    public func allChatCompletions(
        model: String? = nil, metadata: [String: String]? = nil, order: ListOrder? = nil, pageSize: Int? = nil,
        options: RequestOptions = .default
    ) -> OpenAIPageSequence<ChatCompletionObject> {
        OpenAIPageSequence(
            fetch: { after in
                try await self.listChatCompletions(model: model, metadata: metadata, after: after, limit: pageSize, order: order, options: options)
            }, id: \.id)
    }

    /// Every message of a stored chat completion's request, page after page.
    public func allChatCompletionMessages(
        completionID: String, order: ListOrder? = nil, pageSize: Int? = nil, options: RequestOptions = .default
    ) -> OpenAIPageSequence<StoredChatCompletionMessage> {
        OpenAIPageSequence(
            fetch: { after in
                try await self.getChatCompletionMessages(completionID: completionID, after: after, limit: pageSize, order: order, options: options)
            }, id: \.id)
    }
}
