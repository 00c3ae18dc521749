import Foundation

/// An uploaded skill version: its zip (as uploaded, or written from the uploaded files) and the name and
/// description from its `SKILL.md` front matter.
struct SkillBundle {
    var zip: Data
    var name: String
    var description: String

    /// Why an upload is refused: a 400 naming `param`.
    struct Refusal: Error {
        let message: String
        var param = "files"
    }

    static let maximumFiles = 500

    /// Reads the `files` / `files[]` parts of a create request: one zip, or the files of a folder with their paths.
    static func read(_ parts: [Multipart.Part]) throws(Refusal) -> SkillBundle {
        let files = parts.filter { $0.name == "files" || $0.name == "files[]" }
        guard !files.isEmpty else { throw Refusal(message: "'files' is a required property") }
        guard files.count <= maximumFiles else { throw Refusal(message: "At most \(maximumFiles) files can be uploaded; got \(files.count).") }
        if files.count == 1, let only = files.first, isZip(only) {
            return try fromZip(only.data)
        }
        var entries: [SkillZip.Entry] = []
        for part in files {
            guard let path = part.filename, !path.isEmpty else { throw Refusal(message: "Every uploaded file needs a file name (its path in the skill).") }
            guard isSafe(path) else { throw Refusal(message: "The file path '\(path)' must stay inside the skill folder.") }
            guard !entries.contains(where: { $0.path == path }) else { throw Refusal(message: "The file '\(path)' was uploaded twice.") }
            entries.append(SkillZip.Entry(path: path, data: part.data))
        }
        guard let manifest = manifestPath(in: entries.map(\.path)), let text = entries.first(where: { $0.path == manifest })?.data else {
            throw Refusal(message: "The skill has no SKILL.md at the top of its folder.")
        }
        let (name, description) = try frontMatter(text)
        return SkillBundle(zip: SkillZip.stored(entries), name: name, description: description)
    }

    private static func isZip(_ part: Multipart.Part) -> Bool {
        part.data.starts(with: [0x50, 0x4B, 0x03, 0x04]) || part.data.starts(with: [0x50, 0x4B, 0x05, 0x06])
            || part.filename?.lowercased().hasSuffix(".zip") == true || part.contentType?.lowercased().contains("zip") == true
    }

    private static func fromZip(_ data: Data) throws(Refusal) -> SkillBundle {
        do {
            let archive = try SkillZip.Archive(data)
            let paths = archive.entries.map(\.path).filter { !$0.hasSuffix("/") }
            if let unsafe = paths.first(where: { !isSafe($0) }) { throw Refusal(message: "The archive entry '\(unsafe)' must stay inside the skill folder.") }
            guard let manifest = manifestPath(in: paths) else { throw Refusal(message: "The skill zip has no SKILL.md at the top of its folder.") }
            let (name, description) = try frontMatter(try archive.data(at: manifest))
            return SkillBundle(zip: data, name: name, description: description)
        } catch let refusal as Refusal {
            throw refusal
        } catch let unreadable as SkillZip.Unreadable {
            throw Refusal(message: "The skill zip could not be read: \(unreadable.reason).")
        } catch {
            throw Refusal(message: "The skill zip could not be read.")
        }
    }

    /// A relative path without `.`, `..` or empty components.
    static func isSafe(_ path: String) -> Bool {
        let components = path.split(separator: "/", omittingEmptySubsequences: false)
        return !path.hasPrefix("/") && !path.contains("\\") && components.allSatisfy { !$0.isEmpty && $0 != "." && $0 != ".." }
    }

    /// `SKILL.md` at the top, or in the one folder every file is in.
    static func manifestPath(in paths: [String]) -> String? {
        if paths.contains("SKILL.md") { return "SKILL.md" }
        let tops = Set(paths.map { $0.split(separator: "/").first.map(String.init) ?? $0 })
        guard tops.count == 1, let top = tops.first, paths.contains(top + "/SKILL.md") else { return nil }
        return top + "/SKILL.md"
    }

    /// `name` and `description` from the YAML front matter that opens `SKILL.md` (plain, quoted and block scalars).
    static func frontMatter(_ data: Data) throws(Refusal) -> (name: String, description: String) {
        var text = String(decoding: data, as: UTF8.self)
        if text.hasPrefix("\u{FEFF}") { text.removeFirst() }
        let lines = text.replacingOccurrences(of: "\r\n", with: "\n").split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        guard lines.first?.trimmingCharacters(in: .whitespaces) == "---",
            let close = lines.dropFirst().firstIndex(where: { $0.trimmingCharacters(in: .whitespaces) == "---" })
        else {
            throw Refusal(message: "SKILL.md must start with YAML front matter (between '---' lines) giving name and description.")
        }
        var fields: [String: String] = [:]
        var index = 1
        while index < close {
            let line = lines[index]
            index += 1
            guard !line.hasPrefix(" "), !line.hasPrefix("\t"), let colon = line.firstIndex(of: ":") else { continue }
            let key = line[..<colon].trimmingCharacters(in: .whitespaces)
            var value = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
            if ["|", ">", "|-", ">-", "|+", ">+"].contains(value) {
                var block: [String] = []
                while index < close, lines[index].hasPrefix(" ") || lines[index].hasPrefix("\t") || lines[index].isEmpty {
                    block.append(lines[index].trimmingCharacters(in: .whitespaces))
                    index += 1
                }
                value = block.joined(separator: value.hasPrefix("|") ? "\n" : " ").trimmingCharacters(in: .whitespacesAndNewlines)
            } else if value.count >= 2, let first = value.first, first == "\"" || first == "'", value.last == first {
                value = String(value.dropFirst().dropLast())
            }
            fields[key] = value
        }
        guard let name = fields["name"], !name.isEmpty else { throw Refusal(message: "The SKILL.md front matter has no 'name'.") }
        guard let description = fields["description"], !description.isEmpty else {
            throw Refusal(message: "The SKILL.md front matter has no 'description'.")
        }
        return (name, description)
    }
}
