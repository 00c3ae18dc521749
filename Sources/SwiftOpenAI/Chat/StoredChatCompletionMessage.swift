import AICore
import Foundation

/// A message of the request that made a stored chat completion
/// ([list](https://platform.openai.com/docs/api-reference/chat/getMessages)).
public struct StoredChatCompletionMessage: Codable, Sendable {
    /// The message's id within the stored completion.
    public let id: String
    /// `system`, `developer`, `user`, `assistant` or `tool` (kept as sent, so a new role still decodes).
    public let role: String
    /// The text, when the message was sent as a string.
    public let content: String?
    /// The `text` and `image_url` parts, when the message was sent as parts.
    public let contentParts: [JSONValue]?
    /// The participant name, when one was sent.
    public let name: String?
    /// The tool calls of an assistant message.
    public let toolCalls: [ToolCall]?
    /// The call a `tool` message answers.
    public let toolCallID: String?
    /// A refusal, for an assistant message that refused.
    public let refusal: String?

    enum CodingKeys: String, CodingKey {
        case id, role, content, name, refusal
        case contentParts = "content_parts"
        case toolCalls = "tool_calls"
        case toolCallID = "tool_call_id"
    }
}

/// How a list is sorted by creation time.
public enum ListOrder: String, Codable, Sendable {
    /// Oldest first.
    case ascending = "asc"
    /// Newest first.
    case descending = "desc"
}
