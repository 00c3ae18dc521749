import AICore
import Foundation

extension OpenAIConversationsService {
    /// Every item of a conversation, page after page as the sequence is consumed.
    ///
    /// - Parameters:
    ///   - conversationID: the conversation.
    ///   - order: `asc` (oldest first) or `desc` (newest first, the server's default).
    ///   - include: extra output to include, e.g. `reasoning.encrypted_content`.
    ///   - pageSize: items per request (1…100; the server's default is 20).
    ///   - options: per-call options for every page.
    public func allConversationItems(
        conversationID: String, order: String? = nil, include: [String]? = nil, pageSize: Int? = nil, options: RequestOptions = .default
    ) -> OpenAIPageSequence<ConversationItem> {
        OpenAIPageSequence(
            fetch: { after in
                try await self.listConversationItems(
                    conversationID: conversationID,
                    parameters: ConversationItemsParameter(limit: pageSize, order: order, after: after, include: include), options: options)
            }, id: { $0.id ?? "" })
    }
}
