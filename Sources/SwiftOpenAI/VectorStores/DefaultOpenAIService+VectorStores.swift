import AICore
import Foundation

extension DefaultOpenAIService {
    public func createVectorStore(parameters: VectorStoreParameter, options: RequestOptions) async throws -> VectorStoreObject {
        try await client.decode(VectorStoreObject.self, for: .json(.post, routing.path("/vector_stores"), body: parameters), options: options)
    }

    public func listVectorStores(parameters: ListParameters, options: RequestOptions) async throws -> OpenAIResponse<VectorStoreObject> {
        try await client.decode(
            OpenAIResponse<VectorStoreObject>.self,
            for: APIRequest(method: .get, path: routing.path("/vector_stores"), query: parameters.queryItems), options: options)
    }

    public func retrieveVectorStore(id: String, options: RequestOptions) async throws -> VectorStoreObject {
        try await client.decode(VectorStoreObject.self, for: APIRequest(method: .get, path: storePath(id)), options: options)
    }

    public func modifyVectorStore(parameters: VectorStoreParameter, id: String, options: RequestOptions) async throws -> VectorStoreObject {
        try await client.decode(VectorStoreObject.self, for: .json(.post, storePath(id), body: parameters), options: options)
    }

    public func deleteVectorStore(id: String, options: RequestOptions) async throws -> DeletionStatus {
        try await client.decode(DeletionStatus.self, for: APIRequest(method: .delete, path: storePath(id)), options: options)
    }

    public func createVectorStoreFile(
        vectorStoreID: String, parameters: VectorStoreFileParameter, options: RequestOptions
    ) async throws -> VectorStoreFileObject {
        try await client.decode(
            VectorStoreFileObject.self, for: .json(.post, storePath(vectorStoreID) + "/files", body: parameters), options: options)
    }

    public func listVectorStoreFiles(
        vectorStoreID: String, parameters: ListParameters, filter: String?, options: RequestOptions
    ) async throws -> OpenAIResponse<VectorStoreFileObject> {
        try await client.decode(
            OpenAIResponse<VectorStoreFileObject>.self,
            for: APIRequest(method: .get, path: storePath(vectorStoreID) + "/files", query: query(parameters, filter: filter)),
            options: options)
    }

    public func retrieveVectorStoreFile(vectorStoreID: String, fileID: String, options: RequestOptions) async throws -> VectorStoreFileObject {
        try await client.decode(
            VectorStoreFileObject.self, for: APIRequest(method: .get, path: storeFilePath(vectorStoreID, fileID)), options: options)
    }

    public func deleteVectorStoreFile(vectorStoreID: String, fileID: String, options: RequestOptions) async throws -> DeletionStatus {
        try await client.decode(DeletionStatus.self, for: APIRequest(method: .delete, path: storeFilePath(vectorStoreID, fileID)), options: options)
    }

    public func createVectorStoreFileBatch(
        vectorStoreID: String, parameters: VectorStoreFileBatchParameter, options: RequestOptions
    ) async throws -> VectorStoreFileBatchObject {
        try await client.decode(
            VectorStoreFileBatchObject.self, for: .json(.post, storePath(vectorStoreID) + "/file_batches", body: parameters), options: options)
    }

    public func retrieveVectorStoreFileBatch(
        vectorStoreID: String, batchID: String, options: RequestOptions
    ) async throws -> VectorStoreFileBatchObject {
        try await client.decode(
            VectorStoreFileBatchObject.self, for: APIRequest(method: .get, path: fileBatchPath(vectorStoreID, batchID)), options: options)
    }

    public func cancelVectorStoreFileBatch(
        vectorStoreID: String, batchID: String, options: RequestOptions
    ) async throws -> VectorStoreFileBatchObject {
        try await client.decode(
            VectorStoreFileBatchObject.self, for: APIRequest(method: .post, path: fileBatchPath(vectorStoreID, batchID) + "/cancel"),
            options: options)
    }

    public func listVectorStoreFilesInABatch(
        vectorStoreID: String, batchID: String, parameters: ListParameters, filter: String?, options: RequestOptions
    ) async throws -> OpenAIResponse<VectorStoreFileObject> {
        try await client.decode(
            OpenAIResponse<VectorStoreFileObject>.self,
            for: APIRequest(method: .get, path: fileBatchPath(vectorStoreID, batchID) + "/files", query: query(parameters, filter: filter)),
            options: options)
    }

    public func searchVectorStore(
        id: String, parameters: VectorStoreSearchParameter, options: RequestOptions
    ) async throws -> VectorStoreSearchResultsPage {
        try await client.decode(
            VectorStoreSearchResultsPage.self, for: .json(.post, storePath(id) + "/search", body: parameters), options: options)
    }

    private func query(_ parameters: ListParameters, filter: String?) -> [URLQueryItem] {
        parameters.queryItems + (filter.map { [URLQueryItem(name: "filter", value: $0)] } ?? [])
    }

    private func storePath(_ id: String) -> String { routing.path("/vector_stores/\(Self.pathComponent(id))") }

    private func storeFilePath(_ store: String, _ file: String) -> String {
        storePath(store) + "/files/\(Self.pathComponent(file))"
    }

    private func fileBatchPath(_ store: String, _ batch: String) -> String {
        storePath(store) + "/file_batches/\(Self.pathComponent(batch))"
    }
}
