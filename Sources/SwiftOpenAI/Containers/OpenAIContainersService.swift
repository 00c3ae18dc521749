import AICore
import Foundation

/// Containers: the sandboxes where code interpreter and shell run, and the files they hold.
///
/// Part of ``OpenAIService``; a type can conform to this protocol alone (a mock of this area, say).
public protocol OpenAIContainersService: Sendable {
    /// [Creates a container](https://platform.openai.com/docs/api-reference/containers/createContainers).
    func createContainer(parameters: ContainerParameters, options: RequestOptions) async throws -> ContainerObject

    /// [Lists containers](https://platform.openai.com/docs/api-reference/containers/listContainers), optionally those
    /// named `name`; one page.
    func listContainers(name: String?, parameters: ListParameters, options: RequestOptions) async throws -> OpenAIResponse<ContainerObject>

    /// [Retrieves](https://platform.openai.com/docs/api-reference/containers/retrieveContainer) a container, with its
    /// current status (`running` or `expired`).
    func retrieveContainer(id: String, options: RequestOptions) async throws -> ContainerObject

    /// [Deletes](https://platform.openai.com/docs/api-reference/containers/deleteContainer) a container and every file in it.
    func deleteContainer(id: String, options: RequestOptions) async throws -> DeletionStatus

    /// [Puts a file into a container](https://platform.openai.com/docs/api-reference/container-files/createContainerFile):
    /// uploaded with the request, or copied from the Files API.
    func createContainerFile(containerID: String, source: ContainerFileSource, options: RequestOptions) async throws -> ContainerFileObject

    /// [Lists the files](https://platform.openai.com/docs/api-reference/container-files/listContainerFiles) in a container; one page.
    func listContainerFiles(containerID: String, parameters: ListParameters, options: RequestOptions) async throws -> OpenAIResponse<ContainerFileObject>

    /// [Retrieves](https://platform.openai.com/docs/api-reference/container-files/retrieveContainerFile) a container file's metadata.
    func retrieveContainerFile(containerID: String, fileID: String, options: RequestOptions) async throws -> ContainerFileObject

    /// [Deletes](https://platform.openai.com/docs/api-reference/container-files/deleteContainerFile) a file from a container.
    func deleteContainerFile(containerID: String, fileID: String, options: RequestOptions) async throws -> DeletionStatus

    /// [The content](https://platform.openai.com/docs/api-reference/container-files/retrieveContainerFileContent) of a
    /// container file, whole in memory (up to 256 MB); for large files use ``streamContainerFileContent(containerID:fileID:options:)``
    /// or ``downloadContainerFile(containerID:fileID:to:options:)``.
    func retrieveContainerFileContent(containerID: String, fileID: String, options: RequestOptions) async throws -> Data

    /// The content of a container file as chunks, in the order they arrive from the network, so a large file never
    /// has to fit in memory. Dropping the stream or cancelling its task closes the connection.
    func streamContainerFileContent(containerID: String, fileID: String, options: RequestOptions) async throws -> AIStream<Data>
}
