import AICore
import Foundation

/// What a skill version is made of, as sent to [create a skill](https://docs.anthropic.com/en/api/skills/create-skill)
/// or a version of one: the files of one folder, each with its path under the folder's name
/// (`my-skill/SKILL.md`, `my-skill/scripts/run.py`).
///
/// Read a folder from disk with ``folder(at:includeHidden:maximumBytes:)``, or give the files in memory with
/// ``files(_:)`` (for an app without a file system, or files made on the fly). Either way the layout is checked
/// before anything is sent: one top-level folder, a `SKILL.md` at its top, relative paths. The API reads the
/// skill's name and description from the front matter of that `SKILL.md`.
public struct AnthropicSkillFiles: Sendable {
    /// One file of a skill folder.
    public struct File: Sendable, Equatable {
        /// The path sent as the file name, e.g. `my-skill/SKILL.md`: the folder's name first, `/` between
        /// components, no `.` or `..`.
        public var path: String
        /// The file's bytes.
        public var data: Data

        /// A file at `path` (the folder's name first) holding `data`.
        public init(path: String, data: Data) {
            self.path = path
            self.data = data
        }

        /// A text file at `path` (the folder's name first), sent as UTF-8.
        public init(path: String, text: String) {
            self.init(path: path, data: Data(text.utf8))
        }
    }

    /// The files, in the order they are sent.
    public let files: [File]

    /// The most files one upload may hold.
    public static let maximumFileCount = 500

    /// Files given in memory; their layout is checked when they are sent (before the request).
    public static func files(_ files: [File]) -> AnthropicSkillFiles { AnthropicSkillFiles(files: files) }

    /// Reads a skill folder from disk: every regular file below it (hidden ones only if asked), each sent as
    /// `<folder name>/<path inside the folder>`.
    ///
    /// The folder must hold a `SKILL.md` at its top. A link to somewhere outside the folder is refused rather than
    /// followed, so a stray link can't send other files of the disk. The upload is held in memory while it is sent,
    /// so the folder's size is bounded by `maximumBytes` (checked before anything is read).
    ///
    /// - Throws: ``APIError`` of kind `.invalidRequest` naming the problem (not a folder, no `SKILL.md`, a link
    ///   leaving the folder, too many files or bytes, an unreadable file).
    public static func folder(at url: URL, includeHidden: Bool = false, maximumBytes: Int = 50 * 1024 * 1024) throws -> AnthropicSkillFiles {
        let files = try SkillFolder.read(at: url, includeHidden: includeHidden, maximumFileCount: maximumFileCount, maximumBytes: maximumBytes)
        return AnthropicSkillFiles(files: files.map { File(path: $0.path, data: $0.data) })
    }

    /// The name of the folder the files are in (the first component of their paths), once the layout is valid.
    ///
    /// - Throws: ``APIError`` (`.invalidRequest`) when the files are not one folder with a `SKILL.md` at its top.
    public func folderName() throws -> String {
        try SkillFolder.checkLayout(files.map(\.path))
    }

    /// The multipart form: one `files[]` part per file, named by its path; `fields` adds text fields first.
    func form(fields: [(name: String, value: String)] = []) throws -> MultipartFormData {
        _ = try folderName()
        guard files.count <= Self.maximumFileCount else {
            throw APIError(
                kind: .invalidRequest, message: "A skill upload holds at most \(Self.maximumFileCount) files; this one has \(files.count).")
        }
        var form = MultipartFormData()
        for field in fields { form.append(name: field.name, value: field.value) }
        for file in files {
            form.append(name: "files[]", filename: file.path, contentType: SkillFolder.contentType(forPath: file.path), data: file.data)
        }
        return form
    }
}
