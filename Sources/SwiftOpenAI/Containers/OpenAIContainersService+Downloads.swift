import AICore
import Foundation

extension OpenAIContainersService {
    /// Writes a container file to `destination` as its bytes arrive, never holding the whole file in memory, and
    /// returns the number of bytes written.
    ///
    /// The bytes go to a temporary file next to `destination` that replaces it only once the download is complete,
    /// so a failed or cancelled download never leaves a truncated file (nor removes one that was there).
    @discardableResult
    public func downloadContainerFile(
        containerID: String, fileID: String, to destination: URL, options: RequestOptions = .default
    ) async throws -> Int {
        let manager = FileManager.default
        let partial = destination.deletingLastPathComponent()
            .appendingPathComponent(".\(destination.lastPathComponent).\(UUID().uuidString).partial")
        guard manager.createFile(atPath: partial.path, contents: nil), let handle = FileHandle(forWritingAtPath: partial.path) else {
            throw APIError(kind: .invalidRequest, message: "Cannot write to \(destination.deletingLastPathComponent().path).")
        }
        var written = 0
        do {
            do {
                for try await chunk in try await streamContainerFileContent(containerID: containerID, fileID: fileID, options: options) {
                    try handle.write(contentsOf: chunk)
                    written += chunk.count
                }
                try handle.close()
            } catch {
                try? handle.close()
                throw error
            }
            // rename(2) replaces an existing destination atomically (both are in the same directory). Not
            // `FileManager.replaceItemAt`: swift-corelibs-foundation's removes the destination and then fails.
            guard rename(partial.path, destination.path) == 0 else {
                throw APIError(kind: .invalidRequest, message: "Cannot write \(destination.path): \(String(cString: strerror(errno))).")
            }
        } catch let error as APIError {
            try? manager.removeItem(at: partial)
            throw error
        } catch is CancellationError {
            try? manager.removeItem(at: partial)
            throw CancellationError()
        } catch {
            try? manager.removeItem(at: partial)
            throw APIError(kind: .invalidRequest, message: "Cannot write \(destination.path): \(error.localizedDescription)")
        }
        return written
    }
}

extension OpenAIService {
    /// Puts a file from disk into a container without holding a large one in memory.
    ///
    /// A file of at most `directUploadLimit` bytes is uploaded with the request. A larger one is sent in parts
    /// through the Uploads API (``OpenAIFilesService/uploadLargeFile(at:purpose:mimeType:partSize:options:progress:)``,
    /// purpose `user_data`), copied into the container, and the intermediate file is then deleted.
    public func uploadContainerFile(
        containerID: String, fileAt url: URL, directUploadLimit: Int = 8 * 1024 * 1024, options: RequestOptions = .default
    ) async throws -> ContainerFileObject {
        let size: Int
        do {
            let attributes = try FileManager.default.attributesOfItem(atPath: url.path)
            guard (attributes[.type] as? FileAttributeType) == .typeRegular else {
                throw APIError(kind: .invalidRequest, message: "\(url.path) is not a regular file.")
            }
            size = (attributes[.size] as? NSNumber)?.intValue ?? 0
        } catch let error as APIError {
            throw error
        } catch {
            throw APIError(kind: .invalidRequest, message: "Cannot read \(url.path): \(error.localizedDescription)")
        }
        if size <= directUploadLimit {
            let data: Data
            do { data = try Data(contentsOf: url) } catch {
                throw APIError(kind: .invalidRequest, message: "Cannot read \(url.path): \(error.localizedDescription)")
            }
            return try await createContainerFile(containerID: containerID, source: .upload(fileName: url.lastPathComponent, data: data), options: options)
        }
        let file = try await uploadLargeFile(
            at: url, purpose: "user_data", mimeType: FileObject.contentType(forFileName: url.lastPathComponent), options: options)
        do {
            let copied = try await createContainerFile(containerID: containerID, source: .fileID(file.id), options: options)
            _ = try? await deleteFileWith(id: file.id, options: options)
            return copied
        } catch {
            _ = try? await deleteFileWith(id: file.id, options: options)
            throw error
        }
    }
}
