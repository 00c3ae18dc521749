import AICore
import Foundation

extension OpenAIFilesService {
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
