import AICore
import Foundation

/// [Creates](https://platform.openai.com/docs/api-reference/threads/createThread) or modifies a thread.
public struct CreateThreadParameters: Encodable, Sendable {
    /// Messages to start the thread with.
    public var messages: [MessageParameter]?
    public var toolResources: ToolResources?
    public var metadata: [String: String]?

    public init(messages: [MessageParameter]? = nil, toolResources: ToolResources? = nil, metadata: [String: String]? = nil) {
        self.messages = messages
        self.toolResources = toolResources
        self.metadata = metadata
    }

    enum CodingKeys: String, CodingKey {
        case messages
        case toolResources = "tool_resources"
        case metadata
    }
}

/// A [thread](https://platform.openai.com/docs/api-reference/threads/object).
public struct ThreadObject: Codable, Sendable {
    public let id: String
    public let object: String
    public let createdAt: Int
    public let metadata: [String: String]
    public let toolResources: ToolResources?

    /// The answer to a deletion.
    public typealias DeletionStatus = SwiftOpenAI.DeletionStatus

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decode(String.self, forKey: .id)
        object = try container.decodeIfPresent(String.self, forKey: .object) ?? "thread"
        createdAt = try container.decode(Int.self, forKey: .createdAt)
        metadata = (try? container.decodeIfPresent([String: String].self, forKey: .metadata)) ?? [:]
        toolResources = try container.decodeIfPresent(ToolResources.self, forKey: .toolResources)
    }

    enum CodingKeys: String, CodingKey {
        case id, object
        case createdAt = "created_at"
        case metadata
        case toolResources = "tool_resources"
    }
}

/// ``MessageParameter`` under a name no other module uses: write `ThreadMessageParameter` in a file that also
/// imports SwiftAnthropic, whose `MessageParameter` is the body of a Claude message request.
public typealias ThreadMessageParameter = MessageParameter

/// [Creates a message](https://platform.openai.com/docs/api-reference/messages/createMessage) in a thread.
public struct MessageParameter: Encodable, Sendable {
    /// `user` or `assistant`.
    public let role: String
    public let content: Content
    /// Files for tools: `{"file_id", "tools": [{"type": "code_interpreter"}|{"type": "file_search"}]}`.
    public let attachments: [Attachment]?
    public let metadata: [String: String]?

    /// The role of a message.
    public enum Role: String, Sendable {
        case user, assistant
    }

    /// Text, or parts (text, image files, image URLs).
    public enum Content: Encodable, Sendable {
        case text(String)
        case parts([JSONValue])

        public func encode(to encoder: any Encoder) throws {
            var container = encoder.singleValueContainer()
            switch self {
            case .text(let text): try container.encode(text)
            case .parts(let parts): try container.encode(parts)
            }
        }
    }

    /// A file attached to a message and the tools that may use it.
    public struct Attachment: Encodable, Sendable {
        public let fileID: String
        public let tools: [String]

        public init(fileID: String, tools: [String] = ["file_search"]) {
            self.fileID = fileID
            self.tools = tools
        }

        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(fileID, forKey: .fileID)
            try container.encode(tools.map { ["type": $0] }, forKey: .tools)
        }

        enum CodingKeys: String, CodingKey {
            case fileID = "file_id"
            case tools
        }
    }

    /// A message with text content. `fileIDS` are Assistants v1's file ids, sent as attachments for file search.
    public init(role: String, content: String, fileIDS: [String]? = nil, attachments: [Attachment]? = nil, metadata: [String: String]? = nil) {
        self.role = role
        self.content = .text(content)
        let legacy = fileIDS?.map { Attachment(fileID: $0) } ?? []
        let all = (attachments ?? []) + legacy
        self.attachments = all.isEmpty ? nil : all
        self.metadata = metadata
    }

    public init(role: Role, content: String, attachments: [Attachment]? = nil, metadata: [String: String]? = nil) {
        self.init(role: role.rawValue, content: content, attachments: attachments, metadata: metadata)
    }

    /// A message of several parts, e.g. `["type": "image_url", "image_url": ["url": …]]`.
    public init(role: Role, parts: [JSONValue], attachments: [Attachment]? = nil, metadata: [String: String]? = nil) {
        self.role = role.rawValue
        self.content = .parts(parts)
        self.attachments = attachments
        self.metadata = metadata
    }
}

/// [Modifies a message](https://platform.openai.com/docs/api-reference/messages/modifyMessage).
public struct ModifyMessageParameters: Encodable, Sendable {
    public var metadata: [String: String]

    public init(metadata: [String: String]) { self.metadata = metadata }
}

/// A [message](https://platform.openai.com/docs/api-reference/messages/object) of a thread.
public struct MessageObject: Codable, Sendable {
    public let id: String
    public let object: String
    public let createdAt: Int
    public let threadID: String
    /// `in_progress`, `incomplete` or `completed`.
    public let status: String?
    public let role: String
    public let content: [MessageContent]
    public let assistantID: String?
    public let runID: String?
    public let attachments: [JSONValue]?
    public let metadata: [String: String]?
    public let incompleteDetails: JSONValue?
    public let completedAt: Int?

    /// The attached files' ids.
    public var fileIDS: [String]? { attachments?.compactMap { $0["file_id"]?.stringValue } }

    /// The text of every text part, joined.
    public var text: String {
        content.compactMap { if case .text(let text) = $0, text.type == "text" { text.text.value } else { nil } }.joined()
    }

