import AICore
import Foundation

/// A ChatKit conversation (`chatkit.thread`).
public struct ChatKitThread: Codable, Sendable, Equatable, Identifiable {
    /// `active`, `locked` (no new input) or `closed`, with the reason given for the last two.
    public struct Status: Codable, Sendable, Equatable {
        /// `active`, `locked`, `closed`, or a value the API adds later.
        public var type: String
        public var reason: String?

        public init(type: String, reason: String? = nil) {
            self.type = type
            self.reason = reason
        }
    }

    /// `cthr_…`.
    public var id: String
    public var object: String
    /// Unix seconds.
    public var createdAt: Int
    /// nil until one is given or generated.
    public var title: String?
    public var status: Status
    /// The end user the thread belongs to.
    public var user: String

    enum CodingKeys: String, CodingKey {
        case id, object, title, status, user
        case createdAt = "created_at"
    }

    /// The answer to a delete (`chatkit.thread.deleted`).
    public struct DeletionStatus: Codable, Sendable, Equatable {
        public var id: String
        public var object: String
        public var deleted: Bool
    }
}

/// One item of a ChatKit thread: a user or assistant message, a widget, a client tool call, a task or a task group.
///
/// The fields every item has are typed; the whole item stays in ``raw``, so kinds and fields the API adds later
/// are kept.
public struct ChatKitThreadItem: Codable, Sendable, Equatable, Identifiable {
    /// An item's kind; values the API adds later are kept as they come.
    public struct Kind: RawRepresentable, Codable, Hashable, Sendable, ExpressibleByStringLiteral {
        public var rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        public init(stringLiteral value: String) { self.rawValue = value }
        public init(from decoder: any Decoder) throws { rawValue = try decoder.singleValueContainer().decode(String.self) }
        public func encode(to encoder: any Encoder) throws {
            var container = encoder.singleValueContainer()
            try container.encode(rawValue)
        }

        public static let userMessage = Kind(rawValue: "chatkit.user_message")
        public static let assistantMessage = Kind(rawValue: "chatkit.assistant_message")
        public static let widget = Kind(rawValue: "chatkit.widget")
        public static let clientToolCall = Kind(rawValue: "chatkit.client_tool_call")
        public static let task = Kind(rawValue: "chatkit.task")
        public static let taskGroup = Kind(rawValue: "chatkit.task_group")
    }

    /// `cthi_…`.
    public var id: String
    public var createdAt: Int
    public var threadID: String
    public var kind: Kind
    /// The item as the API sent it.
    public var raw: JSONValue

    /// The text of a user or assistant message (its text parts joined); nil for other kinds.
    public var text: String? {
        guard kind == .userMessage || kind == .assistantMessage, let parts = raw["content"]?.arrayValue else { return nil }
        return parts.compactMap { $0["text"]?.stringValue }.joined()
    }

    enum CodingKeys: String, CodingKey {
        case id
        case createdAt = "created_at"
        case threadID = "thread_id"
        case kind = "type"
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decode(String.self, forKey: .id)
        createdAt = try container.decode(Int.self, forKey: .createdAt)
        threadID = try container.decode(String.self, forKey: .threadID)
        kind = try container.decode(Kind.self, forKey: .kind)
        raw = try JSONValue(from: decoder)
    }

    public func encode(to encoder: any Encoder) throws {
        try raw.encode(to: encoder)
    }
}
