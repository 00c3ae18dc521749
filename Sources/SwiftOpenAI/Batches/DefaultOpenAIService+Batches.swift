import AICore
import Foundation
import HTTPTypes

extension DefaultOpenAIService {
    public func createBatch(parameters: BatchParameter, options: RequestOptions) async throws -> BatchObject {
        try await client.decode(BatchObject.self, for: .json(.post, routing.path("/batches"), body: parameters), options: options)
    }

    public func retrieveBatch(id: String, options: RequestOptions) async throws -> BatchObject {
        try await client.decode(BatchObject.self, for: APIRequest(method: .get, path: batchPath(id)), options: options)
    }

    public func cancelBatch(id: String, options: RequestOptions) async throws -> BatchObject {
        try await client.decode(BatchObject.self, for: APIRequest(method: .post, path: batchPath(id) + "/cancel"), options: options)
    }

    public func listBatch(parameters: ListParameters, options: RequestOptions) async throws -> OpenAIResponse<BatchObject> {
        try await client.decode(
            OpenAIResponse<BatchObject>.self, for: APIRequest(method: .get, path: routing.path("/batches"), query: parameters.queryItems),
            options: options)
    }

    public func batchResults<Body: Decodable & Sendable>(
        fileID: String, as type: Body.Type, options: RequestOptions
    ) async throws -> AIStream<BatchResult<Body>> {
        try await client.eventStream(
            APIRequest(method: .get, path: routing.path("/files/\(Self.pathComponent(fileID))/content"), headers: [.accept: "*/*"]),
            options: options, framing: .jsonLines, handler: JSONLinesHandler<BatchResult<Body>>())
    }

    private func batchPath(_ id: String) -> String { routing.path("/batches/\(Self.pathComponent(id))") }
}
