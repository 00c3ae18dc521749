import Foundation
import HTTPTypes
import Hummingbird
import InfiniteStories
@testable import InfiniteStoriesStore
@testable import InfiniteStoriesWeb
import Testing

/// What a parent gets at bedtime beyond a story: the first run, remembered choices, night mode, read-along,
/// installing and reading offline.
@Suite("Bedtime features")
struct BedtimeFeatureTests {
    @Test("First run: an empty library offers the first hero; a saved hero offers a story and an avatar, one tap away")
    func firstRun() async throws {
        try await WebHarness.run { harness, browser in
            #expect(try await browser.get("/").text.contains(#"id="first-hero""#))
            let saved = try await browser.post("/heroes", [("name", "Luna")])
            let luna = try #require(try await harness.library.hero(named: "Luna")).id.uuidString.lowercased()
            #expect(saved.location == "/heroes/\(luna)/edit?created=1")
            let page = try await browser.get(saved.location).text
            #expect(page.contains("Luna is saved."))
            #expect(page.contains(#"href="/stories/new?hero=\#(luna)""#) && page.contains(##"href="#draw-avatar""##))
            #expect(try await browser.get("/").text.contains(#"id="first-story""#))
            // "Another story for Max": the form picks the hero from the link.
            _ = try await browser.post("/heroes", [("name", "Max")])
            let max = try #require(try await harness.library.hero(named: "Max")).id.uuidString.lowercased()
            #expect(try await browser.get("/stories/new?hero=\(max)").text.contains(#"<option value="\#(max)" selected="selected">"#))
            #expect(try await browser.get("/heroes").text.contains(#"href="/stories/new?hero=\#(max)""#))
        }
    }

    @Test("Night mode: ?theme=night is remembered for the next pages; auto follows the device again; switching keeps the page's query")
    func nightMode() async throws {
        try await WebHarness.run { _, browser in
            let form = try await browser.get("/stories/new?custom=A%20picnic&event=&theme=day").text
            #expect(form.contains(#"href="/stories/new?custom=A%20picnic&amp;event=&amp;theme=night""#))
            #expect(form.contains(#"href="/stories/new?custom=A%20picnic&amp;event=&amp;lang=es""#))
            let night = try await browser.get("/?theme=night")
            #expect(night.text.contains(#"<html lang="en" data-theme="night">"#))
            #expect(night.headers[values: .setCookie].contains { $0.hasPrefix("is_theme=night") })
            #expect(try await browser.get("/heroes").text.contains(#"data-theme="night""#))
            let auto = try await browser.get("/?theme=auto")
            #expect(!auto.text.contains("data-theme="))
            #expect(auto.text.contains(#"content="light dark""#))
            #expect(StaticFiles.css.contains("@media (prefers-color-scheme: dark)"))
        }
    }

    @Test("Read-along: each sentence carries the second the narration reaches it, timed from the narration's MP3")
    func readAlong() async throws {
        try await WebHarness.run { harness, browser in
            _ = try await browser.post("/heroes", [("name", "Luna")])
            let luna = try #require(try await harness.library.hero(named: "Luna")).id.uuidString.lowercased()
            _ = try await browser.post("/stories", [
                ("hero", luna), ("event", "bedtime"), ("language", "English"), ("minutes", "1"), ("voice", "coral"),
            ])
            await harness.web.jobs.drain()
            let story = try #require(try await harness.library.stories().first)
            let audio = try Data(contentsOf: harness.library.url(forFile: try #require(story.audioFile)))
            let duration = try #require(MP3Joiner.duration(of: audio))
            // The sandbox speaks 15 characters a second of "title.\n\ncontent".
            let spoken = Double(story.title.count + 2 + story.content.count + 1) / 15
            #expect(abs(duration - spoken) < 0.5, "\(duration) s for \(spoken) s of text")
            let marks = story.readAlong
            #expect(marks.count >= 3)
            #expect(marks.map(\.at) == ReadAlongMark.sentenceStarts(story.content))
            #expect(zip(marks, marks.dropFirst()).allSatisfy { $0.start < $1.start && $0.at < $1.at })
            #expect(marks.first!.start > 0 && marks.last!.start < duration)
            let page = try await browser.get("/stories/\(story.id.uuidString.lowercased())").text
            #expect(page.contains(#"<span class="sentence" data-start="\#(marks[1].start)">"#))
            #expect(page.contains("data-read-along"))
        }
    }

    @Test("Sentences start after . ! ? … (and closing quotes) and after blank lines, not inside numbers")
    func sentenceStarts() {
        let text = "Luna smiled. \"Are you there?\" she asked… The owl (Mr. Hoot) hooted!\n\nThe end was 3.5 steps away."
        let starts = ReadAlongMark.sentenceStarts(text)
        let sentences = zip(starts, starts.dropFirst().map(Optional.some) + [nil]).map { start, end in
            String(Array(text)[start..<(end ?? text.count)]).trimmingCharacters(in: .whitespacesAndNewlines)
        }
        #expect(sentences == [
            "Luna smiled.", "\"Are you there?\"", "she asked…", "The owl (Mr.", "Hoot) hooted!", "The end was 3.5 steps away.",
        ])
        #expect(ReadAlongMark.marks(title: "T", content: "", duration: 10).isEmpty)
        #expect(ReadAlongMark.marks(title: "T", content: "A. B.", duration: 0).isEmpty)
    }

