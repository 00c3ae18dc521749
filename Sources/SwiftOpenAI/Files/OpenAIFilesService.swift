import AICore
import Foundation

/// The [files](https://platform.openai.com/docs/api-reference/files) and [uploads](https://platform.openai.com/docs/api-reference/uploads) calls of ``OpenAIService``.
///
/// Part of ``OpenAIService``; a type can conform to this protocol alone (a mock of this area, say).
public protocol OpenAIFilesService: AnyObject, Sendable {
    /// [Lists files](https://platform.openai.com/docs/api-reference/files/list), optionally of one purpose; one page.
    func listFiles(purpose: String?, parameters: ListParameters, options: RequestOptions) async throws -> OpenAIResponse<FileObject>

    /// [Uploads a file](https://platform.openai.com/docs/api-reference/files/create) (up to 512 MB; use an upload beyond).
    func uploadFile(parameters: FileParameters, options: RequestOptions) async throws -> FileObject

    /// [Retrieves](https://platform.openai.com/docs/api-reference/files/retrieve) a file's metadata.
    func retrieveFileWith(id: String, options: RequestOptions) async throws -> FileObject

    /// [Deletes](https://platform.openai.com/docs/api-reference/files/delete) a file.
    func deleteFileWith(id: String, options: RequestOptions) async throws -> FileObject.DeletionStatus

    /// [The content](https://platform.openai.com/docs/api-reference/files/retrieve-contents) of a file, as raw bytes.
    func retrieveContentForFileWith(id: String, options: RequestOptions) async throws -> Data

    /// [Creates an upload](https://platform.openai.com/docs/api-reference/uploads/create) to send a large file in parts.
    func createUpload(parameters: UploadParameters, options: RequestOptions) async throws -> UploadObject

    /// [Adds a part](https://platform.openai.com/docs/api-reference/uploads/add-part) (up to 64 MB) to an upload.
    func addUploadPart(uploadID: String, data: Data, options: RequestOptions) async throws -> UploadPartObject

    /// [Completes an upload](https://platform.openai.com/docs/api-reference/uploads/complete): the parts, in order, become a file.
    func completeUpload(uploadID: String, partIDs: [String], md5: String?, options: RequestOptions) async throws -> UploadObject

    /// [Cancels an upload](https://platform.openai.com/docs/api-reference/uploads/cancel).
    func cancelUpload(uploadID: String, options: RequestOptions) async throws -> UploadObject
}
