import AICore
import Foundation

// Assistants v1 had assistant files and message files, with endpoints of their own. Assistants v2 removed
// those endpoints: an assistant's files are its code interpreter's `tool_resources`, and a message's files
// are its `attachments`. The v1 calls are kept and answered from those v2 fields, so code written
// against v1 still compiles and still does what it says. The calls are in OpenAIAssistantsService+V1Files.swift.

/// Attaches a file to an assistant (Assistants v1's
/// [create assistant file](https://platform.openai.com/docs/api-reference/assistants/createAssistantFile)).
///
/// The misspelled name is the one SwiftOpenAI has always used; ``AssistantFileParameters`` is the same type.
public struct AssistantFileParamaters: Encodable, Sendable {
    /// The assistant to attach the file to.
    public let assistantID: String
    /// A file uploaded with purpose `assistants`.
    public let fileID: String

    public init(assistantID: String, fileID: String) {
        self.assistantID = assistantID
        self.fileID = fileID
    }

    enum CodingKeys: String, CodingKey { case fileID = "file_id" }
}

public typealias AssistantFileParameters = AssistantFileParamaters

/// A file attached to an assistant (Assistants v1's assistant file object): one of the assistant's
/// code-interpreter files in v2.
public struct AssistantFileObject: Codable, Sendable, Equatable {
    /// The file's id.
    public let id: String
    /// Always `assistant.file`.
    public let object: String
    /// v2 does not record when a file was attached: this is the assistant's creation time.
    public let createdAt: Int
    /// The assistant the file is attached to.
    public let assistantID: String

    public typealias DeletionStatus = SwiftOpenAI.DeletionStatus

    public init(id: String, object: String = "assistant.file", createdAt: Int, assistantID: String) {
        self.id = id
        self.object = object
        self.createdAt = createdAt
        self.assistantID = assistantID
    }

    enum CodingKeys: String, CodingKey {
        case id, object
        case createdAt = "created_at"
        case assistantID = "assistant_id"
    }
}

/// A file attached to a message (Assistants v1's message file object): one of the message's `attachments`
/// in v2.
public struct MessageFileObject: Codable, Sendable, Equatable {
    /// The file's id.
    public let id: String
    /// Always `thread.message.file`.
    public let object: String
    /// The message's creation time.
    public let createdAt: Int
    /// The message the file is attached to.
    public let messageID: String
    /// The tools the file was attached for (`code_interpreter`, `file_search`).
    public let tools: [String]

    public init(id: String, object: String = "thread.message.file", createdAt: Int, messageID: String, tools: [String] = []) {
        self.id = id
        self.object = object
        self.createdAt = createdAt
        self.messageID = messageID
        self.tools = tools
    }

    /// The files attached to `message`, in the order of its attachments.
    public static func files(of message: MessageObject) -> [MessageFileObject] {
        (message.attachments ?? []).compactMap { attachment in
            guard let id = attachment["file_id"]?.stringValue else { return nil }
            let tools = attachment["tools"]?.arrayValue?.compactMap { $0["type"]?.stringValue } ?? []
            return MessageFileObject(id: id, createdAt: message.createdAt, messageID: message.id, tools: tools)
        }
    }

    enum CodingKeys: String, CodingKey {
        case id, object, tools
        case createdAt = "created_at"
        case messageID = "message_id"
    }
}
