import AICore
import Foundation

// The stored chat completion calls without `options:` (sent with `RequestOptions.default`), and their
// auto-paginating forms.
extension OpenAIChatService {
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

// A type that conforms to `OpenAIChatService` for chat alone (a test double, say) needn't implement the stored
// completion calls: these answer `.invalidRequest` naming the type. ``DefaultOpenAIService`` implements them all.
extension OpenAIChatService {
    private func notImplemented(_ call: String) -> APIError {
        APIError(kind: .invalidRequest, message: "\(type(of: self)) does not implement \(call).")
    }

    public func listChatCompletions(
        model: String?, metadata: [String: String]?, after: String?, limit: Int?, order: ListOrder?, options: RequestOptions
    ) async throws -> OpenAIResponse<ChatCompletionObject> {
        throw notImplemented("listChatCompletions")
    }

    public func getChatCompletion(completionID: String, options: RequestOptions) async throws -> ChatCompletionObject {
        throw notImplemented("getChatCompletion")
    }

    public func updateChatCompletion(completionID: String, metadata: [String: String], options: RequestOptions) async throws -> ChatCompletionObject {
        throw notImplemented("updateChatCompletion")
    }

    public func deleteChatCompletion(completionID: String, options: RequestOptions) async throws -> DeletionStatus {
        throw notImplemented("deleteChatCompletion")
    }

    public func getChatCompletionMessages(
        completionID: String, after: String?, limit: Int?, order: ListOrder?, options: RequestOptions
    ) async throws -> OpenAIResponse<StoredChatCompletionMessage> {
        throw notImplemented("getChatCompletionMessages")
    }
}
