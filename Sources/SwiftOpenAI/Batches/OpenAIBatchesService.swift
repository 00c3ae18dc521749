import AICore
import Foundation

/// The [batch](https://platform.openai.com/docs/api-reference/batch) calls of ``OpenAIService``.
///
/// Part of ``OpenAIService``; a type can conform to this protocol alone (a mock of this area, say).
public protocol OpenAIBatchesService: AnyObject, Sendable {
    /// [Creates a batch](https://platform.openai.com/docs/api-reference/batch/create).
    func createBatch(parameters: BatchParameter, options: RequestOptions) async throws -> BatchObject

    /// [Retrieves a batch](https://platform.openai.com/docs/api-reference/batch/retrieve).
    func retrieveBatch(id: String, options: RequestOptions) async throws -> BatchObject

    /// [Cancels a batch](https://platform.openai.com/docs/api-reference/batch/cancel).
    func cancelBatch(id: String, options: RequestOptions) async throws -> BatchObject

    /// [Lists batches](https://platform.openai.com/docs/api-reference/batch/list); one page.
    func listBatch(parameters: ListParameters, options: RequestOptions) async throws -> OpenAIResponse<BatchObject>

    /// Streams the lines of a batch output (or error) file as typed results, reading the file as it downloads.
    func batchResults<Body: Decodable & Sendable>(
        fileID: String, as type: Body.Type, options: RequestOptions
    ) async throws -> AIStream<BatchResult<Body>>
}
