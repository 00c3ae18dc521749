import AICore
import Foundation

extension SkillFiles {
    /// Reads a skill folder from disk: every regular file below it (hidden ones only if asked), each sent as
    /// `<folder name>/<path inside the folder>`.
    ///
    /// The folder must hold a `SKILL.md` at its top. Files that are links to somewhere outside the folder are
    /// refused rather than uploaded, so a stray link can't send other files of the disk. The whole upload is held in
    /// memory while it is sent, so the folder's size is bounded by `maximumBytes` (checked before anything is read).
    ///
    /// - Throws: ``APIError`` of kind `.invalidRequest` naming the problem (no `SKILL.md`, a link leaving the
    ///   folder, too many files, too many bytes, an unreadable file).
    public static func folder(at url: URL, includeHidden: Bool = false, maximumBytes: Int = 50 * 1024 * 1024) throws -> SkillFiles {
        let files = try SkillFolder.read(at: url, includeHidden: includeHidden, maximumFileCount: maximumFileCount, maximumBytes: maximumBytes)
        return .files(files.map { File(path: $0.path, data: $0.data) })
    }
}
