import AICore
import Foundation

/// Embeddings.
extension DefaultOpenAIService {
    public func createEmbeddings(parameters: EmbeddingParameter, options: RequestOptions) async throws -> OpenAIResponse<EmbeddingObject> {
        try await client.decode(
            OpenAIResponse<EmbeddingObject>.self,
            for: .json(.post, routing.path("/embeddings", deployment: parameters.model), body: parameters)
                .describing(GenAIOperation("embeddings", model: parameters.model)),
            options: options)
    }
}
