import AICore
import Foundation

/// The [Assistants v2](https://platform.openai.com/docs/api-reference/assistants) calls of ``OpenAIService``
/// (sent with `OpenAI-Beta: assistants=v2`): assistants, threads, messages, runs and run steps.
///
/// Part of ``OpenAIService``; a type can conform to this protocol alone (a mock of this area, say).
public protocol OpenAIAssistantsService: AnyObject, Sendable {
    /// [Creates an assistant](https://platform.openai.com/docs/api-reference/assistants/createAssistant).
    func createAssistant(parameters: AssistantParameters, options: RequestOptions) async throws -> AssistantObject
    /// [Retrieves an assistant](https://platform.openai.com/docs/api-reference/assistants/getAssistant).
    func retrieveAssistant(id: String, options: RequestOptions) async throws -> AssistantObject
    /// [Modifies an assistant](https://platform.openai.com/docs/api-reference/assistants/modifyAssistant).
    func modifyAssistant(id: String, parameters: AssistantParameters, options: RequestOptions) async throws -> AssistantObject
    /// [Deletes an assistant](https://platform.openai.com/docs/api-reference/assistants/deleteAssistant).
    func deleteAssistant(id: String, options: RequestOptions) async throws -> AssistantObject.DeletionStatus
    /// [Lists assistants](https://platform.openai.com/docs/api-reference/assistants/listAssistants); one page.
    func listAssistants(limit: Int?, order: String?, after: String?, before: String?, options: RequestOptions) async throws -> OpenAIResponse<AssistantObject>
    /// [Creates a thread](https://platform.openai.com/docs/api-reference/threads/createThread).
    func createThread(parameters: CreateThreadParameters, options: RequestOptions) async throws -> ThreadObject
    /// [Retrieves a thread](https://platform.openai.com/docs/api-reference/threads/getThread).
    func retrieveThread(id: String, options: RequestOptions) async throws -> ThreadObject
    /// [Modifies a thread](https://platform.openai.com/docs/api-reference/threads/modifyThread): metadata and tool resources.
    func modifyThread(id: String, parameters: CreateThreadParameters, options: RequestOptions) async throws -> ThreadObject
    /// [Deletes a thread](https://platform.openai.com/docs/api-reference/threads/deleteThread).
    func deleteThread(id: String, options: RequestOptions) async throws -> ThreadObject.DeletionStatus
    /// [Creates a message](https://platform.openai.com/docs/api-reference/messages/createMessage).
    func createMessage(threadID: String, parameters: MessageParameter, options: RequestOptions) async throws -> MessageObject
    /// [Retrieves a message](https://platform.openai.com/docs/api-reference/messages/getMessage).
    func retrieveMessage(threadID: String, messageID: String, options: RequestOptions) async throws -> MessageObject
    /// [Modifies a message](https://platform.openai.com/docs/api-reference/messages/modifyMessage).
    func modifyMessage(threadID: String, messageID: String, parameters: ModifyMessageParameters, options: RequestOptions) async throws -> MessageObject
    /// [Deletes a message](https://platform.openai.com/docs/api-reference/messages/deleteMessage).
    func deleteMessage(threadID: String, messageID: String, options: RequestOptions) async throws -> DeletionStatus
    /// [Lists the messages](https://platform.openai.com/docs/api-reference/messages/listMessages) of a thread, optionally of one run.
    func listMessages(threadID: String, limit: Int?, order: String?, after: String?, before: String?, runID: String?, options: RequestOptions) async throws -> OpenAIResponse<MessageObject>
    /// [Creates a run](https://platform.openai.com/docs/api-reference/runs/createRun).
    func createRun(threadID: String, parameters: RunParameter, options: RequestOptions) async throws -> RunObject
    /// [Retrieves a run](https://platform.openai.com/docs/api-reference/runs/getRun).
    func retrieveRun(threadID: String, runID: String, options: RequestOptions) async throws -> RunObject
    /// [Modifies a run](https://platform.openai.com/docs/api-reference/runs/modifyRun).
    func modifyRun(threadID: String, runID: String, parameters: ModifyRunParameters, options: RequestOptions) async throws -> RunObject
    /// [Lists the runs](https://platform.openai.com/docs/api-reference/runs/listRuns) of a thread.
    func listRuns(threadID: String, limit: Int?, order: String?, after: String?, before: String?, options: RequestOptions) async throws -> OpenAIResponse<RunObject>
    /// [Cancels a run](https://platform.openai.com/docs/api-reference/runs/cancelRun) that is in progress.
    func cancelRun(threadID: String, runID: String, options: RequestOptions) async throws -> RunObject
    /// [Submits tool outputs](https://platform.openai.com/docs/api-reference/runs/submitToolOutputs) to a run that requires action.
    func submitToolOutputsToRun(threadID: String, runID: String, parameters: RunToolsOutputParameter, options: RequestOptions) async throws -> RunObject
    /// [Creates a thread and runs it](https://platform.openai.com/docs/api-reference/runs/createThreadAndRun).
    func createThreadAndRun(parameters: CreateThreadAndRunParameter, options: RequestOptions) async throws -> RunObject
    /// [Retrieves a run step](https://platform.openai.com/docs/api-reference/run-steps/getRunStep).
    func retrieveRunstep(threadID: String, runID: String, stepID: String, options: RequestOptions) async throws -> RunStepObject
    /// [Lists the steps](https://platform.openai.com/docs/api-reference/run-steps/listRunSteps) of a run.
    func listRunSteps(threadID: String, runID: String, limit: Int?, order: String?, after: String?, before: String?, options: RequestOptions) async throws -> OpenAIResponse<RunStepObject>
    /// Creates a run and streams its [events](https://platform.openai.com/docs/api-reference/assistants-streaming/events).
    func createRunAndStreamMessage(threadID: String, parameters: RunParameter, options: RequestOptions) async throws -> AIStream<AssistantStreamEvent>
    /// Creates a thread and a run, streaming the run's events.
    func createThreadAndRunStream(parameters: CreateThreadAndRunParameter, options: RequestOptions) async throws -> AIStream<AssistantStreamEvent>
    /// Submits tool outputs and streams the rest of the run.
    func submitToolOutputsToRunStream(threadID: String, runID: String, parameters: RunToolsOutputParameter, options: RequestOptions) async throws -> AIStream<AssistantStreamEvent>
}