    @Test("Installable and offline: the manifest, the service worker at the root, both linked from every page")
    func installable() async throws {
        try await WebHarness.run { _, browser in
            let manifest = try await browser.get("/manifest.webmanifest")
            #expect(manifest.status == .ok && manifest.contentType.hasPrefix("application/manifest+json"))
            let json = try #require(try JSONSerialization.jsonObject(with: Data(manifest.bytes)) as? [String: Any])
            #expect(json["start_url"] as? String == "/" && json["display"] as? String == "standalone")
            let worker = try await browser.get("/sw.js")
            #expect(worker.status == .ok && worker.contentType.hasPrefix("text/javascript"))
            #expect(worker.text.contains("caches.open"))
            #expect(try await browser.get("/icon.svg").contentType == "image/svg+xml")
            let page = try await browser.get("/").text
            #expect(page.contains(#"<link rel="manifest" href="/manifest.webmanifest">"#))
            #expect(StaticFiles.js.contains("navigator.serviceWorker.register('/sw.js')"))
        }
    }

    @Test("A child's age band and what to avoid shape the prompt; the story is for them, with scenes, text only; favourites and filters")
    func childStory() async throws {
        try await WebHarness.run { harness, browser in
            _ = try await browser.post("/heroes", [("name", "Luna")])
            let luna = try #require(try await harness.library.hero(named: "Luna")).id.uuidString.lowercased()
            let added = try await browser.post("/children", [("name", "Mia"), ("age", "2-4 years"), ("avoid", "spiders, the dark")])
            #expect(added.status == .seeOther && added.location == "/children")
            let mia = try #require(try await harness.library.child(named: "Mia"))
            #expect(mia.ageRange == .toddler && mia.avoid == ["spiders", "the dark"])
            #expect(try await browser.post("/children", [("name", "mia")]).status == .conflict)
            #expect(try await browser.get("/children").text.contains("Mia"))
            // The prompt for Mia: her ages, her vocabulary, what never to mention.
            let prompt = StoryPrompts.prompt(for: StoryGenerationRequest(
                hero: Hero(name: "Luna", traits: [], appearance: "", specialAbility: ""), event: .bedtime,
                targetDuration: 180, language: "English", audience: mia.audience))
            #expect(prompt.contains("Suitable for children aged 2-4") || prompt.contains("2-4") || prompt.contains("2 to 4"), "\(prompt)")
            #expect(prompt.contains("Very short sentences and the simplest words"))
            #expect(prompt.contains("Never mention or show: spiders, the dark"))
            // "Write a story for Mia": her length, her name chosen.
            let id = mia.id.uuidString.lowercased()
            let form = try await browser.get("/stories/new?child=\(id)").text
            #expect(form.contains(#"<option value="\#(id)" selected="selected">"#))
            #expect(form.contains(#"name="minutes" type="number" min="1" max="30" value="3""#))
            let started = try await browser.post("/stories", [
                ("hero", luna), ("child", id), ("event", "bedtime"), ("language", "English"), ("minutes", "3"),
                ("voice", "coral"), ("scenes", "2"), ("quiet", "1"),
            ])
            #expect(started.status == .seeOther)
            await harness.web.jobs.drain()
            let story = try #require(try await harness.library.stories().first)
            #expect(story.childID == mia.id && story.audioFile == nil && story.scenes.count == 2)
            let path = "/stories/\(story.id.uuidString.lowercased())"
            let page = try await browser.get(path).text
            #expect(page.contains("for Mia"))
            #expect(page.components(separatedBy: #"<figure class="scene">"#).count == 3)
            #expect(page.contains(#"href="/stories/new?hero=\#(luna)&amp;child=\#(id)""#), "another story for Mia")
            #expect(page.contains("Another story for Mia"))
            #expect(try await browser.get(path + "/scenes/1").contentType.hasPrefix("image/"))
            #expect(try await browser.get(path + "/scenes/3").status == .notFound)
            for number in ["0", "-9223372036854775808", "9223372036854775807", "x"] {
                #expect(try await browser.get(path + "/scenes/\(number)").status == .notFound, "\(number)")
            }
            #expect(try await browser.get("/?child=\(id)").text.contains(path))
            #expect(!(try await browser.get("/?favourites=1").text.contains(path)))
            #expect(try await browser.post(path + "/favourite", [("favourite", "1")]).location == path)
            #expect(try await browser.get("/?favourites=1").text.contains(path))
            #expect(try await browser.get(path).text.contains("★ A favourite (remove)"))
            // The parent removes Mia: the story stays.
            #expect(try await browser.post("/children/\(id)/delete", []).status == .seeOther)
            #expect(try await harness.library.story(id: story.id) != nil)
        }
    }

