import AICore
import Foundation

extension OpenAIAssistantsService {
    public func createAssistant(parameters: AssistantParameters) async throws -> AssistantObject {
        try await createAssistant(parameters: parameters, options: .default)
    }

    public func retrieveAssistant(id: String) async throws -> AssistantObject {
        try await retrieveAssistant(id: id, options: .default)
    }

    public func modifyAssistant(id: String, parameters: AssistantParameters) async throws -> AssistantObject {
        try await modifyAssistant(id: id, parameters: parameters, options: .default)
    }

    public func deleteAssistant(id: String) async throws -> AssistantObject.DeletionStatus {
        try await deleteAssistant(id: id, options: .default)
    }

    public func listAssistants(limit: Int? = nil, order: String? = nil, after: String? = nil, before: String? = nil) async throws -> OpenAIResponse<AssistantObject> {
        try await listAssistants(limit: limit, order: order, after: after, before: before, options: .default)
    }

    public func createThread(parameters: CreateThreadParameters) async throws -> ThreadObject {
        try await createThread(parameters: parameters, options: .default)
    }

    public func retrieveThread(id: String) async throws -> ThreadObject {
        try await retrieveThread(id: id, options: .default)
    }

    public func modifyThread(id: String, parameters: CreateThreadParameters) async throws -> ThreadObject {
        try await modifyThread(id: id, parameters: parameters, options: .default)
    }

    public func deleteThread(id: String) async throws -> ThreadObject.DeletionStatus {
        try await deleteThread(id: id, options: .default)
    }

    public func createMessage(threadID: String, parameters: MessageParameter) async throws -> MessageObject {
        try await createMessage(threadID: threadID, parameters: parameters, options: .default)
    }

    public func retrieveMessage(threadID: String, messageID: String) async throws -> MessageObject {
        try await retrieveMessage(threadID: threadID, messageID: messageID, options: .default)
    }

    public func modifyMessage(threadID: String, messageID: String, parameters: ModifyMessageParameters) async throws -> MessageObject {
        try await modifyMessage(threadID: threadID, messageID: messageID, parameters: parameters, options: .default)
    }

    public func deleteMessage(threadID: String, messageID: String) async throws -> DeletionStatus {
        try await deleteMessage(threadID: threadID, messageID: messageID, options: .default)
    }

    public func listMessages(threadID: String, limit: Int? = nil, order: String? = nil, after: String? = nil, before: String? = nil, runID: String? = nil) async throws -> OpenAIResponse<MessageObject> {
        try await listMessages(threadID: threadID, limit: limit, order: order, after: after, before: before, runID: runID, options: .default)
    }

    public func createRun(threadID: String, parameters: RunParameter) async throws -> RunObject {
        try await createRun(threadID: threadID, parameters: parameters, options: .default)
    }

    public func retrieveRun(threadID: String, runID: String) async throws -> RunObject {
        try await retrieveRun(threadID: threadID, runID: runID, options: .default)
    }

    public func modifyRun(threadID: String, runID: String, parameters: ModifyRunParameters) async throws -> RunObject {
        try await modifyRun(threadID: threadID, runID: runID, parameters: parameters, options: .default)
    }

    public func listRuns(threadID: String, limit: Int? = nil, order: String? = nil, after: String? = nil, before: String? = nil) async throws -> OpenAIResponse<RunObject> {
        try await listRuns(threadID: threadID, limit: limit, order: order, after: after, before: before, options: .default)
    }

    public func cancelRun(threadID: String, runID: String) async throws -> RunObject {
        try await cancelRun(threadID: threadID, runID: runID, options: .default)
    }

    public func submitToolOutputsToRun(threadID: String, runID: String, parameters: RunToolsOutputParameter) async throws -> RunObject {
        try await submitToolOutputsToRun(threadID: threadID, runID: runID, parameters: parameters, options: .default)
    }

    public func createThreadAndRun(parameters: CreateThreadAndRunParameter) async throws -> RunObject {
        try await createThreadAndRun(parameters: parameters, options: .default)
    }

    public func retrieveRunstep(threadID: String, runID: String, stepID: String) async throws -> RunStepObject {
        try await retrieveRunstep(threadID: threadID, runID: runID, stepID: stepID, options: .default)
    }

    public func listRunSteps(threadID: String, runID: String, limit: Int? = nil, order: String? = nil, after: String? = nil, before: String? = nil) async throws -> OpenAIResponse<RunStepObject> {
        try await listRunSteps(threadID: threadID, runID: runID, limit: limit, order: order, after: after, before: before, options: .default)
    }

    public func createRunAndStreamMessage(threadID: String, parameters: RunParameter) async throws -> AIStream<AssistantStreamEvent> {
        try await createRunAndStreamMessage(threadID: threadID, parameters: parameters, options: .default)
    }

    public func createThreadAndRunStream(parameters: CreateThreadAndRunParameter) async throws -> AIStream<AssistantStreamEvent> {
        try await createThreadAndRunStream(parameters: parameters, options: .default)
    }

    public func submitToolOutputsToRunStream(threadID: String, runID: String, parameters: RunToolsOutputParameter) async throws -> AIStream<AssistantStreamEvent> {
        try await submitToolOutputsToRunStream(threadID: threadID, runID: runID, parameters: parameters, options: .default)
    }
}

extension OpenAIAssistantsService {
    /// Every assistant, page after page.
    public func allAssistants(pageSize: Int? = nil, options: RequestOptions = .default) -> OpenAIPageSequence<AssistantObject> {
        OpenAIPageSequence(
            fetch: { try await self.listAssistants(limit: pageSize, order: nil, after: $0, before: nil, options: options) }, id: \.id)
    }

    /// Every run of a thread (newest first by default), page after page.
    public func allRuns(
        threadID: String, order: String? = nil, pageSize: Int? = nil, options: RequestOptions = .default
    ) -> OpenAIPageSequence<RunObject> {
        OpenAIPageSequence(
            fetch: { try await self.listRuns(threadID: threadID, limit: pageSize, order: order, after: $0, before: nil, options: options) },
            id: \.id)
    }

    /// Every step of a run (newest first by default), page after page.
    public func allRunSteps(
        threadID: String, runID: String, order: String? = nil, pageSize: Int? = nil, options: RequestOptions = .default
    ) -> OpenAIPageSequence<RunStepObject> {
        OpenAIPageSequence(
            fetch: {
                try await self.listRunSteps(
                    threadID: threadID, runID: runID, limit: pageSize, order: order, after: $0, before: nil, options: options)
            }, id: \.id)
    }

    /// Every message of a thread (newest first, as the API orders them by default), page after page.
    public func allMessages(
        threadID: String, order: String? = nil, pageSize: Int? = nil, options: RequestOptions = .default
    ) -> OpenAIPageSequence<MessageObject> {
        OpenAIPageSequence(
            fetch: {
                try await self.listMessages(
                    threadID: threadID, limit: pageSize, order: order, after: $0, before: nil, runID: nil, options: options)
            }, id: \.id)
    }
}

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
