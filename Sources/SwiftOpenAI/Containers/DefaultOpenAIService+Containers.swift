import AICore
import Foundation
import HTTPTypes

// Azure OpenAI serves containers on its v1 API only (`/openai/v1/containers`); a deployments-style configuration
// fails before anything is sent.
extension DefaultOpenAIService {
    public func createContainer(parameters: ContainerParameters, options: RequestOptions) async throws -> ContainerObject {
        try await client.decode(ContainerObject.self, for: .json(.post, containersPath(""), body: parameters), options: options)
    }

    public func listContainers(name: String?, parameters: ListParameters, options: RequestOptions) async throws -> OpenAIResponse<ContainerObject> {
        var query = parameters.queryItems
        if let name { query.append(URLQueryItem(name: "name", value: name)) }
        return try await client.decode(
            OpenAIResponse<ContainerObject>.self, for: APIRequest(method: .get, path: containersPath(""), query: query), options: options)
    }

    public func retrieveContainer(id: String, options: RequestOptions) async throws -> ContainerObject {
        try await client.decode(ContainerObject.self, for: APIRequest(method: .get, path: containerPath(id)), options: options)
    }

    public func deleteContainer(id: String, options: RequestOptions) async throws -> DeletionStatus {
        try await deletion(APIRequest(method: .delete, path: containerPath(id), headers: [.accept: "*/*"]), id: id, object: "container.deleted", options: options)
    }

    public func createContainerFile(containerID: String, source: ContainerFileSource, options: RequestOptions) async throws -> ContainerFileObject {
        let path = try containerPath(containerID) + "/files"
        let request: APIRequest
        switch source {
        case .upload(let fileName, let data):
            var form = MultipartFormData()
            form.append(name: "file", filename: fileName, contentType: FileObject.contentType(forFileName: fileName), data: data)
            request = .multipart(.post, path, form: form)
        case .fileID(let fileID):
            request = try .json(.post, path, body: ["file_id": fileID])
        }
        return try await client.decode(ContainerFileObject.self, for: request, options: options)
    }

    public func listContainerFiles(
        containerID: String, parameters: ListParameters, options: RequestOptions
    ) async throws -> OpenAIResponse<ContainerFileObject> {
        try await client.decode(
            OpenAIResponse<ContainerFileObject>.self,
            for: APIRequest(method: .get, path: containerPath(containerID) + "/files", query: parameters.queryItems), options: options)
    }

    public func retrieveContainerFile(containerID: String, fileID: String, options: RequestOptions) async throws -> ContainerFileObject {
        try await client.decode(
            ContainerFileObject.self, for: APIRequest(method: .get, path: containerFilePath(containerID, fileID)), options: options)
    }

    public func deleteContainerFile(containerID: String, fileID: String, options: RequestOptions) async throws -> DeletionStatus {
        try await deletion(
            APIRequest(method: .delete, path: containerFilePath(containerID, fileID), headers: [.accept: "*/*"]), id: fileID,
            object: "container.file.deleted", options: options)
    }

    public func retrieveContainerFileContent(containerID: String, fileID: String, options: RequestOptions) async throws -> Data {
        try await client.send(contentRequest(containerID, fileID), options: options).body
    }

    public func streamContainerFileContent(containerID: String, fileID: String, options: RequestOptions) async throws -> AIStream<Data> {
        try await client.eventStream(contentRequest(containerID, fileID), options: options, framing: .bytes, handler: RawBytesHandler())
    }

    private func contentRequest(_ containerID: String, _ fileID: String) throws -> APIRequest {
        APIRequest(method: .get, path: try containerFilePath(containerID, fileID) + "/content", headers: [.accept: "application/binary"])
    }

    /// Sends a deletion; the API answers with a deletion object, or with an empty body, which means deleted.
    private func deletion(_ request: APIRequest, id: String, object: String, options: RequestOptions) async throws -> DeletionStatus {
        let response = try await client.send(request, options: options)
        if response.body.allSatisfy({ $0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 }) {
            return DeletionStatus(id: id, object: object, deleted: true)
        }
        do {
            return try FastJSONDecoder().decode(DeletionStatus.self, from: response.body)
        } catch {
            throw APIError.decoding(
                error, body: response.body, status: response.status.code, headers: response.headers, what: "DeletionStatus")
        }
    }

    private func containersPath(_ suffix: String) throws -> String {
        try routing.v1OnlyPath("/containers" + suffix, feature: "Containers")
    }

    private func containerPath(_ id: String) throws -> String {
        try containersPath("/\(Self.pathComponent(id))")
    }

    private func containerFilePath(_ containerID: String, _ fileID: String) throws -> String {
        try containerPath(containerID) + "/files/\(Self.pathComponent(fileID))"
    }
}
