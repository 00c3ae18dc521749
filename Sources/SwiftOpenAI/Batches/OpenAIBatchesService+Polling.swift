import AICore
import Foundation

extension OpenAIBatchesService {
    /// Polls a batch until it is completed, failed, expired or cancelled.
    ///
    /// - Parameters:
    ///   - id: the batch.
    ///   - pollInterval: seconds between polls.
    ///   - options: per-call options for every poll.
    ///   - progress: called with the batch after every poll.
    public func waitForBatch(
        id: String, pollInterval: TimeInterval = 10, options: RequestOptions = .default,
        progress: (@Sendable (BatchObject) -> Void)? = nil
    ) async throws -> BatchObject {
        while true {
            let batch = try await retrieveBatch(id: id, options: options)
            progress?(batch)
            if batch.isFinished { return batch }
            try await Task.sleep(nanoseconds: UInt64(max(0.001, pollInterval) * 1_000_000_000))
        }
    }
}
