import AICore
import Foundation

extension OpenAIBatchesService {
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
