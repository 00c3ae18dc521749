import AICore
import Foundation

extension OpenAIEvalsService {
    /// Polls a run until it is completed, failed or canceled.
    ///
    /// - Parameters:
    ///   - evalID: the run's eval.
    ///   - runID: the run.
    ///   - pollInterval: seconds between polls.
    ///   - options: per-call options for every poll.
    ///   - progress: called with the run after every poll.
    public func waitForEvalRun(
        evalID: String, runID: String, pollInterval: TimeInterval = 5, options: RequestOptions = .default,
        progress: (@Sendable (EvalRun) -> Void)? = nil
    ) async throws -> EvalRun {
        while true {
            let run = try await retrieveEvalRun(evalID: evalID, runID: runID, options: options)
            progress?(run)
            if run.isFinished { return run }
            try await Task.sleep(nanoseconds: UInt64(max(0.001, pollInterval) * 1_000_000_000))
        }
    }
}
