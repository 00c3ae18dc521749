import AICore
import Foundation

/// The [evals](https://platform.openai.com/docs/api-reference/evals) calls of ``OpenAIService``: test a model's
/// outputs against criteria, run by run.
///
/// On Azure OpenAI, evals are served by the v1 API only; with the deployments layout every call throws
/// ``APIError`` `.invalidRequest` without sending anything.
public protocol OpenAIEvalsService: Sendable {
    /// [Lists evals](https://platform.openai.com/docs/api-reference/evals/list); one page.
    func listEvals(parameters: EvalListParameters, options: RequestOptions) async throws -> OpenAIResponse<EvalObject>

    /// [Creates an eval](https://platform.openai.com/docs/api-reference/evals/create).
    func createEval(parameters: EvalParameters, options: RequestOptions) async throws -> EvalObject

    /// [Retrieves an eval](https://platform.openai.com/docs/api-reference/evals/get).
    func retrieveEval(id: String, options: RequestOptions) async throws -> EvalObject

    /// [Renames an eval or replaces its metadata](https://platform.openai.com/docs/api-reference/evals/update).
    func updateEval(id: String, parameters: EvalUpdateParameters, options: RequestOptions) async throws -> EvalObject

    /// [Deletes an eval](https://platform.openai.com/docs/api-reference/evals/delete) and its runs.
    func deleteEval(id: String, options: RequestOptions) async throws -> EvalDeletion

    /// [Lists an eval's runs](https://platform.openai.com/docs/api-reference/evals/getRuns); one page.
    func listEvalRuns(evalID: String, parameters: EvalRunListParameters, options: RequestOptions) async throws -> OpenAIResponse<EvalRun>

    /// [Starts a run](https://platform.openai.com/docs/api-reference/evals/createRun): it is queued and grades in
    /// the background; see ``OpenAIEvalsService/waitForEvalRun(evalID:runID:pollInterval:options:progress:)``.
    func createEvalRun(evalID: String, parameters: EvalRunParameters, options: RequestOptions) async throws -> EvalRun

    /// [Retrieves a run](https://platform.openai.com/docs/api-reference/evals/getRun).
    func retrieveEvalRun(evalID: String, runID: String, options: RequestOptions) async throws -> EvalRun

    /// [Cancels a run](https://platform.openai.com/docs/api-reference/evals/cancelRun) that has not finished.
    func cancelEvalRun(evalID: String, runID: String, options: RequestOptions) async throws -> EvalRun

    /// [Deletes a run](https://platform.openai.com/docs/api-reference/evals/deleteRun).
    func deleteEvalRun(evalID: String, runID: String, options: RequestOptions) async throws -> EvalDeletion

    /// [Lists a run's graded rows](https://platform.openai.com/docs/api-reference/evals/getRunOutputItems); one
    /// page, optionally only those that passed (`status: "pass"`) or failed (`"fail"`).
    func listEvalRunOutputItems(
        evalID: String, runID: String, parameters: EvalRunListParameters, options: RequestOptions
    ) async throws -> OpenAIResponse<EvalRunOutputItem>

    /// [Retrieves one graded row](https://platform.openai.com/docs/api-reference/evals/getRunOutputItem).
    func retrieveEvalRunOutputItem(
        evalID: String, runID: String, outputItemID: String, options: RequestOptions
    ) async throws -> EvalRunOutputItem
}
