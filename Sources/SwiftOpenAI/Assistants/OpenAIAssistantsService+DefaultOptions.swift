import AICore
import Foundation

// Every `OpenAIAssistantsService` call without `options:`, sent with `RequestOptions.default`.
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
