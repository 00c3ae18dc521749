import AIServerKit
import Foundation

/// An upload to Anthropic's `/v1/skills` or `/v1/skills/{id}/versions`, read and checked as the API does: the
/// `files[]` parts of one top-level folder with a `SKILL.md` at its top whose front matter names the skill
/// (kebab-case) and describes it, and an optional `display_name`.
struct AnthropicSkillUpload {
    var name: String
    var description: String
    var paths: [String]
    var displayName: String?

    /// Why an upload is refused: a 400 `invalid_request_error` with this message.
    struct Refusal: Error {
        let message: String
    }

    static let maximumFiles = 500

    static func read(_ request: RecordedRequest) throws(Refusal) -> AnthropicSkillUpload {
        guard let parts = Multipart.parse(request.body, contentType: request.header("content-type")) else {
            throw Refusal(message: "files: expected a multipart/form-data body with the skill's files")
        }
        let files = parts.filter { $0.name == "files" || $0.name == "files[]" }
        guard !files.isEmpty else { throw Refusal(message: "files: Field required") }
        guard files.count <= maximumFiles else { throw Refusal(message: "files: at most \(maximumFiles) files can be uploaded; got \(files.count)") }
        var paths: [String] = []
        for part in files {
            guard let path = part.filename, !path.isEmpty else { throw Refusal(message: "files: every file needs a file name (its path in the skill)") }
            guard SkillBundle.isSafe(path) else { throw Refusal(message: "files: the path '\(path)' must stay inside the skill's folder") }
            guard !paths.contains(path) else { throw Refusal(message: "files: '\(path)' was uploaded twice") }
            paths.append(path)
        }
        let tops = Set(paths.map { String($0.prefix { $0 != "/" }) })
        guard tops.count == 1, let top = tops.first, paths.allSatisfy({ $0.hasPrefix(top + "/") }) else {
            throw Refusal(message: "files: all files must be in the same top-level directory; got \(tops.sorted().joined(separator: ", "))")
        }
        guard let manifest = files.first(where: { $0.filename == top + "/SKILL.md" }) else {
            throw Refusal(message: "files: SKILL.md file must be exactly in the top-level folder (\(top)/SKILL.md)")
        }
        let front: (name: String, description: String)
        do {
            front = try SkillBundle.frontMatter(manifest.data)
        } catch {
            throw Refusal(message: "SKILL.md: \(error.message)")
        }
        try checkName(front.name)
        guard front.description.count <= 1024 else {
            throw Refusal(message: "SKILL.md: 'description' must be at most 1024 characters; got \(front.description.count)")
        }
        let field = parts.first { $0.name == "display_name" } ?? parts.first { $0.name == "display_title" }
        let displayName = field.map { String(decoding: $0.data, as: UTF8.self) }
        if let displayName {
            guard !displayName.isEmpty, displayName.count <= 255, !displayName.contains(where: \.isNewline) else {
                throw Refusal(message: "display_name: must be a single line of 1 to 255 characters")
            }
        }
        return AnthropicSkillUpload(name: front.name, description: front.description, paths: paths, displayName: displayName)
    }

    /// A skill name is a kebab-case slug: lowercase letters, digits and hyphens, at most 64 characters, without
    /// the reserved words.
    private static func checkName(_ name: String) throws(Refusal) {
        let allowed = name.allSatisfy { ("a"..."z").contains($0) || ("0"..."9").contains($0) || $0 == "-" }
        guard allowed, name.count <= 64, !name.hasPrefix("-"), !name.hasSuffix("-") else {
            throw Refusal(message: "SKILL.md: 'name' must be at most 64 lowercase letters, digits and hyphens; got '\(name)'")
        }
        for reserved in ["anthropic", "claude"] where name.contains(reserved) {
            throw Refusal(message: "SKILL.md: 'name' cannot contain the reserved word '\(reserved)'")
        }
    }
}
