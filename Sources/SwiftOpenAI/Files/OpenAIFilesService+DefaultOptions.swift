import AICore
import Foundation

// Every `OpenAIFilesService` call without `options:`, sent with `RequestOptions.default`.
extension OpenAIFilesService {
    public func listFiles(purpose: String? = nil, parameters: ListParameters = ListParameters()) async throws -> OpenAIResponse<FileObject> {
        try await listFiles(purpose: purpose, parameters: parameters, options: .default)
    }

    public func uploadFile(parameters: FileParameters) async throws -> FileObject {
        try await uploadFile(parameters: parameters, options: .default)
    }

    public func retrieveFileWith(id: String) async throws -> FileObject {
        try await retrieveFileWith(id: id, options: .default)
    }

    public func deleteFileWith(id: String) async throws -> FileObject.DeletionStatus {
        try await deleteFileWith(id: id, options: .default)
    }

    public func retrieveContentForFileWith(id: String) async throws -> Data {
        try await retrieveContentForFileWith(id: id, options: .default)
    }

    public func createUpload(parameters: UploadParameters) async throws -> UploadObject {
        try await createUpload(parameters: parameters, options: .default)
    }

    public func addUploadPart(uploadID: String, data: Data) async throws -> UploadPartObject {
        try await addUploadPart(uploadID: uploadID, data: data, options: .default)
    }

    public func completeUpload(uploadID: String, partIDs: [String], md5: String? = nil) async throws -> UploadObject {
        try await completeUpload(uploadID: uploadID, partIDs: partIDs, md5: md5, options: .default)
    }

    public func cancelUpload(uploadID: String) async throws -> UploadObject {
        try await cancelUpload(uploadID: uploadID, options: .default)
    }
}
