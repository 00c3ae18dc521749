import AICore
import Foundation

/// ChatKit (beta): sessions and threads of OpenAI's hosted chat UI. Every call carries `OpenAI-Beta: chatkit_beta=v1`.
///
/// Part of ``OpenAIService``; a type can conform to this protocol alone (a mock of this area, say).
public protocol OpenAIChatKitService: Sendable {
    /// [Creates a session](https://platform.openai.com/docs/api-reference/chatkit/sessions/create) for one end user;
    /// hand its client secret to the ChatKit UI.
    func createChatKitSession(parameters: ChatKitSessionParameters, options: RequestOptions) async throws -> ChatKitSession

    /// Cancels a session: its client secret stops working. Returns the session as it now is.
    func cancelChatKitSession(id: String, options: RequestOptions) async throws -> ChatKitSession

    /// Lists threads, of one `user` when given; one page.
    func listChatKitThreads(user: String?, parameters: ListParameters, options: RequestOptions) async throws -> OpenAIResponse<ChatKitThread>

    /// A thread.
    func retrieveChatKitThread(id: String, options: RequestOptions) async throws -> ChatKitThread

    /// Deletes a thread with its items and attachments.
    func deleteChatKitThread(id: String, options: RequestOptions) async throws -> ChatKitThread.DeletionStatus

    /// A thread's items (messages, widgets, tool calls, tasks); one page, newest first unless `order` is `asc`.
    func listChatKitThreadItems(
        threadID: String, parameters: ListParameters, options: RequestOptions
    ) async throws -> OpenAIResponse<ChatKitThreadItem>
}

extension OpenAIChatKitService {
    public func createChatKitSession(parameters: ChatKitSessionParameters) async throws -> ChatKitSession {
        try await createChatKitSession(parameters: parameters, options: .default)
    }

    public func cancelChatKitSession(id: String) async throws -> ChatKitSession {
        try await cancelChatKitSession(id: id, options: .default)
    }

    public func listChatKitThreads(user: String? = nil, parameters: ListParameters = ListParameters()) async throws -> OpenAIResponse<ChatKitThread> {
        try await listChatKitThreads(user: user, parameters: parameters, options: .default)
    }

    public func retrieveChatKitThread(id: String) async throws -> ChatKitThread {
        try await retrieveChatKitThread(id: id, options: .default)
    }

    public func deleteChatKitThread(id: String) async throws -> ChatKitThread.DeletionStatus {
        try await deleteChatKitThread(id: id, options: .default)
    }

    public func listChatKitThreadItems(threadID: String, parameters: ListParameters = ListParameters()) async throws -> OpenAIResponse<ChatKitThreadItem> {
        try await listChatKitThreadItems(threadID: threadID, parameters: parameters, options: .default)
    }

    /// Every thread (of `user`), page after page as the sequence is consumed.
    public func allChatKitThreads(user: String? = nil, pageSize: Int? = nil, options: RequestOptions = .default) -> OpenAIPageSequence<ChatKitThread> {
        OpenAIPageSequence(
            fetch: { after in
                try await self.listChatKitThreads(user: user, parameters: ListParameters(limit: pageSize, after: after), options: options)
            }, id: \.id)
    }

    /// Every item of a thread, page after page as the sequence is consumed.
    public func allChatKitThreadItems(
        threadID: String, pageSize: Int? = nil, order: String? = nil, options: RequestOptions = .default
    ) -> OpenAIPageSequence<ChatKitThreadItem> {
        OpenAIPageSequence(
            fetch: { after in
                try await self.listChatKitThreadItems(
                    threadID: threadID, parameters: ListParameters(limit: pageSize, order: order, after: after), options: options)
            }, id: \.id)
    }
}
