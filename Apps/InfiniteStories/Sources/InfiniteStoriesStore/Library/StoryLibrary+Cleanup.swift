import Foundation
import GRDB

extension StoryLibrary {
    /// Removes the narration of stories older than `days` days, files and references together; the stories'
    /// text and pictures stay (narration is the bulk of a library, and can be made again).
    ///
    /// The references are cleared in one transaction first and the files deleted after the commit: a crash in
    /// between leaves only unreferenced files, which the next open removes — never a story pointing at a
    /// missing file.
    @discardableResult
    public func cleanupOldAudioFiles(olderThan days: Int = 30, now: Date = Date()) async throws -> CleanupReport {
        let cutoff = now.addingTimeInterval(-Double(max(days, 0)) * 86_400)
        let files: [String] = try await database.write { db in
            let files = try String.fetchAll(
                db, sql: "SELECT audio_file FROM stories WHERE audio_file IS NOT NULL AND created_at < ?",
                arguments: [cutoff])
            try db.execute(
                sql: "UPDATE stories SET audio_file = NULL WHERE audio_file IS NOT NULL AND created_at < ?",
                arguments: [cutoff])
            return files
        }
        let existing = files.filter { FileManager.default.fileExists(atPath: media.url(for: $0).path) }
        let freed = media.remove(existing)
        return CleanupReport(storiesUpdated: files.count, filesRemoved: existing.count, bytesFreed: freed)
    }
}
