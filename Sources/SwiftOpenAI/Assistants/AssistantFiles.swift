import AICore
import Foundation

// Assistants v1 had assistant files and message files, with endpoints of their own. Assistants v2 removed
// those endpoints: an assistant's files are its code interpreter's `tool_resources`, and a message's files
// are its `attachments`. The seed's calls are kept and answered from those v2 fields, so code written
// against v1 still compiles and still does what it says.

/// Attaches a file to an assistant (Assistants v1's
/// [create assistant file](https://platform.openai.com/docs/api-reference/assistants/createAssistantFile)).
///
/// The spelling is the seed's; ``AssistantFileParameters`` is the same type.
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

extension OpenAIService {
    /// Attaches a file to an assistant's code interpreter (v1's create assistant file): the assistant is
    /// read, and modified with the file added to `tool_resources.code_interpreter.file_ids`. Attaching a
    /// file twice changes nothing.
    ///
    /// v2 has no call that adds one file, so this reads and rewrites the whole list: two attach or detach
    /// calls for the same assistant running at the same time can undo each other. Run them one after another.
    public func createAssistantFile(parameters: AssistantFileParamaters, options: RequestOptions = .default) async throws -> AssistantFileObject {
        let assistant = try await retrieveAssistant(id: parameters.assistantID, options: options)
        if !assistant.fileIDS.contains(parameters.fileID) {
            try await setCodeInterpreterFiles(assistant.fileIDS + [parameters.fileID], of: assistant, options: options)
        }
        return AssistantFileObject(id: parameters.fileID, createdAt: assistant.createdAt, assistantID: assistant.id)
    }

    /// One file of an assistant (v1's retrieve assistant file); `.notFound` when it is not attached.
    public func retrieveAssistantFile(assistantID: String, fileID: String, options: RequestOptions = .default) async throws -> AssistantFileObject {
        let assistant = try await retrieveAssistant(id: assistantID, options: options)
        guard assistant.fileIDS.contains(fileID) else {
            throw APIError(kind: .notFound, statusCode: 404, type: "invalid_request_error",
                           message: "No file \(fileID) is attached to assistant \(assistantID).")
        }
        return AssistantFileObject(id: fileID, createdAt: assistant.createdAt, assistantID: assistant.id)
    }

    /// Detaches a file from an assistant's code interpreter (v1's delete assistant file); the file itself
    /// stays. `deleted` is false when the file was not attached.
    public func deleteAssistantFile(assistantID: String, fileID: String, options: RequestOptions = .default) async throws -> AssistantFileObject.DeletionStatus {
        let assistant = try await retrieveAssistant(id: assistantID, options: options)
        guard assistant.fileIDS.contains(fileID) else {
            return DeletionStatus(id: fileID, object: "assistant.file.deleted", deleted: false)
        }
        try await setCodeInterpreterFiles(assistant.fileIDS.filter { $0 != fileID }, of: assistant, options: options)
        return DeletionStatus(id: fileID, object: "assistant.file.deleted", deleted: true)
    }

    /// Replaces the code interpreter's files of `assistant`, leaving every other field as it is.
    private func setCodeInterpreterFiles(_ files: [String], of assistant: AssistantObject, options: RequestOptions) async throws {
        var resources = assistant.toolResources ?? ToolResources()
        resources.codeInterpreter = .init(fileIDs: files)
        _ = try await modifyAssistant(
            id: assistant.id, parameters: AssistantParameters(action: .modify, toolResources: resources), options: options)
    }

    /// An assistant's files (v1's list assistant files), paged like the v1 endpoint: `order` `desc` (the
    /// default) lists the most recently attached first; `after`/`before` are file ids.
    public func listAssistantFiles(
        assistantID: String, limit: Int? = nil, order: String? = nil, after: String? = nil, before: String? = nil,
        options: RequestOptions = .default
    ) async throws -> OpenAIResponse<AssistantFileObject> {
        let assistant = try await retrieveAssistant(id: assistantID, options: options)
        let files = assistant.fileIDS.map { AssistantFileObject(id: $0, createdAt: assistant.createdAt, assistantID: assistant.id) }
        return try AttachedFilePage.page(files, id: \.id, limit: limit, order: order, after: after, before: before)
    }

    /// One file attached to a message (v1's retrieve message file), read from the message's
    /// `attachments`; `.notFound` when it is not attached.
    public func retrieveMessageFile(threadID: String, messageID: String, fileID: String, options: RequestOptions = .default) async throws -> MessageFileObject {
        let message = try await retrieveMessage(threadID: threadID, messageID: messageID, options: options)
        guard let file = MessageFileObject.files(of: message).first(where: { $0.id == fileID }) else {
            throw APIError(kind: .notFound, statusCode: 404, type: "invalid_request_error",
                           message: "No file \(fileID) is attached to message \(messageID).")
        }
        return file
    }

    /// The files attached to a message (v1's list message files), paged like the v1 endpoint: `order`
    /// `desc` (the default) lists the last attachment first; `after`/`before` are file ids.
    public func listMessageFiles(
        threadID: String, messageID: String, limit: Int? = nil, order: String? = nil, after: String? = nil,
        before: String? = nil, options: RequestOptions = .default
    ) async throws -> OpenAIResponse<MessageFileObject> {
        let message = try await retrieveMessage(threadID: threadID, messageID: messageID, options: options)
        return try AttachedFilePage.page(
            MessageFileObject.files(of: message), id: \.id, limit: limit, order: order, after: after, before: before)
    }
}

/// Pages a list held in memory the way the API pages its lists.
enum AttachedFilePage {
    static func page<T>(
        _ items: [T], id: (T) -> String, limit: Int?, order: String?, after: String?, before: String?
    ) throws -> OpenAIResponse<T> {
        let limit = limit ?? 20
        guard (1...100).contains(limit) else {
            throw APIError(kind: .badRequest, statusCode: 400, type: "invalid_request_error", param: "limit",
                           message: "limit must be between 1 and 100.")
        }
        guard order == nil || order == "asc" || order == "desc" else {
            throw APIError(kind: .badRequest, statusCode: 400, type: "invalid_request_error", param: "order",
                           message: "order must be asc or desc.")
        }
        var ordered = order == "asc" ? items : items.reversed()
        // A cursor that is no longer in the list (the file was detached meanwhile) ends the listing.
        if let after {
            guard let index = ordered.firstIndex(where: { id($0) == after }) else { return OpenAIResponse(data: [], hasMore: false) }
            ordered = Array(ordered[(index + 1)...])
        }
        let page: [T]
        if let before {
            // The page just before the cursor.
            guard let index = ordered.firstIndex(where: { id($0) == before }) else { return OpenAIResponse(data: [], hasMore: false) }
            page = Array(ordered[..<index].suffix(limit))
            return OpenAIResponse(data: page, firstID: page.first.map(id), lastID: page.last.map(id), hasMore: index > limit)
        }
        page = Array(ordered.prefix(limit))
        return OpenAIResponse(
            data: page, firstID: page.first.map(id), lastID: page.last.map(id), hasMore: ordered.count > page.count)
    }
}
