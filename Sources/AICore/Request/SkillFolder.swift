import Foundation

/// Reads a skill folder for an upload: both providers take a skill as its files, each sent with its path under
/// the folder's own name (`my-skill/SKILL.md`, `my-skill/scripts/run.py`).
///
/// One reader for OpenAI's and Anthropic's skills, so the rules are the same for both: every regular file below
/// the folder (hidden ones only if asked), a `SKILL.md` at its top, no link leading out of it, bounded in count
/// and bytes before anything is read, and every problem a typed ``APIError`` of kind `.invalidRequest` raised
/// before a request is sent.
package enum SkillFolder {
    /// One file of a skill: its path as sent (the folder's name first) and its bytes.
    package struct File: Sendable, Equatable {
        package var path: String
        package var data: Data

        package init(path: String, data: Data) {
            self.path = path
            self.data = data
        }
    }

    /// The files below `url`, sorted by path, each named `<folder name>/<path inside the folder>`.
    ///
    /// - Throws: ``APIError`` (`.invalidRequest`) naming the problem: not a folder, no `SKILL.md` at its top, a
    ///   link leaving the folder, more than `maximumFileCount` files, more than `maximumBytes` bytes, an unreadable
    ///   file.
    package static func read(
        at url: URL, includeHidden: Bool, maximumFileCount: Int, maximumBytes: Int
    ) throws -> [File] {
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
                throw APIError(kind: .invalidRequest, message: "The skill folder has more than \(maximumFileCount) files, the most one upload may hold.")
            }
            guard totalBytes <= maximumBytes else {
                throw APIError(kind: .invalidRequest, message: "The skill folder is larger than \(maximumBytes) bytes.")
            }
        }
        guard found.contains(where: { $0.relative == "SKILL.md" }) else {
            throw APIError(kind: .invalidRequest, message: "The skill folder \(url.path) has no SKILL.md at its top.")
        }
        return try found.sorted { $0.relative < $1.relative }.map { entry in
            do {
                return File(path: rootName + "/" + entry.relative, data: try Data(contentsOf: entry.url))
            } catch {
                throw APIError(kind: .invalidRequest, message: "Cannot read \(entry.url.path): \(error.localizedDescription)")
            }
        }
    }

    /// Refuses a path that could land outside the skill's folder on the server: absolute, empty parts, `.` or `..`.
    package static func checkRelative(_ path: String) throws {
        let components = path.split(separator: "/", omittingEmptySubsequences: false)
        guard !path.isEmpty, !path.hasPrefix("/"), !path.contains("\\"),
            components.allSatisfy({ !$0.isEmpty && $0 != "." && $0 != ".." })
        else {
            throw APIError(kind: .invalidRequest, message: "The skill file path '\(path)' must be relative to the skill folder, without '.', '..' or empty parts.")
        }
    }

    /// Checks files given in memory the way a folder read from disk is: at least one, relative paths, each sent
    /// once, all in one top-level folder with a `SKILL.md` at its top; returns that folder's name.
    package static func checkLayout(_ paths: [String]) throws -> String {
        guard !paths.isEmpty else { throw APIError(kind: .invalidRequest, message: "A skill needs at least its SKILL.md file.") }
        for path in paths { try checkRelative(path) }
        if let twice = Dictionary(grouping: paths, by: { $0 }).first(where: { $0.value.count > 1 })?.key {
            throw APIError(kind: .invalidRequest, message: "The skill file '\(twice)' is given twice.")
        }
        let tops = Set(paths.map { String($0.prefix { $0 != "/" }) })
        guard tops.count == 1, let top = tops.first, paths.allSatisfy({ $0.hasPrefix(top + "/") }) else {
            throw APIError(
                kind: .invalidRequest,
                message: "Every skill file must be inside one top-level folder (e.g. my-skill/SKILL.md); got \(tops.sorted().joined(separator: ", ")).")
        }
        guard paths.contains(top + "/SKILL.md") else {
            throw APIError(kind: .invalidRequest, message: "The skill folder \(top) has no SKILL.md at its top.")
        }
        return top
    }

    /// The `Content-Type` of a skill file's part, from its extension.
    package static func contentType(forPath path: String) -> String {
        switch (path as NSString).pathExtension.lowercased() {
        case "md", "markdown": "text/markdown"
        case "txt": "text/plain"
        case "py": "text/x-python"
        case "sh": "text/x-shellscript"
        case "js", "mjs": "text/javascript"
        case "json": "application/json"
        case "yaml", "yml": "application/yaml"
        case "csv": "text/csv"
        case "html", "htm": "text/html"
        case "xml": "application/xml"
        case "pdf": "application/pdf"
        case "png": "image/png"
        case "jpg", "jpeg": "image/jpeg"
        case "svg": "image/svg+xml"
        default: "application/octet-stream"
        }
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
