import AICore
import Foundation

extension OpenAIVectorStoresService {
    public func createVectorStore(parameters: VectorStoreParameter) async throws -> VectorStoreObject {
        try await createVectorStore(parameters: parameters, options: .default)
    }

    public func listVectorStores(parameters: ListParameters = ListParameters()) async throws -> OpenAIResponse<VectorStoreObject> {
        try await listVectorStores(parameters: parameters, options: .default)
    }

    /// Every vector store, page after page.
    public func allVectorStores(pageSize: Int? = nil, options: RequestOptions = .default) -> OpenAIPageSequence<VectorStoreObject> {
        OpenAIPageSequence(
            fetch: { try await self.listVectorStores(parameters: ListParameters(limit: pageSize, after: $0), options: options) }, id: \.id)
    }

    /// Every file of a vector store, page after page; `filter` is `in_progress`, `completed`, `failed` or `cancelled`.
    public func allVectorStoreFiles(
        vectorStoreID: String, filter: String? = nil, pageSize: Int? = nil, options: RequestOptions = .default
    ) -> OpenAIPageSequence<VectorStoreFileObject> {
        OpenAIPageSequence(
            fetch: {
                try await self.listVectorStoreFiles(
                    vectorStoreID: vectorStoreID, parameters: ListParameters(limit: pageSize, after: $0), filter: filter, options: options)
            }, id: \.id)
    }

    public func retrieveVectorStore(id: String) async throws -> VectorStoreObject {
        try await retrieveVectorStore(id: id, options: .default)
    }

    public func modifyVectorStore(parameters: VectorStoreParameter, id: String) async throws -> VectorStoreObject {
        try await modifyVectorStore(parameters: parameters, id: id, options: .default)
    }

    public func deleteVectorStore(id: String) async throws -> DeletionStatus {
        try await deleteVectorStore(id: id, options: .default)
    }

    public func createVectorStoreFile(vectorStoreID: String, parameters: VectorStoreFileParameter) async throws -> VectorStoreFileObject {
        try await createVectorStoreFile(vectorStoreID: vectorStoreID, parameters: parameters, options: .default)
    }

    public func listVectorStoreFiles(
        vectorStoreID: String, parameters: ListParameters = ListParameters(), filter: String? = nil
    ) async throws -> OpenAIResponse<VectorStoreFileObject> {
        try await listVectorStoreFiles(vectorStoreID: vectorStoreID, parameters: parameters, filter: filter, options: .default)
    }

    public func retrieveVectorStoreFile(vectorStoreID: String, fileID: String) async throws -> VectorStoreFileObject {
        try await retrieveVectorStoreFile(vectorStoreID: vectorStoreID, fileID: fileID, options: .default)
    }

    public func deleteVectorStoreFile(vectorStoreID: String, fileID: String) async throws -> DeletionStatus {
        try await deleteVectorStoreFile(vectorStoreID: vectorStoreID, fileID: fileID, options: .default)
    }

    public func createVectorStoreFileBatch(
        vectorStoreID: String, parameters: VectorStoreFileBatchParameter
    ) async throws -> VectorStoreFileBatchObject {
        try await createVectorStoreFileBatch(vectorStoreID: vectorStoreID, parameters: parameters, options: .default)
    }

    public func retrieveVectorStoreFileBatch(vectorStoreID: String, batchID: String) async throws -> VectorStoreFileBatchObject {
        try await retrieveVectorStoreFileBatch(vectorStoreID: vectorStoreID, batchID: batchID, options: .default)
    }

    public func cancelVectorStoreFileBatch(vectorStoreID: String, batchID: String) async throws -> VectorStoreFileBatchObject {
        try await cancelVectorStoreFileBatch(vectorStoreID: vectorStoreID, batchID: batchID, options: .default)
    }

    public func listVectorStoreFilesInABatch(
        vectorStoreID: String, batchID: String, parameters: ListParameters = ListParameters(), filter: String? = nil
    ) async throws -> OpenAIResponse<VectorStoreFileObject> {
        try await listVectorStoreFilesInABatch(
            vectorStoreID: vectorStoreID, batchID: batchID, parameters: parameters, filter: filter, options: .default)
    }

    public func searchVectorStore(id: String, parameters: VectorStoreSearchParameter) async throws -> VectorStoreSearchResultsPage {
        try await searchVectorStore(id: id, parameters: parameters, options: .default)
    }

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
