import AICore
import Foundation

// MARK: Assistants v1 files
//
// v1's assistant-file and message-file calls, answered from v2's `tool_resources` and `attachments`
// The types, `AssistantFileObject` and `MessageFileObject`, are in AssistantFiles.swift.
extension OpenAIAssistantsService {
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
