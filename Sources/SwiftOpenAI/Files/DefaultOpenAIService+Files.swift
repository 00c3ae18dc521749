import AICore
import Foundation
import HTTPTypes

extension DefaultOpenAIService {
    public func listFiles(purpose: String?, parameters: ListParameters, options: RequestOptions) async throws -> OpenAIResponse<FileObject> {
        var query = parameters.queryItems
        if let purpose { query.append(URLQueryItem(name: "purpose", value: purpose)) }
        return try await client.decode(
            OpenAIResponse<FileObject>.self, for: APIRequest(method: .get, path: routing.path("/files"), query: query), options: options)
    }

    public func uploadFile(parameters: FileParameters, options: RequestOptions) async throws -> FileObject {
        try await client.decode(FileObject.self, for: .multipart(.post, routing.path("/files"), form: parameters.form), options: options)
    }

    public func retrieveFileWith(id: String, options: RequestOptions) async throws -> FileObject {
        try await client.decode(FileObject.self, for: APIRequest(method: .get, path: filePath(id)), options: options)
    }

    public func deleteFileWith(id: String, options: RequestOptions) async throws -> FileObject.DeletionStatus {
        try await client.decode(FileObject.DeletionStatus.self, for: APIRequest(method: .delete, path: filePath(id)), options: options)
    }

    public func retrieveContentForFileWith(id: String, options: RequestOptions) async throws -> Data {
        try await client.send(APIRequest(method: .get, path: filePath(id) + "/content", headers: [.accept: "*/*"]), options: options).body
    }

    public func createUpload(parameters: UploadParameters, options: RequestOptions) async throws -> UploadObject {
        try await client.decode(UploadObject.self, for: .json(.post, routing.path("/uploads"), body: parameters), options: options)
    }

    public func addUploadPart(uploadID: String, data: Data, options: RequestOptions) async throws -> UploadPartObject {
        var form = MultipartFormData()
        form.append(name: "data", filename: "part", contentType: "application/octet-stream", data: data)
        return try await client.decode(
            UploadPartObject.self, for: .multipart(.post, uploadPath(uploadID) + "/parts", form: form), options: options)
    }

    public func completeUpload(uploadID: String, partIDs: [String], md5: String?, options: RequestOptions) async throws -> UploadObject {
        struct Body: Encodable {
            let partIds: [String]
            let md5: String?
            enum CodingKeys: String, CodingKey {
                case partIds = "part_ids"
                case md5
            }
        }
        return try await client.decode(
            UploadObject.self, for: .json(.post, uploadPath(uploadID) + "/complete", body: Body(partIds: partIDs, md5: md5)),
            options: options)
    }

    public func cancelUpload(uploadID: String, options: RequestOptions) async throws -> UploadObject {
        try await client.decode(UploadObject.self, for: APIRequest(method: .post, path: uploadPath(uploadID) + "/cancel"), options: options)
    }

    private func filePath(_ id: String) -> String { routing.path("/files/\(Self.pathComponent(id))") }
    private func uploadPath(_ id: String) -> String { routing.path("/uploads/\(Self.pathComponent(id))") }
}
