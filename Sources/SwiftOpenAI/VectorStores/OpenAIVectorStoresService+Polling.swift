import AICore
import Foundation

extension OpenAIVectorStoresService {
    /// Polls a vector store file until it is no longer `in_progress`, waiting as long as the server's
    /// `openai-poll-after-ms` header says (else `defaultInterval`).
    public func pollVectorStoreFile(
        vectorStoreID: String, fileID: String, defaultInterval: TimeInterval = 1, options: RequestOptions = .default
    ) async throws -> VectorStoreFileObject {
        try await VectorStorePolling.poll(defaultInterval: defaultInterval, options: options) { options in
            let file = try await self.retrieveVectorStoreFile(vectorStoreID: vectorStoreID, fileID: fileID, options: options)
            return (file, file.status != "in_progress")
        }
    }

    /// Polls a file batch until it is no longer `in_progress`, honouring `openai-poll-after-ms`.
    public func pollVectorStoreFileBatch(
        vectorStoreID: String, batchID: String, defaultInterval: TimeInterval = 1, options: RequestOptions = .default
    ) async throws -> VectorStoreFileBatchObject {
        try await VectorStorePolling.poll(defaultInterval: defaultInterval, options: options) { options in
            let batch = try await self.retrieveVectorStoreFileBatch(vectorStoreID: vectorStoreID, batchID: batchID, options: options)
            return (batch, batch.status != "in_progress")
        }
    }
}

enum VectorStorePolling {
    /// Calls `attempt` until it reports done, sleeping for the server's `openai-poll-after-ms` between calls.
    static func poll<T: Sendable>(
        defaultInterval: TimeInterval, options: RequestOptions,
        _ attempt: (RequestOptions) async throws -> (T, Bool)
    ) async throws -> T {
        while true {
            let pollAfter = LockedValue<TimeInterval?>(nil)
            var pollOptions = options
            let forward = options.onResponse
            pollOptions.onResponse = { metadata in
                pollAfter.withLock { $0 = metadata.headers["openai-poll-after-ms"].flatMap(Double.init).map { $0 / 1000 } }
                forward?(metadata)
            }
            let (value, done) = try await attempt(pollOptions)
            if done { return value }
            let seconds = pollAfter.withLock { $0 } ?? defaultInterval
            try await Task.sleep(nanoseconds: UInt64(max(0.001, seconds) * 1_000_000_000))
        }
    }
}
