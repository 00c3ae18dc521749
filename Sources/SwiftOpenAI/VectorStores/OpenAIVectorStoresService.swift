import AICore
import Foundation

/// The [vector stores](https://platform.openai.com/docs/api-reference/vector-stores) calls of ``OpenAIService``: stores, their files and file batches, and search.
///
/// Part of ``OpenAIService``; a type can conform to this protocol alone (a mock of this area, say).
public protocol OpenAIVectorStoresService: AnyObject, Sendable {
    /// [Creates a vector store](https://platform.openai.com/docs/api-reference/vector-stores/create).
    func createVectorStore(parameters: VectorStoreParameter, options: RequestOptions) async throws -> VectorStoreObject
    /// [Lists vector stores](https://platform.openai.com/docs/api-reference/vector-stores/list); one page.
    func listVectorStores(parameters: ListParameters, options: RequestOptions) async throws -> OpenAIResponse<VectorStoreObject>
    /// [Retrieves a vector store](https://platform.openai.com/docs/api-reference/vector-stores/retrieve).
    func retrieveVectorStore(id: String, options: RequestOptions) async throws -> VectorStoreObject
    /// [Modifies a vector store](https://platform.openai.com/docs/api-reference/vector-stores/modify): name, expiry, metadata.
    func modifyVectorStore(parameters: VectorStoreParameter, id: String, options: RequestOptions) async throws -> VectorStoreObject
    /// [Deletes a vector store](https://platform.openai.com/docs/api-reference/vector-stores/delete).
    func deleteVectorStore(id: String, options: RequestOptions) async throws -> DeletionStatus
    /// [Adds a file](https://platform.openai.com/docs/api-reference/vector-stores-files/createFile) to a vector store.
    func createVectorStoreFile(vectorStoreID: String, parameters: VectorStoreFileParameter, options: RequestOptions) async throws -> VectorStoreFileObject
    /// [Lists the files](https://platform.openai.com/docs/api-reference/vector-stores-files/listFiles) of a vector store;
    /// `filter` is `in_progress`, `completed`, `failed` or `cancelled`.
    func listVectorStoreFiles(
        vectorStoreID: String, parameters: ListParameters, filter: String?, options: RequestOptions
    ) async throws -> OpenAIResponse<VectorStoreFileObject>
    /// [Retrieves a file](https://platform.openai.com/docs/api-reference/vector-stores-files/getFile) of a vector store.
    func retrieveVectorStoreFile(vectorStoreID: String, fileID: String, options: RequestOptions) async throws -> VectorStoreFileObject
    /// [Removes a file](https://platform.openai.com/docs/api-reference/vector-stores-files/deleteFile) from a vector store.
    func deleteVectorStoreFile(vectorStoreID: String, fileID: String, options: RequestOptions) async throws -> DeletionStatus
    /// [Adds files in a batch](https://platform.openai.com/docs/api-reference/vector-stores-file-batches/createBatch).
    func createVectorStoreFileBatch(
        vectorStoreID: String, parameters: VectorStoreFileBatchParameter, options: RequestOptions
    ) async throws -> VectorStoreFileBatchObject
    /// [Retrieves a file batch](https://platform.openai.com/docs/api-reference/vector-stores-file-batches/getBatch).
    func retrieveVectorStoreFileBatch(vectorStoreID: String, batchID: String, options: RequestOptions) async throws -> VectorStoreFileBatchObject
    /// [Cancels a file batch](https://platform.openai.com/docs/api-reference/vector-stores-file-batches/cancelBatch).
    func cancelVectorStoreFileBatch(vectorStoreID: String, batchID: String, options: RequestOptions) async throws -> VectorStoreFileBatchObject
    /// [Lists the files of a batch](https://platform.openai.com/docs/api-reference/vector-stores-file-batches/listBatchFiles).
    func listVectorStoreFilesInABatch(
        vectorStoreID: String, batchID: String, parameters: ListParameters, filter: String?, options: RequestOptions
    ) async throws -> OpenAIResponse<VectorStoreFileObject>
    /// [Searches a vector store](https://platform.openai.com/docs/api-reference/vector-stores/search).
    func searchVectorStore(id: String, parameters: VectorStoreSearchParameter, options: RequestOptions) async throws -> VectorStoreSearchResultsPage
}
