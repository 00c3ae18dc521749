import Foundation

/// The audio and image files of a library, kept in subfolders of the library folder.
///
/// The database stores paths relative to the library folder (`Audio/story-20250114-193000-1a2b3c4d.mp3`), so a
/// library folder can be moved or copied as a whole. Names carry the creation time (UTC) for people browsing the
/// folder, and part of the owner's id so that two saves in the same second never collide.
struct MediaFolder: Sendable {
    /// The kinds of media, each in its own subfolder.
    enum Kind: String, CaseIterable, Sendable {
        case audio = "Audio"
        case images = "Images"
    }

    /// Files being written start with this prefix until they are moved into place; any left at open
    /// belong to a save that never finished.
    static let temporaryPrefix = ".partial-"

    let root: URL

    /// Creates the media subfolders when missing.
    func prepare() throws {
        for kind in Kind.allCases {
            try FileManager.default.createDirectory(
                at: root.appendingPathComponent(kind.rawValue, isDirectory: true), withIntermediateDirectories: true)
        }
    }

    /// The file URL of a path relative to the library folder.
    func url(for relativePath: String) -> URL {
        root.appendingPathComponent(relativePath, isDirectory: false)
    }

    /// A new relative path such as `Audio/story-20250114-193000-1a2b3c4d.mp3`.
    func newPath(kind: Kind, prefix: String, ownerID: UUID, date: Date, fileExtension: String) -> String {
        let stamp = UTCStamp.fileStamp(date)
        let shortID = ownerID.uuidString.lowercased().prefix(8)
        return "\(kind.rawValue)/\(prefix)-\(stamp)-\(shortID).\(fileExtension)"
    }

    /// Writes `data` under a temporary name next to where it will live; ``StagedFile/moveIntoPlace()`` gives it
    /// its real name. The bytes are flushed to disk before the rename, so a renamed file is a complete file.
    func stage(_ data: Data, at relativePath: String) throws -> StagedFile {
        let finalURL = url(for: relativePath)
        let temporaryURL = finalURL.deletingLastPathComponent()
            .appendingPathComponent(Self.temporaryPrefix + finalURL.lastPathComponent)
        guard FileManager.default.createFile(atPath: temporaryURL.path, contents: nil) else {
            throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: temporaryURL.path])
        }
        let handle = try FileHandle(forWritingTo: temporaryURL)
        defer { try? handle.close() }
        try handle.write(contentsOf: data)
        try handle.synchronize()
        return StagedFile(temporaryURL: temporaryURL, finalURL: finalURL, relativePath: relativePath)
    }

    /// Removes the files a finished or abandoned save left behind: temporary files, and media files that no
    /// row refers to (a save killed between moving its files into place and committing).
    ///
    /// Call it inside a write transaction, so that no save of another process is half done meanwhile.
    /// - Returns: the relative paths removed.
    @discardableResult
    func removeOrphans(keeping referenced: Set<String>) -> [String] {
        var removed: [String] = []
        for kind in Kind.allCases {
            let folder = root.appendingPathComponent(kind.rawValue, isDirectory: true)
            let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
            for name in names {
                let relativePath = "\(kind.rawValue)/\(name)"
                guard name.hasPrefix(Self.temporaryPrefix) || !referenced.contains(relativePath) else { continue }
                if (try? FileManager.default.removeItem(at: folder.appendingPathComponent(name))) != nil {
                    removed.append(relativePath)
                }
            }
        }
        return removed
    }

    /// Removes files by relative path, ignoring those already gone; returns the bytes freed.
    @discardableResult
    func remove(_ relativePaths: [String]) -> Int64 {
        var freed: Int64 = 0
        for path in relativePaths {
            let fileURL = url(for: path)
            let size = (try? FileManager.default.attributesOfItem(atPath: fileURL.path)[.size] as? NSNumber)?.int64Value
            if (try? FileManager.default.removeItem(at: fileURL)) != nil {
                freed += size ?? 0
            }
        }
        return freed
    }
}
