import AICore
import Foundation

/// The [embeddings](https://platform.openai.com/docs/api-reference/embeddings) call of ``OpenAIService``.
///
/// Part of ``OpenAIService``; a type can conform to this protocol alone (a mock of this area, say).
public protocol OpenAIEmbeddingsService: AnyObject, Sendable {
    /// [Creates](https://platform.openai.com/docs/api-reference/embeddings/create) embeddings.
    func createEmbeddings(parameters: EmbeddingParameter, options: RequestOptions) async throws -> OpenAIResponse<EmbeddingObject>
}

extension OpenAIEmbeddingsService {
    public func createEmbeddings(parameters: EmbeddingParameter) async throws -> OpenAIResponse<EmbeddingObject> {
        try await createEmbeddings(parameters: parameters, options: .default)
    }
}
