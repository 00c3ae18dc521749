import AICore
import Foundation
import HTTPTypes

extension DefaultOpenAIService {
    public func listEvals(parameters: EvalListParameters, options: RequestOptions) async throws -> OpenAIResponse<EvalObject> {
        try await client.decode(
            OpenAIResponse<EvalObject>.self, for: APIRequest(method: .get, path: try evalsPath(""), query: parameters.queryItems), options: options)
    }

    public func createEval(parameters: EvalParameters, options: RequestOptions) async throws -> EvalObject {
        try await client.decode(EvalObject.self, for: .json(.post, try evalsPath(""), body: parameters), options: options)
    }

    public func retrieveEval(id: String, options: RequestOptions) async throws -> EvalObject {
        try await client.decode(EvalObject.self, for: APIRequest(method: .get, path: try evalsPath(eval: id)), options: options)
    }

    public func updateEval(id: String, parameters: EvalUpdateParameters, options: RequestOptions) async throws -> EvalObject {
        try await client.decode(EvalObject.self, for: .json(.post, try evalsPath(eval: id), body: parameters), options: options)
    }

    public func deleteEval(id: String, options: RequestOptions) async throws -> EvalDeletion {
        try await client.decode(EvalDeletion.self, for: APIRequest(method: .delete, path: try evalsPath(eval: id)), options: options)
    }

    public func listEvalRuns(evalID: String, parameters: EvalRunListParameters, options: RequestOptions) async throws -> OpenAIResponse<EvalRun> {
        try await client.decode(
            OpenAIResponse<EvalRun>.self, for: APIRequest(method: .get, path: try evalsPath(eval: evalID, "/runs"), query: parameters.queryItems),
            options: options)
    }

    public func createEvalRun(evalID: String, parameters: EvalRunParameters, options: RequestOptions) async throws -> EvalRun {
        try await client.decode(EvalRun.self, for: .json(.post, try evalsPath(eval: evalID, "/runs"), body: parameters), options: options)
    }

    public func retrieveEvalRun(evalID: String, runID: String, options: RequestOptions) async throws -> EvalRun {
        try await client.decode(EvalRun.self, for: APIRequest(method: .get, path: try runPath(evalID, runID)), options: options)
    }

    public func cancelEvalRun(evalID: String, runID: String, options: RequestOptions) async throws -> EvalRun {
        // `…/cancel`, as the official SDKs and the API reference's example send it.
        try await client.decode(EvalRun.self, for: APIRequest(method: .post, path: try runPath(evalID, runID) + "/cancel"), options: options)
    }

    public func deleteEvalRun(evalID: String, runID: String, options: RequestOptions) async throws -> EvalDeletion {
        try await client.decode(EvalDeletion.self, for: APIRequest(method: .delete, path: try runPath(evalID, runID)), options: options)
    }

    public func listEvalRunOutputItems(
        evalID: String, runID: String, parameters: EvalRunListParameters, options: RequestOptions
    ) async throws -> OpenAIResponse<EvalRunOutputItem> {
        try await client.decode(
            OpenAIResponse<EvalRunOutputItem>.self,
            for: APIRequest(method: .get, path: try runPath(evalID, runID, "/output_items"), query: parameters.queryItems), options: options)
    }

    public func retrieveEvalRunOutputItem(
        evalID: String, runID: String, outputItemID: String, options: RequestOptions
    ) async throws -> EvalRunOutputItem {
        try await client.decode(
            EvalRunOutputItem.self,
            for: APIRequest(method: .get, path: try runPath(evalID, runID, "/output_items/\(Self.pathComponent(outputItemID))")), options: options)
    }

    /// Azure OpenAI serves evals on its v1 API only.
    private func evalsPath(_ rest: String) throws -> String {
        try routing.v1OnlyPath("/evals" + rest, feature: "Evals")
    }

    private func evalsPath(eval id: String, _ rest: String = "") throws -> String {
        try evalsPath("/\(Self.pathComponent(id))" + rest)
    }

    private func runPath(_ evalID: String, _ runID: String, _ rest: String = "") throws -> String {
        try evalsPath(eval: evalID, "/runs/\(Self.pathComponent(runID))" + rest)
    }
}
