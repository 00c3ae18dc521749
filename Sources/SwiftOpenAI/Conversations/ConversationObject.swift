import AICore
import Foundation

/// One item of a conversation: a message, a function call or its output, reasoning, a tool call … — the same type
/// as a response's output items, so an item read from a conversation can be sent back as input unchanged.
public typealias ConversationItem = ResponseModel.OutputItem

/// Page size, order, cursor and `include` of ``OpenAIConversationsService/listConversationItems(conversationID:parameters:options:)``:
/// the same as those of a response's input items.
public typealias ConversationItemsParameter = ResponseInputItemsParameter

/// The [Conversation object](https://platform.openai.com/docs/api-reference/conversations/object).
public struct ConversationObject: Codable, Sendable, Equatable {
    public let id: String
    /// Always `conversation`.
    public let object: String
    /// Seconds since 1970.
    public let createdAt: Int
    /// Up to 16 key-value pairs (empty when the conversation has none).
    public let metadata: [String: String]

    /// The answer to a deletion.
    public typealias DeletionStatus = SwiftOpenAI.DeletionStatus

    public init(id: String, createdAt: Int, metadata: [String: String] = [:]) {
        self.id = id
        self.object = "conversation"
        self.createdAt = createdAt
        self.metadata = metadata
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decode(String.self, forKey: .id)
        object = try container.decodeIfPresent(String.self, forKey: .object) ?? "conversation"
        createdAt = try container.decode(Int.self, forKey: .createdAt)
        metadata = try container.decodeIfPresent([String: String].self, forKey: .metadata) ?? [:]
    }

    enum CodingKeys: String, CodingKey {
        case id, object
        case createdAt = "created_at"
        case metadata
    }
}

/// [Creates a conversation](https://platform.openai.com/docs/api-reference/conversations/create).
public struct ConversationParameters: Encodable, Sendable {
    /// Up to 20 items the conversation starts with.
    public var items: [ModelResponseParameter.InputItem]?
    /// Up to 16 key-value pairs (keys up to 64 characters, values up to 512).
    public var metadata: [String: String]?

    public init(items: [ModelResponseParameter.InputItem]? = nil, metadata: [String: String]? = nil) {
        self.items = items
        self.metadata = metadata
    }
}
