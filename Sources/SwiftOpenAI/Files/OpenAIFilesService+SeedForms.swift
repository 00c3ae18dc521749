import AICore
import Foundation

extension OpenAIFilesService {
    public func listFiles(purpose: String? = nil, parameters: ListParameters = ListParameters()) async throws -> OpenAIResponse<FileObject> {
        try await listFiles(purpose: purpose, parameters: parameters, options: .default)
    }

    /// Every file (of `purpose`), page after page as the sequence is consumed.
    public func allFiles(purpose: String? = nil, pageSize: Int? = nil, options: RequestOptions = .default) -> OpenAIPageSequence<FileObject> {
        OpenAIPageSequence(
            fetch: { after in
                try await self.listFiles(purpose: purpose, parameters: ListParameters(limit: pageSize, after: after), options: options)
            }, id: \.id)
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

    /// Uploads a file from disk in parts through the Uploads API, reading one part at a time (never the whole
    /// file), and returns the completed file. A failure cancels the upload.
    ///
    /// - Parameters:
    ///   - url: the file on disk.
    ///   - purpose: what the file is for: `assistants`, `batch`, `fine-tune`, `vision`, `user_data`, `evals`.
    ///   - mimeType: the file's MIME type, e.g. `application/pdf`.
    ///   - partSize: bytes per part, at most 64 MB.
    ///   - options: per-call options for every request of the upload.
    ///   - progress: called after each part with the bytes sent and the total.
    public func uploadLargeFile(
        at url: URL, purpose: String, mimeType: String, partSize: Int = 64 * 1024 * 1024,
        options: RequestOptions = .default, progress: (@Sendable (_ sent: Int, _ total: Int) -> Void)? = nil
    ) async throws -> FileObject {
        guard partSize > 0, partSize <= 64 * 1024 * 1024 else {
            throw APIError(kind: .invalidRequest, message: "partSize must be between 1 byte and 64 MB.")
        }
        let handle: FileHandle
        let total: Int
        do {
            handle = try FileHandle(forReadingFrom: url)
            total = Int(try handle.seekToEnd())
            try handle.seek(toOffset: 0)
        } catch {
            throw APIError(kind: .invalidRequest, message: "Cannot read \(url.path): \(error.localizedDescription)")
        }
        defer { try? handle.close() }
        let upload = try await createUpload(
            parameters: UploadParameters(filename: url.lastPathComponent, purpose: purpose, bytes: total, mimeType: mimeType),
            options: options)
        do {
            var partIDs: [String] = []
            var sent = 0
            while sent < total {
                let chunk = try handle.read(upToCount: min(partSize, total - sent)) ?? Data()
                guard !chunk.isEmpty else {
                    throw APIError(kind: .invalidRequest, message: "\(url.path) shrank while it was being uploaded.")
                }
                partIDs.append(try await addUploadPart(uploadID: upload.id, data: chunk, options: options).id)
                sent += chunk.count
                progress?(sent, total)
            }
            let completed = try await completeUpload(uploadID: upload.id, partIDs: partIDs, md5: nil, options: options)
            guard let file = completed.file else {
                throw APIError(kind: .invalidResponse, message: "The completed upload \(upload.id) has no file.")
            }
            return file
        } catch {
            _ = try? await cancelUpload(uploadID: upload.id, options: options)
            throw error
        }
    }
}