    public enum Role: String, Sendable {
        case user, assistant
    }

    enum CodingKeys: String, CodingKey {
        case id, object
        case createdAt = "created_at"
        case threadID = "thread_id"
        case status, role, content
        case assistantID = "assistant_id"
        case runID = "run_id"
        case attachments, metadata
        case incompleteDetails = "incomplete_details"
        case completedAt = "completed_at"
    }
}

/// A part of a message: an image or text.
///
/// `image_url` parts arrive as ``imageFile(_:)`` with ``ImageFile/imageURL`` set; `refusal` parts as
/// ``text(_:)`` whose `type` is `refusal`.
public enum MessageContent: Codable, Sendable {
    case imageFile(ImageFile)
    case text(Text)

    public init(from decoder: any Decoder) throws {
        switch decoder.stringField(named: "type") {
        case "image_file", "image_url": self = .imageFile(try ImageFile(from: decoder))
        case "refusal":
            let index = try decoder.container(keyedBy: AnyCodingKey.self).decodeIfPresent(Int.self, forKey: AnyCodingKey("index"))
            self = .text(Text(type: "refusal", text: .init(value: decoder.stringField(named: "refusal") ?? "", annotations: []), index: index))
        default: self = .text(try Text(from: decoder))
        }
    }

    public func encode(to encoder: any Encoder) throws {
        switch self {
        case .imageFile(let image): try image.encode(to: encoder)
        case .text(let text): try text.encode(to: encoder)
        }
    }
}

/// An image in a message: an uploaded file or a URL.
public struct ImageFile: Codable, Sendable {
    /// `image_file` or `image_url`.
    public let type: String
    public let imageFile: ImageFileContent?
    public let imageURL: ImageURLContent?
    /// The position of the part (in deltas).
    public let index: Int?

    public struct ImageFileContent: Codable, Sendable {
        public let fileID: String
        public let detail: String?

        enum CodingKeys: String, CodingKey {
            case fileID = "file_id"
            case detail
        }
    }

    public struct ImageURLContent: Codable, Sendable {
        public let url: String
        public let detail: String?
    }

    enum CodingKeys: String, CodingKey {
        case type
        case imageFile = "image_file"
        case imageURL = "image_url"
        case index
    }
}

/// Text in a message, with its annotations.
public struct Text: Codable, Sendable {
    /// `text` (or `refusal`).
    public let type: String
    public let text: TextContent
    /// The position of the part (in deltas).
    public let index: Int?

    public init(type: String = "text", text: TextContent, index: Int? = nil) {
        self.type = type
        self.text = text
        self.index = index
    }

    public struct TextContent: Codable, Sendable {
        public let value: String
        public let annotations: [Annotation]

        public init(value: String, annotations: [Annotation]) {
            self.value = value
            self.annotations = annotations
        }

        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            value = try container.decodeIfPresent(String.self, forKey: .value) ?? ""
            annotations = try container.decodeIfPresent([Annotation].self, forKey: .annotations) ?? []
        }

        enum CodingKeys: String, CodingKey { case value, annotations }
    }
}

/// A citation (file search) or a generated file path (code interpreter) inside a text.
public enum Annotation: Codable, Sendable {
    case fileCitation(FileCitation)
    case filePath(FilePath)

    public init(from decoder: any Decoder) throws {
        if decoder.stringField(named: "type") == "file_path" {
            self = .filePath(try FilePath(from: decoder))
        } else {
            self = .fileCitation(try FileCitation(from: decoder))
        }
    }

    public func encode(to encoder: any Encoder) throws {
        switch self {
        case .fileCitation(let citation): try citation.encode(to: encoder)
        case .filePath(let path): try path.encode(to: encoder)
        }
    }
}

/// A citation of a file the file search tool found.
public struct FileCitation: Codable, Sendable {
    public let type: String
    /// The text to replace in the message.
    public let text: String
    public let fileCitation: Citation
    public let startIndex: Int
    public let endIndex: Int

    public struct Citation: Codable, Sendable {
        public let fileID: String
        public let quote: String?

        enum CodingKeys: String, CodingKey {
            case fileID = "file_id"
            case quote
        }
    }

    enum CodingKeys: String, CodingKey {
        case type, text
        case fileCitation = "file_citation"
        case startIndex = "start_index"
        case endIndex = "end_index"
    }
}

/// A file the code interpreter generated.
public struct FilePath: Codable, Sendable {
    public let type: String
    public let text: String
    public let filePath: Path
    public let startIndex: Int
    public let endIndex: Int

    public struct Path: Codable, Sendable {
        public let fileID: String

        enum CodingKeys: String, CodingKey { case fileID = "file_id" }
    }

    enum CodingKeys: String, CodingKey {
        case type, text
        case filePath = "file_path"
        case startIndex = "start_index"
        case endIndex = "end_index"
    }
}

/// A [message delta](https://platform.openai.com/docs/api-reference/assistants-streaming/message-delta-object).
public struct MessageDeltaObject: Codable, Sendable {
    public let id: String
    public let object: String
    public let delta: Delta

    public struct Delta: Codable, Sendable {
        public let role: String?
        public let content: [MessageContent]

        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            role = try container.decodeIfPresent(String.self, forKey: .role)
            content = try container.decodeIfPresent([MessageContent].self, forKey: .content) ?? []
        }

        enum CodingKeys: String, CodingKey { case role, content }
    }
}
