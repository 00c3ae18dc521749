import AICore
import Foundation

// Every `OpenAIContainersService` call without `options:`, sent with `RequestOptions.default`.
extension OpenAIContainersService {
    public func createContainer(parameters: ContainerParameters) async throws -> ContainerObject {
        try await createContainer(parameters: parameters, options: .default)
    }

    public func listContainers(name: String? = nil, parameters: ListParameters = ListParameters()) async throws -> OpenAIResponse<ContainerObject> {
        try await listContainers(name: name, parameters: parameters, options: .default)
    }

    public func retrieveContainer(id: String) async throws -> ContainerObject {
        try await retrieveContainer(id: id, options: .default)
    }

    public func deleteContainer(id: String) async throws -> DeletionStatus {
        try await deleteContainer(id: id, options: .default)
    }

    public func createContainerFile(containerID: String, source: ContainerFileSource) async throws -> ContainerFileObject {
        try await createContainerFile(containerID: containerID, source: source, options: .default)
    }

    public func listContainerFiles(containerID: String, parameters: ListParameters = ListParameters()) async throws -> OpenAIResponse<ContainerFileObject> {
        try await listContainerFiles(containerID: containerID, parameters: parameters, options: .default)
    }

    public func retrieveContainerFile(containerID: String, fileID: String) async throws -> ContainerFileObject {
        try await retrieveContainerFile(containerID: containerID, fileID: fileID, options: .default)
    }

    public func deleteContainerFile(containerID: String, fileID: String) async throws -> DeletionStatus {
        try await deleteContainerFile(containerID: containerID, fileID: fileID, options: .default)
    }

    public func retrieveContainerFileContent(containerID: String, fileID: String) async throws -> Data {
        try await retrieveContainerFileContent(containerID: containerID, fileID: fileID, options: .default)
    }

    public func streamContainerFileContent(containerID: String, fileID: String) async throws -> AIStream<Data> {
        try await streamContainerFileContent(containerID: containerID, fileID: fileID, options: .default)
    }
}
