import AICore
import Foundation

// Every `OpenAIEvalsService` call without `options:`, sent with `RequestOptions.default`.
extension OpenAIEvalsService {
    public func listEvals(parameters: EvalListParameters = EvalListParameters()) async throws -> OpenAIResponse<EvalObject> {
        try await listEvals(parameters: parameters, options: .default)
    }

    public func createEval(parameters: EvalParameters) async throws -> EvalObject {
        try await createEval(parameters: parameters, options: .default)
    }

    public func retrieveEval(id: String) async throws -> EvalObject {
        try await retrieveEval(id: id, options: .default)
    }

    public func updateEval(id: String, parameters: EvalUpdateParameters) async throws -> EvalObject {
        try await updateEval(id: id, parameters: parameters, options: .default)
    }

    public func deleteEval(id: String) async throws -> EvalDeletion {
        try await deleteEval(id: id, options: .default)
    }

    public func listEvalRuns(evalID: String, parameters: EvalRunListParameters = EvalRunListParameters()) async throws -> OpenAIResponse<EvalRun> {
        try await listEvalRuns(evalID: evalID, parameters: parameters, options: .default)
    }

    public func createEvalRun(evalID: String, parameters: EvalRunParameters) async throws -> EvalRun {
        try await createEvalRun(evalID: evalID, parameters: parameters, options: .default)
    }

    public func retrieveEvalRun(evalID: String, runID: String) async throws -> EvalRun {
        try await retrieveEvalRun(evalID: evalID, runID: runID, options: .default)
    }

    public func cancelEvalRun(evalID: String, runID: String) async throws -> EvalRun {
        try await cancelEvalRun(evalID: evalID, runID: runID, options: .default)
    }

    public func deleteEvalRun(evalID: String, runID: String) async throws -> EvalDeletion {
        try await deleteEvalRun(evalID: evalID, runID: runID, options: .default)
    }

    public func listEvalRunOutputItems(
        evalID: String, runID: String, parameters: EvalRunListParameters = EvalRunListParameters()
    ) async throws -> OpenAIResponse<EvalRunOutputItem> {
        try await listEvalRunOutputItems(evalID: evalID, runID: runID, parameters: parameters, options: .default)
    }

    public func retrieveEvalRunOutputItem(evalID: String, runID: String, outputItemID: String) async throws -> EvalRunOutputItem {
        try await retrieveEvalRunOutputItem(evalID: evalID, runID: runID, outputItemID: outputItemID, options: .default)
    }
}
