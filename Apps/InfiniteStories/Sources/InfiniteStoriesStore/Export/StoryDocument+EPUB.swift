import Foundation
import InfiniteStories

extension StoryDocument {
    /// The story as a single-file EPUB 3 e-book: its picture as the cover and on the first page, the text with
    /// each scene's picture after its paragraph. (The narration stays a download of its own: e-book readers play
    /// audio unevenly.)
    public func epub() throws -> Data {
        let id = story.id.uuidString.lowercased()
        let language = SupportedLanguage(name: story.language).code
        var images: [(name: String, type: String, data: Data)] = []
        func add(_ file: String, as name: String) throws -> String {
            let ext = Self.fileExtension((file as NSString).pathExtension)
            let fileName = "\(name).\(ext)"
            images.append((fileName, ext == "png" ? "image/png" : ext == "webp" ? "image/webp" : "image/jpeg", try read(file)))
            return fileName
        }
        let cover = try story.avatarFile.map { try add($0, as: "cover") }
        var scenes: [Int: String] = [:]
        for (index, scene) in story.scenes.enumerated() { scenes[scene.paragraph] = try add(scene.file, as: "scene-\(index + 1)") }

        var body = "<h1>\(xml(story.title))</h1>\n"
        body += "<p class=\"meta\">\(xml(story.heroName)) · \(xml(story.occasionName))</p>\n"
        if let cover { body += "<p><img src=\"\(cover)\" alt=\"\(xml(story.title))\"/></p>\n" }
        for (index, paragraph) in ScenePicture.paragraphs(of: story.content).enumerated() {
            body += "<p>\(xml(paragraph).replacingOccurrences(of: "\n", with: "<br/>"))</p>\n"
            if let scene = scenes[index] { body += "<p><img src=\"\(scene)\" alt=\"\"/></p>\n" }
        }
        let page = """
            <?xml version="1.0" encoding="UTF-8"?>
            <!DOCTYPE html>
            <html xmlns="http://www.w3.org/1999/xhtml" xmlns:epub="http://www.idpf.org/2007/ops" lang="\(language)" xml:lang="\(language)">
            <head><title>\(xml(story.title))</title><style>body{font-family:serif;line-height:1.6}img{max-width:100%}.meta{font-style:italic}</style></head>
            <body>
            \(body)</body>
            </html>
            """
        let nav = """
            <?xml version="1.0" encoding="UTF-8"?>
            <!DOCTYPE html>
            <html xmlns="http://www.w3.org/1999/xhtml" xmlns:epub="http://www.idpf.org/2007/ops" lang="\(language)" xml:lang="\(language)">
            <head><title>\(xml(story.title))</title></head>
            <body><nav epub:type="toc"><ol><li><a href="story.xhtml">\(xml(story.title))</a></li></ol></nav></body>
            </html>
            """
        // EPUB 3 wants CCYY-MM-DDThh:mm:ssZ: the zone has to be asked for once fields are chosen.
        let modified = Date().formatted(Date.ISO8601FormatStyle().year().month().day().time(includingFractionalSeconds: false)
            .dateTimeSeparator(.standard).timeZone(separator: .omitted))
        let manifestImages = images.enumerated().map { index, image in
            "<item id=\"img\(index)\" href=\"\(image.name)\" media-type=\"\(image.type)\"\(image.name.hasPrefix("cover.") ? " properties=\"cover-image\"" : "")/>"
        }.joined(separator: "\n    ")
        let opf = """
            <?xml version="1.0" encoding="UTF-8"?>
            <package xmlns="http://www.idpf.org/2007/opf" version="3.0" unique-identifier="id" xml:lang="\(language)">
              <metadata xmlns:dc="http://purl.org/dc/elements/1.1/">
                <dc:identifier id="id">urn:uuid:\(id)</dc:identifier>
                <dc:title>\(xml(story.title))</dc:title>
                <dc:language>\(language)</dc:language>
                <dc:creator>Infinite Stories</dc:creator>
                <meta property="dcterms:modified">\(modified)</meta>
              </metadata>
              <manifest>
                <item id="nav" href="nav.xhtml" media-type="application/xhtml+xml" properties="nav"/>
                <item id="story" href="story.xhtml" media-type="application/xhtml+xml"/>
                \(manifestImages)
              </manifest>
              <spine><itemref idref="story"/></spine>
            </package>
            """
        let container = """
            <?xml version="1.0" encoding="UTF-8"?>
            <container version="1.0" xmlns="urn:oasis:names:tc:opendocument:xmlns:container">
              <rootfiles><rootfile full-path="OEBPS/content.opf" media-type="application/oebps-package+xml"/></rootfiles>
            </container>
            """
        var archive = ZipWriter()
        archive.add("mimetype", Data("application/epub+zip".utf8))
        archive.add("META-INF/container.xml", Data(container.utf8))
        archive.add("OEBPS/content.opf", Data(opf.utf8))
        archive.add("OEBPS/nav.xhtml", Data(nav.utf8))
        archive.add("OEBPS/story.xhtml", Data(page.utf8))
        for image in images { archive.add("OEBPS/\(image.name)", image.data) }
        return archive.finish()
    }
}

/// Escapes text for XML content and attributes, dropping the control characters XML 1.0 forbids (a pasted
/// vertical tab would make the book unreadable).
private func xml(_ text: String) -> String {
    let allowed = String(String.UnicodeScalarView(text.unicodeScalars.filter { $0.value >= 0x20 || $0 == "\t" || $0 == "\n" || $0 == "\r" }))
    return allowed.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
        .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
}

extension SupportedLanguage {
    /// The language's code for documents: en, es, fr, de, it.
    var code: String {
        switch self {
        case .english: "en"
        case .spanish: "es"
        case .french: "fr"
        case .german: "de"
        case .italian: "it"
        }
    }
}
