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
}
