import AICore
import Foundation

/// Models: list, retrieve, delete a fine-tuned model.
extension DefaultOpenAIService {
    public func listModels(options: RequestOptions) async throws -> OpenAIResponse<ModelObject> {
        try await client.decode(OpenAIResponse<ModelObject>.self, for: APIRequest(method: .get, path: routing.path("/models")), options: options)
    }

    public func retrieveModelWith(id: String, options: RequestOptions) async throws -> ModelObject {
        try await client.decode(
            ModelObject.self, for: APIRequest(method: .get, path: routing.path("/models/\(Self.pathComponent(id))")), options: options)
    }

    public func deleteFineTuneModelWith(id: String, options: RequestOptions) async throws -> ModelObject.DeletionStatus {
        try await client.decode(
            ModelObject.DeletionStatus.self, for: APIRequest(method: .delete, path: routing.path("/models/\(Self.pathComponent(id))")),
            options: options)
    }
}
