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
        let root = url.standardizedFileURL.resolvingSymlinksInPath()
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: root.path, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw APIError(kind: .invalidRequest, message: "\(url.path) is not a folder.")
        }
        let rootName = root.lastPathComponent
        var found: [(relative: String, url: URL)] = []
        var totalBytes = 0
        let keys: [URLResourceKey] = [.isRegularFileKey, .isDirectoryKey, .isSymbolicLinkKey, .fileSizeKey]
        guard let walker = FileManager.default.enumerator(at: root, includingPropertiesForKeys: keys, options: includeHidden ? [] : [.skipsHiddenFiles]) else {
            throw APIError(kind: .invalidRequest, message: "Cannot read the folder \(url.path).")
        }
        for case let item as URL in walker {
            let relative = try relativePath(of: item, in: root)
            let target = item.resolvingSymlinksInPath()
            guard contains(target, in: root) else {
                throw APIError(kind: .invalidRequest, message: "\(relative) in the skill folder points outside it (\(target.path)); refusing to upload it.")
            }
            let values = try? target.resourceValues(forKeys: Set(keys))
            guard values?.isRegularFile == true else { continue }
            found.append((relative, target))
            totalBytes += values?.fileSize ?? 0
            guard found.count <= maximumFileCount else {
                throw APIError(kind: .invalidRequest, message: "The skill folder has more than \(maximumFileCount) files; send a zip instead.")
            }
            guard totalBytes <= maximumBytes else {
                throw APIError(kind: .invalidRequest, message: "The skill folder is larger than \(maximumBytes) bytes.")
            }
        }
        guard found.contains(where: { $0.relative == "SKILL.md" }) else {
            throw APIError(kind: .invalidRequest, message: "The skill folder \(url.path) has no SKILL.md at its top.")
        }
        let files = try found.sorted { $0.relative < $1.relative }.map { entry in
            do {
                return File(path: rootName + "/" + entry.relative, data: try Data(contentsOf: entry.url))
            } catch {
                throw APIError(kind: .invalidRequest, message: "Cannot read \(entry.url.path): \(error.localizedDescription)")
            }
        }
        return .files(files)
    }

    /// `item`'s path below `root`, with `/` between components.
    private static func relativePath(of item: URL, in root: URL) throws -> String {
        let rootComponents = root.standardizedFileURL.pathComponents
        let itemComponents = item.standardizedFileURL.pathComponents
        guard itemComponents.count > rootComponents.count, Array(itemComponents.prefix(rootComponents.count)) == rootComponents else {
            throw APIError(kind: .invalidRequest, message: "\(item.path) is not inside the skill folder \(root.path).")
        }
        let relative = itemComponents.dropFirst(rootComponents.count).joined(separator: "/")
        try checkRelative(relative)
        return relative
    }

    /// Whether `target` (links resolved) is `root` or below it.
    private static func contains(_ target: URL, in root: URL) -> Bool {
        let rootComponents = root.pathComponents
        let targetComponents = target.standardizedFileURL.pathComponents
        return targetComponents.count >= rootComponents.count && Array(targetComponents.prefix(rootComponents.count)) == rootComponents
    }
}
