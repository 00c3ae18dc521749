import Foundation
import InfiniteStories

/// A saved story as documents people keep and share: Markdown with its narration and pictures beside it (the
/// CLI's `story export`, the web app's ZIP download) and a single-file EPUB (the web app's e-book download).
public struct StoryDocument: Sendable {
    public let story: StoredStory
    /// Reads a file the story refers to (relative to the library folder).
    let read: @Sendable (String) throws -> Data

    public init(story: StoredStory, library: StoryLibrary) {
        self.story = story
        self.read = { file in
            let url = library.url(forFile: file)
            guard let data = try? Data(contentsOf: url) else { throw StoryLibraryError.missingFile(file) }
            return data
        }
    }

    /// A file name from a title: letters and digits (any script), dashes for the rest, at most 60 characters.
    public static func slug(_ title: String) -> String {
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

    /// A stored file's extension as a safe one: 1–5 ASCII letters or digits, else `bin`.
    public static func fileExtension(_ ext: String) -> String {
        let lowered = ext.lowercased()
        guard (1...5).contains(lowered.count), lowered.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber) }) else {
            return "bin"
        }
        return lowered
    }

    /// The Markdown text: title, facts, the picture and the narration by the names given, then the story with
    /// each scene's picture after its paragraph.
    public func markdown(picture: String? = nil, audio: String? = nil, scenes: [Int: String] = [:]) -> String {
        var lines = ["# \(story.title)", ""]
        lines.append("*\(story.heroName) · \(story.occasionName) · \(story.language) · "
            + "\(Int((story.duration / 60).rounded())) min · \(story.createdAt.formatted(Date.ISO8601FormatStyle().year().month().day()))*")
        lines.append("")
        if let picture { lines += ["![\(story.title)](\(picture))", ""] }
        if let audio { lines += ["[Listen to the story](\(audio))", ""] }
        if scenes.isEmpty {
            lines.append(story.content)
        } else {
            for (index, paragraph) in ScenePicture.paragraphs(of: story.content).enumerated() {
                lines += [paragraph, ""]
                if let scene = scenes[index] { lines += ["![](\(scene))", ""] }
            }
            while lines.last == "" { lines.removeLast() }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// The files of the Markdown export, by name: `<slug>.md`, then the narration, the picture and the scenes.
    public func files() throws -> [(name: String, data: Data)] {
        let base = Self.slug(story.title)
        var media: [(name: String, data: Data)] = []
        var pictureName: String?, audioName: String?
        if let audio = story.audioFile {
            audioName = "\(base).\(Self.fileExtension((audio as NSString).pathExtension))"
            media.append((audioName!, try read(audio)))
        }
        if let picture = story.avatarFile {
            pictureName = "\(base).\(Self.fileExtension((picture as NSString).pathExtension))"
            media.append((pictureName!, try read(picture)))
        }
        var sceneNames: [Int: String] = [:]
        for (index, scene) in story.scenes.enumerated() {
            let name = "\(base)-scene-\(index + 1).\(Self.fileExtension((scene.file as NSString).pathExtension))"
            sceneNames[scene.paragraph] = name
            media.append((name, try read(scene.file)))
        }
        let text = markdown(picture: pictureName, audio: audioName, scenes: sceneNames)
        return [("\(base).md", Data(text.utf8))] + media
    }

    /// The Markdown export as one ZIP file (the files of ``files()``).
    public func zip() throws -> Data {
        var archive = ZipWriter()
        for file in try files() { archive.add(file.name, file.data) }
        return archive.finish()
    }
}
