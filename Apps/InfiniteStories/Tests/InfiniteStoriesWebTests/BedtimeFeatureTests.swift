import Foundation
import HTTPTypes
import Hummingbird
import InfiniteStories
import InfiniteStoriesStore
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

    @Test("Night mode: ?theme=night is remembered for the next pages; auto follows the device again")
    func nightMode() async throws {
        try await WebHarness.run { _, browser in
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
}
