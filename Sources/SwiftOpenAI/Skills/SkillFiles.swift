import AICore
import Foundation

/// What a skill version is made of, as sent to [create a skill](https://platform.openai.com/docs/api-reference/skills/create)
/// or a version of one: either the files of its folder (each with its path inside the folder) or one zip of the folder.
///
/// The API reads the name and description from the front matter of the `SKILL.md` at the top of the folder.
public struct SkillFiles: Sendable {
    /// One file of a skill folder.
    public struct File: Sendable, Equatable {
        /// The path sent as the file name, e.g. `my-skill/SKILL.md` or `my-skill/scripts/run.py`: relative, with `/`
        /// between components and no `..`.
        public var path: String
        public var data: Data

        public init(path: String, data: Data) {
            self.path = path
            self.data = data
        }
    }

    enum Content: Sendable {
        case files([File])
        case zip(fileName: String, data: Data)
    }

    let content: Content

    /// The most files one upload may hold, as the API documents.
    public static let maximumFileCount = 500

    /// The files of a skill folder, each with its path (the folder's own name first, e.g. `my-skill/SKILL.md`).
    public static func files(_ files: [File]) -> SkillFiles { SkillFiles(content: .files(files)) }

    /// A zip of the skill folder.
    public static func zip(_ data: Data, fileName: String = "skill.zip") -> SkillFiles {
        SkillFiles(content: .zip(fileName: fileName, data: data))
    }

    /// The multipart form: `files[]` parts for a folder, one `files` part for a zip; `extra` adds text fields.
    func form(extra: [(String, String)] = []) throws -> MultipartFormData {
        var form = MultipartFormData()
        for (name, value) in extra { form.append(name: name, value: value) }
        switch content {
        case .zip(let fileName, let data):
            guard !data.isEmpty else { throw APIError(kind: .invalidRequest, message: "The skill zip \(fileName) is empty.") }
            form.append(name: "files", filename: fileName, contentType: "application/zip", data: data)
        case .files(let files):
            guard !files.isEmpty else { throw APIError(kind: .invalidRequest, message: "A skill needs at least its SKILL.md file.") }
            guard files.count <= Self.maximumFileCount else {
                throw APIError(kind: .invalidRequest, message: "A skill upload holds at most \(Self.maximumFileCount) files; this one has \(files.count). Send a zip instead.")
            }
            for file in files {
                try SkillFolder.checkRelative(file.path)
                form.append(name: "files[]", filename: file.path, contentType: FileObject.contentType(forFileName: file.path), data: file.data)
            }
        }
        return form
    }
}
