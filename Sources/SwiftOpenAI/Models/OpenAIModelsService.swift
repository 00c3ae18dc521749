import AICore
import Foundation

/// The [models](https://platform.openai.com/docs/api-reference/models) calls of ``OpenAIService``.
///
/// Part of ``OpenAIService``; a type can conform to this protocol alone (a mock of this area, say).
public protocol OpenAIModelsService: AnyObject, Sendable {
    /// [Lists](https://platform.openai.com/docs/api-reference/models/list) the available models.
    func listModels(options: RequestOptions) async throws -> OpenAIResponse<ModelObject>

    /// [Retrieves](https://platform.openai.com/docs/api-reference/models/retrieve) a model.
    func retrieveModelWith(id: String, options: RequestOptions) async throws -> ModelObject

    /// [Deletes](https://platform.openai.com/docs/api-reference/models/delete) a fine-tuned model.
    func deleteFineTuneModelWith(id: String, options: RequestOptions) async throws -> ModelObject.DeletionStatus
}

extension OpenAIModelsService {
    public func listModels() async throws -> OpenAIResponse<ModelObject> {
        try await listModels(options: .default)
    }

    public func retrieveModelWith(id: String) async throws -> ModelObject {
        try await retrieveModelWith(id: id, options: .default)
    }

    public func deleteFineTuneModelWith(id: String) async throws -> ModelObject.DeletionStatus {
        try await deleteFineTuneModelWith(id: id, options: .default)
    }
}
