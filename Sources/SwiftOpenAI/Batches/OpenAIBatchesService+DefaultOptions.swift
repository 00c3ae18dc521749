import AICore
import Foundation

// Every `OpenAIBatchesService` call without `options:`, sent with `RequestOptions.default`.
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
}
