import AICore
import Foundation

/// Conversations: durable, server-side conversation state that Responses read from and append to.
public protocol OpenAIConversationsService: Sendable {}
