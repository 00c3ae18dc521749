import AICore
import Foundation

/// The [fine-tuning](https://platform.openai.com/docs/api-reference/fine-tuning) calls of ``OpenAIService``.
///
/// Part of ``OpenAIService``; a type can conform to this protocol alone (a mock of this area, say).
public protocol OpenAIFineTuningService: AnyObject, Sendable {
    /// [Lists fine-tuning jobs](https://platform.openai.com/docs/api-reference/fine-tuning/list); one page.
    func listFineTuningJobs(after: String?, limit: Int?, options: RequestOptions) async throws -> OpenAIResponse<FineTuningJobObject>

    /// [Creates a fine-tuning job](https://platform.openai.com/docs/api-reference/fine-tuning/create).
    func createFineTuningJob(parameters: FineTuningJobParameters, options: RequestOptions) async throws -> FineTuningJobObject

    /// [Retrieves a fine-tuning job](https://platform.openai.com/docs/api-reference/fine-tuning/retrieve).
    func retrieveFineTuningJob(id: String, options: RequestOptions) async throws -> FineTuningJobObject

    /// [Cancels a fine-tuning job](https://platform.openai.com/docs/api-reference/fine-tuning/cancel).
    func cancelFineTuningJobWith(id: String, options: RequestOptions) async throws -> FineTuningJobObject

    /// [Lists the events](https://platform.openai.com/docs/api-reference/fine-tuning/list-events) of a fine-tuning job.
    func listFineTuningEventsForJobWith(
        id: String, after: String?, limit: Int?, options: RequestOptions
    ) async throws -> OpenAIResponse<FineTuningJobEventObject>

    /// [Lists the checkpoints](https://platform.openai.com/docs/api-reference/fine-tuning/list-checkpoints) of a fine-tuning job.
    func listFineTuningCheckpoints(
        jobID: String, after: String?, limit: Int?, options: RequestOptions
    ) async throws -> OpenAIResponse<FineTuningCheckpointObject>

    /// [Pauses](https://platform.openai.com/docs/api-reference/fine-tuning/pause) a running fine-tuning job; it keeps
    /// its progress until resumed. A job that is not running can't be paused (`.badRequest`).
    func pauseFineTuningJob(id: String, options: RequestOptions) async throws -> FineTuningJobObject

    /// [Resumes](https://platform.openai.com/docs/api-reference/fine-tuning/resume) a paused fine-tuning job.
    func resumeFineTuningJob(id: String, options: RequestOptions) async throws -> FineTuningJobObject

    /// [Lists the projects](https://platform.openai.com/docs/api-reference/fine-tuning/list-permissions) allowed to use
    /// a fine-tuned model checkpoint; one page. Not offered by Azure OpenAI.
    ///
    /// - Parameters:
    ///   - checkpoint: the checkpoint's model name, e.g. `ft:gpt-4o-mini-2024-07-18:org:weather:B7R9VjQd`.
    ///   - projectID: only this project's permission.
    ///   - order: by creation time; newest first when nil.
    func listFineTuningCheckpointPermissions(
        checkpoint: String, projectID: String?, after: String?, limit: Int?, order: ListOrder?, options: RequestOptions
    ) async throws -> OpenAIResponse<FineTuningCheckpointPermission>

    /// [Allows projects](https://platform.openai.com/docs/api-reference/fine-tuning/create-permission) to use a
    /// fine-tuned model checkpoint; answers one permission per project. Not offered by Azure OpenAI.
    func createFineTuningCheckpointPermissions(
        checkpoint: String, projectIDs: [String], options: RequestOptions
    ) async throws -> OpenAIResponse<FineTuningCheckpointPermission>

    /// [Withdraws a permission](https://platform.openai.com/docs/api-reference/fine-tuning/delete-permission) to use a
    /// fine-tuned model checkpoint. Not offered by Azure OpenAI.
    func deleteFineTuningCheckpointPermission(
        checkpoint: String, permissionID: String, options: RequestOptions
    ) async throws -> DeletionStatus

    /// [Runs a grader](https://platform.openai.com/docs/api-reference/graders/run) on one model answer, to check it
    /// before a reinforcement fine-tuning job uses it. Not offered by Azure OpenAI.
    ///
    /// - Parameters:
    ///   - modelSample: the answer to grade (`{{sample.output_text}}`; `{{sample.output_json}}` when it is JSON).
    ///   - item: the dataset item (`{{item.…}}`).
    func runGrader(_ grader: Grader, modelSample: String, item: JSONValue?, options: RequestOptions) async throws -> GraderRunResult

    /// [Validates a grader](https://platform.openai.com/docs/api-reference/graders/validate): answers it as the API
    /// understood it, or throws `.badRequest` naming the faulty field. Not offered by Azure OpenAI.
    func validateGrader(_ grader: Grader, options: RequestOptions) async throws -> Grader
}
