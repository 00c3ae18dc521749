import AICore
import Foundation

extension OpenAIEvalsService {
    /// Every eval, page after page.
    public func allEvals(pageSize: Int? = nil, orderBy: String? = nil, options: RequestOptions = .default) -> OpenAIPageSequence<EvalObject> {
        OpenAIPageSequence(
            fetch: { after in
                try await self.listEvals(parameters: EvalListParameters(limit: pageSize, after: after, orderBy: orderBy), options: options)
            },
            id: \.id)
    }

    /// Every run of an eval, page after page, optionally only those with `status`.
    public func allEvalRuns(
        evalID: String, status: String? = nil, pageSize: Int? = nil, options: RequestOptions = .default
    ) -> OpenAIPageSequence<EvalRun> {
        OpenAIPageSequence(
            fetch: { after in
                try await self.listEvalRuns(
                    evalID: evalID, parameters: EvalRunListParameters(limit: pageSize, after: after, status: status), options: options)
            },
            id: \.id)
    }

    /// Every graded row of a run, page after page, optionally only those that passed (`"pass"`) or failed
    /// (`"fail"`): a large run is read as it is consumed, never held whole.
    public func allEvalRunOutputItems(
        evalID: String, runID: String, status: String? = nil, pageSize: Int? = nil, options: RequestOptions = .default
    ) -> OpenAIPageSequence<EvalRunOutputItem> {
        OpenAIPageSequence(
            fetch: { after in
                try await self.listEvalRunOutputItems(
                    evalID: evalID, runID: runID, parameters: EvalRunListParameters(limit: pageSize, after: after, status: status),
                    options: options)
            },
            id: \.id)
    }
}
