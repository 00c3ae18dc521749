import Foundation
import InfiniteStoriesStore

/// Writes a story out of the library as files people can share: `<slug>.md` and, when the story has them,
/// `<slug>.mp3` and `<slug>.png` (or the picture's own format), the Markdown linking to both.
struct StoryExport {
    let story: StoredStory
    let library: StoryLibrary

    /// Writes the files into `folder` (created when missing; files of the same names are replaced).
    /// - Returns: the files written, Markdown first.
    func write(to folder: URL) throws -> [URL] {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let base = Self.slug(story.title)
        var media: [(role: String, url: URL)] = []
        for (role, file) in [("audio", story.audioFile), ("picture", story.avatarFile)] {
            guard let file else { continue }
            let source = library.url(forFile: file)
            guard FileManager.default.fileExists(atPath: source.path) else { throw StoryLibraryError.missingFile(file) }
            let destination = folder.appendingPathComponent("\(base).\(source.pathExtension)")
            try? FileManager.default.removeItem(at: destination)
            try FileManager.default.copyItem(at: source, to: destination)
            media.append((role, destination))
        }
        let markdown = folder.appendingPathComponent("\(base).md")
        try markdownText(media: media).write(to: markdown, atomically: true, encoding: .utf8)
        return [markdown] + media.map(\.url)
    }

    private func markdownText(media: [(role: String, url: URL)]) -> String {
        var lines = ["# \(story.title)", ""]
        lines.append("*\(story.heroName) · \(story.occasionName) · \(story.language) · "
            + "\(Int((story.duration / 60).rounded())) min · \(UTCDay.string(story.createdAt))*")
        lines.append("")
        for item in media {
            let name = item.url.lastPathComponent
            lines.append(item.role == "picture" ? "![\(story.title)](\(name))" : "[Listen to the story](\(name))")
            lines.append("")
        }
        lines.append(story.content)
        return lines.joined(separator: "\n") + "\n"
    }

    /// A file name from a title: letters and digits (any script), dashes for the rest, at most 60 characters.
    static func slug(_ title: String) -> String {
        var slug = ""
        for character in title.lowercased() {
            if character.isLetter || character.isNumber {
                slug.append(character)
            } else if !slug.isEmpty, slug.last != "-" {
                slug.append("-")
            }
        }
        while slug.hasSuffix("-") { slug.removeLast() }
        let trimmed = String(slug.prefix(60))
        return trimmed.isEmpty ? "story" : trimmed
    }
}
