import AICore
import Foundation

extension OpenAISkillsService {
    /// Writes a skill's zip (its default version, or `version`) to `destination` as it arrives, never holding it
    /// whole in memory, and returns the number of bytes written.
    ///
    /// The bytes go to a temporary file beside `destination` that replaces it only once the download is complete, so
    /// a failed or cancelled download leaves no partial file behind.
    @discardableResult
    public func downloadSkillContent(
        id: String, version: String? = nil, to destination: URL, options: RequestOptions = .default
    ) async throws -> Int {
        let stream: AIStream<Data>
        if let version {
            stream = try await skillVersionContentStream(skillID: id, version: version, options: options)
        } else {
            stream = try await skillContentStream(id: id, options: options)
        }
        let partial = destination.deletingLastPathComponent()
            .appendingPathComponent(".\(destination.lastPathComponent).\(UUID().uuidString).partial")
        guard FileManager.default.createFile(atPath: partial.path, contents: nil) else {
            throw APIError(kind: .invalidRequest, message: "Cannot write to \(destination.deletingLastPathComponent().path).")
        }
        do {
            let handle = try FileHandle(forWritingTo: partial)
            var written = 0
            do {
                for try await chunk in stream {
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
            return written
        } catch {
            try? FileManager.default.removeItem(at: partial)
            throw error
        }
    }
}
