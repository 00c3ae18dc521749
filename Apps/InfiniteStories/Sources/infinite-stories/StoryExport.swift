import Foundation
import InfiniteStoriesStore

/// Writes a story out of the library as files people can share: `<slug>.md` and, when the story has them,
/// `<slug>.mp3` and `<slug>.png` (or the picture's own format), the Markdown linking to both.
///
/// It writes only those files, named from the sanitized title (letters, digits and dashes: no path from story
/// data reaches the file system), and never replaces an existing file unless asked: a mistyped `-o /etc` must
/// not overwrite anything, and a symbolic link planted in the folder is neither followed nor written through.
struct StoryExport {
    let story: StoredStory
    let library: StoryLibrary

    /// Writes the files into `folder` (created when missing).
    ///
    /// - Parameter replacing: replace files of the same names (`--force`); without it an existing one is refused
    ///   with ``CLIError/fileExists(_:)`` before anything is written.
    /// - Returns: the files written, Markdown first.
    func write(to folder: URL, replacing: Bool = false) throws -> [URL] {
        let base = Self.slug(story.title)
        var media: [(role: Role, source: URL, url: URL)] = []
        let files: [(Role, String?, String)] = [(.audio, story.audioFile, base), (.picture, story.avatarFile, base)]
            + story.scenes.enumerated().map { (.scene(paragraph: $0.element.paragraph), $0.element.file, "\(base)-scene-\($0.offset + 1)") }
        for (role, file, name) in files {
            guard let file else { continue }
            let source = library.url(forFile: file)
            guard FileManager.default.fileExists(atPath: source.path) else { throw StoryLibraryError.missingFile(file) }
            media.append((role, source, folder.appendingPathComponent("\(name).\(Self.fileExtension(source.pathExtension))")))
        }
        let markdown = folder.appendingPathComponent("\(base).md")
        let destinations = [markdown] + media.map(\.url)
        var isFolder: ObjCBool = false
        if FileManager.default.fileExists(atPath: folder.path, isDirectory: &isFolder), !isFolder.boolValue {
            throw CLIError.invalidArgument("\(folder.path) is a file, not a folder.")
        }
        if !replacing, let existing = destinations.first(where: Self.exists) { throw CLIError.fileExists(existing.path) }
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            for item in media {
                try Self.writeNew(try Data(contentsOf: item.source), to: item.url, replacing: replacing)
            }
            let text = markdownText(media: media.map { (role: $0.role, url: $0.url) })
            try Self.writeNew(Data(text.utf8), to: markdown, replacing: replacing)
        } catch let error as CLIError {
            throw error
        } catch {
            throw CLIError.invalidArgument("Could not write into \(folder.path): \(Self.reason(error)).")
        }
        return destinations
    }

    /// Writes `data` to a new file at `url`: creating it exclusively, so a file or link put there in the meantime
    /// is refused, not overwritten or followed. With `replacing`, whatever is there (a link itself, not its
    /// target) is removed first.
    private static func writeNew(_ data: Data, to url: URL, replacing: Bool) throws {
        if replacing, exists(url) { try FileManager.default.removeItem(at: url) }
        do {
            try data.write(to: url, options: .withoutOverwriting)
        } catch {
            if exists(url) { throw CLIError.fileExists(url.path) }
            throw error
        }
    }

    /// True when anything is at `url`, a dangling symbolic link included (`fileExists` follows links).
    private static func exists(_ url: URL) -> Bool {
        (try? FileManager.default.attributesOfItem(atPath: url.path)) != nil
    }

    /// A stored file's extension as a safe one (see ``StoryDocument/fileExtension(_:)``).
    static func fileExtension(_ ext: String) -> String { StoryDocument.fileExtension(ext) }

    private static func reason(_ error: Error) -> String {
        let underlying = (error as NSError).userInfo[NSUnderlyingErrorKey] as? NSError
        return underlying?.localizedDescription ?? (error as NSError).localizedDescription
    }

    /// The Markdown of ``StoryDocument`` (the web app's download is the same), linking to the files written.
    private func markdownText(media: [(role: Role, url: URL)]) -> String {
        var scenes: [Int: String] = [:]
        for item in media {
            if case .scene(let paragraph) = item.role { scenes[paragraph] = item.url.lastPathComponent }
        }
        return StoryDocument(story: story, library: library).markdown(
            picture: media.first { $0.role == .picture }?.url.lastPathComponent,
            audio: media.first { $0.role == .audio }?.url.lastPathComponent, scenes: scenes)
    }

    /// What a written file is to the Markdown.
    enum Role: Equatable {
        case audio, picture
        case scene(paragraph: Int)
    }

    /// A file name from a title (see ``StoryDocument/slug(_:)``).
    static func slug(_ title: String) -> String { StoryDocument.slug(title) }
}