    @Test("Downloads: an EPUB (mimetype first, stored) and a ZIP of the Markdown with its narration, picture and scenes")
    func downloads() async throws {
        try await WebHarness.run { harness, browser in
            _ = try await browser.post("/heroes", [("name", "Luna")])
            let luna = try #require(try await harness.library.hero(named: "Luna")).id.uuidString.lowercased()
            _ = try await browser.post("/stories", [
                ("hero", luna), ("event", "bedtime"), ("language", "Spanish"), ("minutes", "1"), ("voice", "coral"),
                ("scenes", "1"),
            ])
            await harness.web.jobs.drain()
            let story = try #require(try await harness.library.stories().first)
            let path = "/stories/\(story.id.uuidString.lowercased())"
            let epub = try await browser.get(path + "/story.epub")
            #expect(epub.status == .ok && epub.contentType == "application/epub+zip")
            #expect(epub.headers[.contentDisposition]?.hasPrefix("attachment; filename=") == true)
            #expect(Array(epub.bytes.prefix(4)) == [0x50, 0x4B, 0x03, 0x04])
            #expect(String(decoding: epub.bytes[30..<38], as: UTF8.self) == "mimetype")
            #expect(String(decoding: epub.bytes[38..<58], as: UTF8.self) == "application/epub+zip")
            #expect(epub.text.contains(#"<dc:language>es</dc:language>"#))
            #expect(epub.text.contains(#"properties="cover-image""#))
            #expect(epub.text.contains(try Regex(#"<meta property="dcterms:modified">\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ</meta>"#)))
            let zip = try await browser.get(path + "/story.zip")
            #expect(zip.status == .ok && zip.contentType == "application/zip")
            let slug = StoryDocument.slug(story.title)
            for name in ["\(slug).md", "\(slug).mp3", "\(slug).png", "\(slug)-scene-1.png"] {
                #expect(zip.text.contains(name), "\(name)")
            }
            #expect(zip.text.contains("![](\(slug)-scene-1.png)"))
            #expect(ZipWriterCheck.crc32("123456789") == 0xCBF4_3926, "the standard CRC-32 check value")
        }
    }
}

/// The archive's checksum, checked against the standard's check value.
enum ZipWriterCheck {
    static func crc32(_ text: String) -> UInt32 { ZipWriter.crc32(Data(text.utf8)) }
}
