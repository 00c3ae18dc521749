import AICore
import Foundation

// Every `OpenAIVectorStoresService` call without `options:`, sent with `RequestOptions.default`.
extension OpenAIVectorStoresService {
    public func createVectorStore(parameters: VectorStoreParameter) async throws -> VectorStoreObject {
        try await createVectorStore(parameters: parameters, options: .default)
    }

    public func listVectorStores(parameters: ListParameters = ListParameters()) async throws -> OpenAIResponse<VectorStoreObject> {
        try await listVectorStores(parameters: parameters, options: .default)
    }

    public func retrieveVectorStore(id: String) async throws -> VectorStoreObject {
        try await retrieveVectorStore(id: id, options: .default)
    }

    public func modifyVectorStore(parameters: VectorStoreParameter, id: String) async throws -> VectorStoreObject {
        try await modifyVectorStore(parameters: parameters, id: id, options: .default)
    }

    public func deleteVectorStore(id: String) async throws -> DeletionStatus {
        try await deleteVectorStore(id: id, options: .default)
    }

    public func createVectorStoreFile(vectorStoreID: String, parameters: VectorStoreFileParameter) async throws -> VectorStoreFileObject {
        try await createVectorStoreFile(vectorStoreID: vectorStoreID, parameters: parameters, options: .default)
    }

    public func listVectorStoreFiles(
        vectorStoreID: String, parameters: ListParameters = ListParameters(), filter: String? = nil
    ) async throws -> OpenAIResponse<VectorStoreFileObject> {
        try await listVectorStoreFiles(vectorStoreID: vectorStoreID, parameters: parameters, filter: filter, options: .default)
    }

    public func retrieveVectorStoreFile(vectorStoreID: String, fileID: String) async throws -> VectorStoreFileObject {
        try await retrieveVectorStoreFile(vectorStoreID: vectorStoreID, fileID: fileID, options: .default)
    }

    public func deleteVectorStoreFile(vectorStoreID: String, fileID: String) async throws -> DeletionStatus {
        try await deleteVectorStoreFile(vectorStoreID: vectorStoreID, fileID: fileID, options: .default)
    }

    public func createVectorStoreFileBatch(
        vectorStoreID: String, parameters: VectorStoreFileBatchParameter
    ) async throws -> VectorStoreFileBatchObject {
        try await createVectorStoreFileBatch(vectorStoreID: vectorStoreID, parameters: parameters, options: .default)
    }

    public func retrieveVectorStoreFileBatch(vectorStoreID: String, batchID: String) async throws -> VectorStoreFileBatchObject {
        try await retrieveVectorStoreFileBatch(vectorStoreID: vectorStoreID, batchID: batchID, options: .default)
    }

    public func cancelVectorStoreFileBatch(vectorStoreID: String, batchID: String) async throws -> VectorStoreFileBatchObject {
        try await cancelVectorStoreFileBatch(vectorStoreID: vectorStoreID, batchID: batchID, options: .default)
    }

    public func listVectorStoreFilesInABatch(
        vectorStoreID: String, batchID: String, parameters: ListParameters = ListParameters(), filter: String? = nil
    ) async throws -> OpenAIResponse<VectorStoreFileObject> {
        try await listVectorStoreFilesInABatch(
            vectorStoreID: vectorStoreID, batchID: batchID, parameters: parameters, filter: filter, options: .default)
    }

    public func searchVectorStore(id: String, parameters: VectorStoreSearchParameter) async throws -> VectorStoreSearchResultsPage {
        try await searchVectorStore(id: id, parameters: parameters, options: .default)
    }
}
