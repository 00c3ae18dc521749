import AICore
import Foundation

extension OpenAIBatchesService {
    public func createBatch(parameters: BatchParameter) async throws -> BatchObject {
        try await createBatch(parameters: parameters, options: .default)
    }

    public func retrieveBatch(id: String) async throws -> BatchObject {
        try await retrieveBatch(id: id, options: .default)
    }

    public func cancelBatch(id: String) async throws -> BatchObject {
        try await cancelBatch(id: id, options: .default)
    }

    public func listBatch(parameters: ListParameters = ListParameters()) async throws -> OpenAIResponse<BatchObject> {
        try await listBatch(parameters: parameters, options: .default)
    }

    public func batchResults<Body: Decodable & Sendable>(
        fileID: String, as type: Body.Type
    ) async throws -> AIStream<BatchResult<Body>> {
        try await batchResults(fileID: fileID, as: type, options: .default)
    }

    /// Every batch, page after page.
    public func allBatches(pageSize: Int? = nil, options: RequestOptions = .default) -> OpenAIPageSequence<BatchObject> {
        OpenAIPageSequence(
            fetch: { after in try await self.listBatch(parameters: ListParameters(limit: pageSize, after: after), options: options) },
            id: \.id)
    }

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

    /// The results of a finished batch: every line of its output file, then of its error file, matched to custom ids.
    public func batchResults<Body: Decodable & Sendable>(
        of batch: BatchObject, as type: Body.Type, options: RequestOptions = .default
    ) async throws -> [BatchResult<Body>] {
        var results: [BatchResult<Body>] = []
        for fileID in [batch.outputFileID, batch.errorFileID].compactMap({ $0 }) {
            for try await result in try await batchResults(fileID: fileID, as: type, options: options) { results.append(result) }
        }
        return results
    }
}

// These upload the batch input file too, so they need the files calls as well: they stay on the whole service.
extension OpenAIService {
    /// Writes `requests` as a JSONL file, uploads it (purpose `batch`) and creates a batch for `endpoint`.
    public func createBatch<Body: Encodable & Sendable>(
        requests: [BatchRequest<Body>], endpoint: String, metadata: [String: String]? = nil, options: RequestOptions = .default
    ) async throws -> BatchObject {
        let ids = requests.map(\.customID)
        guard Set(ids).count == ids.count else {
            throw APIError(kind: .invalidRequest, message: "Batch custom ids must be unique.")
        }
        let file = try await uploadFile(
            parameters: FileParameters(fileName: "batch-\(UUID().uuidString).jsonl", file: try BatchRequest.jsonLines(requests), purpose: "batch"),
            options: options)
        return try await createBatch(
            parameters: BatchParameter(inputFileID: file.id, endpoint: endpoint, metadata: metadata), options: options)
    }

    /// A batch of chat completions, each with your id.
    public func createChatBatch(
        requests: [(customID: String, parameters: ChatCompletionParameters)], metadata: [String: String]? = nil,
        options: RequestOptions = .default
    ) async throws -> BatchObject {
        try await createBatch(
            requests: requests.map { request in
                var parameters = request.parameters
                parameters.stream = nil
                parameters.streamOptions = nil
                return BatchRequest(customID: request.customID, url: "/v1/chat/completions", body: parameters)
            },
            endpoint: "/v1/chat/completions", metadata: metadata, options: options)
    }

    /// A batch of embeddings requests, each with your id.
    public func createEmbeddingsBatch(
        requests: [(customID: String, parameters: EmbeddingParameter)], metadata: [String: String]? = nil,
        options: RequestOptions = .default
    ) async throws -> BatchObject {
        try await createBatch(
            requests: requests.map { BatchRequest(customID: $0.customID, url: "/v1/embeddings", body: $0.parameters) },
            endpoint: "/v1/embeddings", metadata: metadata, options: options)
    }
}
