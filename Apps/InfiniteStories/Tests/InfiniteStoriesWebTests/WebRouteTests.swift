import Foundation
import HTTPTypes
import Hummingbird
import InfiniteStories
import InfiniteStoriesStore
@testable import InfiniteStoriesWeb
import Testing

@Suite("Web routes")
struct WebRouteTests {
    /// Creates a hero through the form and returns its id.
    private func addHero(_ browser: Browser, _ harness: WebHarness, name: String = "Luna") async throws -> String {
        let response = try await browser.post("/heroes", [
            ("name", name), ("traits", "brave, curious"), ("appearance", "silver hair"), ("ability", "talks to owls"),
        ])
        #expect(response.status == .seeOther)
        let hero = try #require(try await harness.library.hero(named: name))
        return hero.id.uuidString.lowercased()
    }

    /// Starts a story and returns the job page's path.
    private func startStory(_ browser: Browser, heroID: String) async throws -> Page {
        try await browser.post("/stories", [
            ("hero", heroID), ("event", "bedtime"), ("custom", ""), ("language", "English"), ("minutes", "1"),
            ("voice", "coral"),
        ])
    }

    private struct SSEEvent: Equatable {
        var id: Int
        var name: String
        var data: String
    }

    private func parseEvents(_ text: String) -> [SSEEvent] {
        text.components(separatedBy: "\n\n").compactMap { block in
            var id: Int?, name = "", data = ""
            for line in block.split(separator: "\n") {
                if line.hasPrefix("id: ") { id = Int(line.dropFirst(4)) }
                if line.hasPrefix("event: ") { name = String(line.dropFirst(7)) }
                if line.hasPrefix("data: ") {
                    data = (try? JSONDecoder().decode(String.self, from: Data(line.dropFirst(6).utf8))) ?? ""
                }
            }
            return id.map { SSEEvent(id: $0, name: name, data: data) }
        }
    }

    /// Runs a story to the end through the event stream; returns the story's path and the events.
    private func generateStory(_ browser: Browser, heroID: String) async throws -> (story: String, job: String, events: [SSEEvent]) {
        let started = try await startStory(browser, heroID: heroID)
        #expect(started.status == .seeOther)
        let job = started.location
        #expect(job.hasPrefix("/stories/jobs/"))
        let stream = try await browser.get(job + "/events")
        #expect(stream.status == .ok)
        #expect(stream.contentType.hasPrefix("text/event-stream"))
        let events = parseEvents(stream.text)
        let done = try #require(events.last)
        #expect(done.name == "done")
        return (done.data, job, events)
    }

    @Test("Every page answers 200 with HTML and the Content-Security-Policy")
    func pages() async throws {
        try await WebHarness.run { harness, browser in
            let heroID = try await addHero(browser, harness)
            // The interface language: Accept-Language, until a ?lang= switch (remembered in a cookie).
            #expect(try await browser.get("/", headers: [.acceptLanguage: "fr-FR,fr;q=0.9"]).text.contains("Bibliothèque"))
            // Before any story, the New story form's language follows the interface's.
            #expect(try await browser.get("/stories/new?lang=de").text.contains(#"<option value="German" selected="selected">Deutsch</option>"#))
            let (story, job, _) = try await generateStory(browser, heroID: heroID)
            for path in [
                "/", "/?q=Luna", "/heroes", "/heroes/new", "/heroes/\(heroID)/edit", "/heroes/\(heroID)/delete",
                "/stories/new", job, story, story + "/delete", "/usage", "/settings", "/?lang=es", "/?lang=de",
            ] {
                let page = try await browser.get(path)
                #expect(page.status == .ok, "\(path)")
                #expect(page.contentType == "text/html; charset=utf-8", "\(path)")
                #expect(page.headers[HTTPField.Name("Content-Security-Policy")!]?.hasPrefix("default-src 'self'") == true)
                #expect(!page.text.contains("<script>"), "no inline script on \(path)")
            }
            let usage = try await browser.get("/usage")
            #expect(usage.text.contains("<svg") && usage.text.contains("<rect"))
            let storyPage = try await browser.get(story)
            #expect(storyPage.text.contains(#"<audio id="narration-audio" controls="controls""#))
            #expect(storyPage.text.contains(story + "/audio"))
            #expect(storyPage.text.contains(story + "/image"))
            // After a story, the form starts from its choices (remembered in a cookie), whatever the interface.
            let again = try await browser.get("/stories/new?lang=de").text
            #expect(again.contains(#"<option value="English" selected="selected">"#))
            #expect(again.contains(#"<option value="coral" selected="selected">"#))
            #expect(again.contains(#"id="minutes" name="minutes" type="number" min="1" max="30" value="1""#))
            #expect(try await browser.get("/?lang=es").text.contains("Biblioteca"))
            #expect(try await browser.get("/", headers: [.acceptLanguage: "fr"]).text.contains("Biblioteca"))
            #expect(try await browser.get("/static/app.js").contentType.hasPrefix("text/javascript"))
            #expect(try await browser.get("/static/app.css").contentType.hasPrefix("text/css"))
            #expect(try await browser.get("/stories/\(UUID().uuidString)").status == .notFound)
        }
    }

    @Test("A hero named <script>alert(1)</script> renders as text")
    func escaping() async throws {
        try await WebHarness.run { harness, browser in
            let name = "<script>alert(1)</script>"
            let heroID = try await addHero(browser, harness, name: name)
            for path in ["/heroes", "/heroes/\(heroID)/edit", "/stories/new"] {
                let text = try await browser.get(path).text
                #expect(!text.contains(name), "\(path)")
                #expect(text.contains("&lt;script&gt;alert(1)&lt;/script&gt;"), "\(path)")
            }
            #expect(escapeHTML("\"' onmouseover=x") == "&quot;&#39; onmouseover=x")
        }
    }

    @Test("A form without its CSRF token is refused with 403")
    func csrf() async throws {
        try await WebHarness.run { harness, browser in
            _ = try await browser.get("/")
            #expect(try await browser.post("/heroes", [("name", "Nobody")], withToken: false).status == .forbidden)
            #expect(try await browser.post("/heroes", [("name", "Nobody"), ("_csrf", String(repeating: "0", count: 64))], withToken: false).status == .forbidden)
            #expect(try await harness.library.hero(named: "Nobody") == nil)
            let heroID = try await addHero(browser, harness)
            #expect(try await browser.post("/heroes/\(heroID)/delete", [], withToken: false).status == .forbidden)
            #expect(try await browser.post("/stories", [("hero", heroID), ("event", "bedtime")], withToken: false).status == .forbidden)
            #expect(try await harness.library.hero(id: UUID(uuidString: heroID)!) != nil)
        }
    }

    @Test("Heroes: edit keeps values on errors, draw avatar, delete")
    func heroes() async throws {
        try await WebHarness.run { harness, browser in
            let heroID = try await addHero(browser, harness)
            _ = try await addHero(browser, harness, name: "Max")
            let clash = try await browser.post("/heroes/\(heroID)", [("name", "Max"), ("appearance", "kept text")])
            #expect(clash.status == .conflict)
            #expect(clash.text.contains("kept text"))
            #expect(try await browser.post("/heroes/\(heroID)", [("name", "Luna Star"), ("traits", "kind")]).status == .seeOther)
            #expect(try await harness.library.hero(named: "Luna Star")?.hero.traits == ["kind"])
            let drawn = try await browser.post("/heroes/\(heroID)/avatar", [("size", "1024x1024"), ("quality", "standard")])
            // 303 to the hero's page with the picture and the revised prompt: a reload draws (and pays) nothing.
            #expect(drawn.status == .seeOther)
            #expect(drawn.location.hasPrefix("/heroes/\(heroID)/edit?drawn="))
            let drawnPage = try await browser.get(drawn.location)
            #expect(drawnPage.text.contains(#"class="avatar""#))
            #expect(drawnPage.text.contains(escapeHTML(UI(query: "en", acceptLanguage: nil)[.revisedPrompt] + ": ")))
            #expect(try await browser.get(drawn.location).text == drawnPage.text, "a reload shows the same page")
            let avatar = try await browser.get("/heroes/\(heroID)/avatar")
            #expect(avatar.status == .ok)
            #expect(avatar.contentType.hasPrefix("image/"))
            #expect(try await browser.post("/heroes/\(heroID)/delete", []).status == .seeOther)
            #expect(try await harness.library.hero(named: "Luna Star") == nil)
        }
    }

    @Test("The job's event stream delivers deltas, then done, and resumes after Last-Event-ID")
    func storyStream() async throws {
        try await WebHarness.run { harness, browser in
            let heroID = try await addHero(browser, harness)
            let (story, job, events) = try await generateStory(browser, heroID: heroID)
            #expect(events.first?.name == "delta")
            #expect(events.map(\.id) == Array(1...events.count))
            let text = events.filter { $0.name == "delta" }.map(\.data).joined()
            let saved = try #require(try await harness.library.stories().first)
            #expect(story == "/stories/\(saved.id.uuidString.lowercased())")
            #expect(text.contains(String(saved.content.prefix(40))))
            #expect(saved.audioFile != nil && saved.avatarFile != nil)
            // Resume: only what comes after the last id seen.
            let resumed = try await browser.get(job + "/events", headers: [HTTPField.Name("Last-Event-ID")!: String(events.count - 2)])
            #expect(parseEvents(resumed.text) == Array(events.suffix(2)))
            // Usage was recorded.
            #expect(try await !harness.library.usageSummary(simulated: true).isEmpty)
            // Delete with confirmation.
            #expect(try await browser.post(story + "/delete", []).status == .seeOther)
            #expect(try await browser.get(story).status == .notFound)
        }
    }

    @Test("The generation finishes and is saved when nobody listens")
    func generationWithoutListener() async throws {
        try await WebHarness.run { harness, browser in
            let heroID = try await addHero(browser, harness)
            #expect(try await startStory(browser, heroID: heroID).status == .seeOther)
            await harness.web.jobs.drain()
            #expect(try await harness.library.stories().count == 1)
        }
    }

    @Test("Over the concurrency limit a new story gets a friendly 429 page")
    func busy() async throws {
        try await WebHarness.run(maxConcurrentGenerations: 2) { harness, browser in
            let heroID = try await addHero(browser, harness)
            let (gate, open) = AsyncStream.makeStream(of: Void.self)
            let hold: @Sendable (GenerationJob) async -> Void = { _ in for await _ in gate {} }
            #expect(await harness.web.jobs.start(hold) != nil)
            #expect(await harness.web.jobs.start(hold) != nil)
            let refused = try await startStory(browser, heroID: heroID)
            #expect(refused.status == .tooManyRequests)
            #expect(refused.contentType.hasPrefix("text/html"))
            #expect(refused.text.contains("Two stories are being written already"))
            open.finish()
            await harness.web.jobs.drain()
            #expect(try await startStory(browser, heroID: heroID).status == .seeOther)
        }
    }

    @Test("Media answers Range requests: 206 with the exact bytes, 416 when unsatisfiable")
    func ranges() async throws {
        try await WebHarness.run { harness, browser in
            let heroID = try await addHero(browser, harness)
            let (story, _, _) = try await generateStory(browser, heroID: heroID)
            let saved = try #require(try await harness.library.stories().first)
            let file = try Data(contentsOf: harness.library.url(forFile: try #require(saved.audioFile)))
            let bytes = [UInt8](file)
            let whole = try await browser.get(story + "/audio")
            #expect(whole.status == .ok)
            #expect(whole.contentType == "audio/mpeg")
            #expect(whole.headers[.acceptRanges] == "bytes")
            #expect(whole.bytes == bytes)
            let cases: [(String, Range<Int>)] = [
                ("bytes=0-9", 0..<10), ("bytes=100-", 100..<bytes.count), ("bytes=-50", (bytes.count - 50)..<bytes.count),
                ("bytes=5-\(bytes.count + 100)", 5..<bytes.count),
            ]
            for (header, range) in cases {
                let part = try await browser.get(story + "/audio", headers: [.range: header])
                #expect(part.status == .partialContent, "\(header)")
                #expect(part.bytes == Array(bytes[range]), "\(header)")
                #expect(part.headers[.contentRange] == "bytes \(range.lowerBound)-\(range.upperBound - 1)/\(bytes.count)")
            }
            let unsatisfiable = try await browser.get(story + "/audio", headers: [.range: "bytes=\(bytes.count)-"])
            #expect(unsatisfiable.status == .rangeNotSatisfiable)
            #expect(unsatisfiable.headers[.contentRange] == "bytes */\(bytes.count)")
            let preview = try await browser.get("/voices/coral/preview", headers: [.range: "bytes=0-3"])
            #expect(preview.status == .partialContent)
            #expect(preview.contentType == "audio/mpeg")
            #expect(preview.bytes.count == 4)
            #expect(try await browser.get("/voices/nobody/preview").status == .notFound)
            let image = try await browser.get(story + "/image")
            #expect(image.status == .ok)
            #expect(image.contentType.hasPrefix("image/"))
        }
    }

    @Test("Settings: the key is saved, shown masked only, and deleted")
    func settings() async throws {
        try await WebHarness.run { harness, browser in
            let key = "sk-proj-abcdefghijklmnopqrstuvwxyz123456"
            #expect(try await browser.get("/settings").text.contains("No key is set."))
            #expect(try await browser.post("/settings/key", [("key", key)], withToken: false).status == .forbidden)
            let bad = try await browser.post("/settings/key", [("key", "not-a-key-secret-text")])
            #expect(bad.status == .badRequest)
            #expect(!bad.text.contains("secret-text"))
            let posted = try await browser.post("/settings/key", [("key", key)])
            #expect(posted.status == .seeOther)
            let saved = try await browser.get(posted.location)
            #expect(saved.text.contains("Key saved."))
            #expect(!saved.text.contains(key))
            #expect(saved.text.contains(KeychainHelper.masked(key)))
            #expect(!(try await browser.get("/settings").text.contains("abcdefghij")))
            #expect(try await browser.post("/settings/key/delete", []).status == .seeOther)
            #expect(try await browser.get("/settings").text.contains("No key is set."))
        }
    }

    @Test("A failed generation ends with the friendly message and a retry link that keeps the form's values")
    func failure() async throws {
        try await WebHarness.run(rejectedKey: true) { harness, browser in
            let heroID = try await addHero(browser, harness)
            let started = try await browser.post("/stories", [
                ("hero", heroID), ("event", ""), ("custom", "A picnic <with> grandma"), ("language", "Italian"),
                ("minutes", "7"), ("voice", "nova"),
            ])
            #expect(started.status == .seeOther)
            let events = parseEvents(try await browser.get(started.location + "/events").text)
            let last = try #require(events.last)
            #expect(last.name == "failed")
            #expect(!last.data.isEmpty)
            #expect(try await harness.library.stories().isEmpty)
            let jobPage = try await browser.get(started.location)
            let retry = try #require(jobPage.text.range(of: #"href="(/stories/new\?[^"]*)""#, options: .regularExpression))
            let link = String(jobPage.text[retry].dropFirst(6).dropLast()).replacingOccurrences(of: "&amp;", with: "&")
            let form = try await browser.get(link)
            #expect(form.status == .ok)
            #expect(form.text.contains("A picnic &lt;with&gt; grandma"))
            #expect(form.text.contains(#"<option value="Italian" selected="selected">"#))
            #expect(form.text.contains(#"value="7""#))
            #expect(form.text.contains(#"<option value="nova" selected="selected">"#))
        }
    }

    @Test("The custom event assistant's buttons answer on the form, keeping what was typed")
    func assistant() async throws {
        try await WebHarness.run { harness, browser in
            let heroID = try await addHero(browser, harness)
            let form = try await browser.get("/stories/new")
            #expect(form.text.contains(#"formaction="/stories/assist""#))
            let fields = [("hero", heroID), ("event", ""), ("custom", "A trip to the <aquarium>"), ("language", "French"),
                          ("minutes", "4"), ("voice", "fable")]
            for button in ["title", "keywords", "similar"] {
                let posted = try await browser.post("/stories/assist", fields + [("assist", button)])
                #expect(posted.status == .seeOther, "\(button)")
                // The form travels in the query (a server restart loses nothing typed), the answer under an id.
                #expect(posted.location.hasPrefix("/stories/new?") && posted.location.contains("draft="), "\(button)")
                #expect(posted.location.contains("custom=A%20trip") || posted.location.contains("custom=A+trip"), "\(posted.location)")
                let answer = try await browser.get(posted.location)
                #expect(answer.status == .ok, "\(button)")
                #expect(answer.text.contains("assistant-answer"), "\(button)")
                #expect(answer.text.contains("A trip to the &lt;aquarium&gt;"), "\(button)")
                #expect(answer.text.contains(#"<option value="fable" selected="selected">"#), "\(button)")
            }
            // Enhance: a preview beside the parent's text, which stays until "Use this description"; then "Undo".
            let enhancedPost = try await browser.post("/stories/assist", fields + [("assist", "enhance")])
            #expect(enhancedPost.status == .seeOther)
            let enhanced = try await browser.get(enhancedPost.location)
            #expect(enhanced.text.contains("A trip to the &lt;aquarium&gt;</textarea>"))
            let suggestion = try #require(enhanced.text.firstMatch(of: #/name="use_custom" value="([^"]*)"/#)).1
            let used = try await browser.get(try await browser.post(
                "/stories/assist", fields + [("use_custom", unescape(String(suggestion)))]).location)
            #expect(used.text.contains(String(suggestion) + "</textarea>"))
            #expect(used.text.contains(#"name="use_custom" value="A trip to the &lt;aquarium&gt;""#), "Undo puts the parent's text back")
            #expect(try await browser.post("/stories/assist", [("assist", "title")], withToken: false).status == .forbidden)
            #expect(try await browser.post("/stories/assist", [("assist", "title"), ("custom", "")]).status == .badRequest)
        }
    }

    private func unescape(_ html: String) -> String {
        html.replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">")
            .replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&#39;", with: "'")
            .replacingOccurrences(of: "&amp;", with: "&")
    }

    @Test("Range header parsing")
    func rangeParsing() {
        #expect(ByteRangeRequest(header: nil, length: 10) == .whole)
        #expect(ByteRangeRequest(header: "bytes=0-0", length: 10) == .partial(0...0))
        #expect(ByteRangeRequest(header: "bytes=-3", length: 10) == .partial(7...9))
        #expect(ByteRangeRequest(header: "bytes=-30", length: 10) == .partial(0...9))
        #expect(ByteRangeRequest(header: "bytes=4-", length: 10) == .partial(4...9))
        #expect(ByteRangeRequest(header: "bytes=10-", length: 10) == .unsatisfiable)
        #expect(ByteRangeRequest(header: "bytes=-0", length: 10) == .unsatisfiable)
        #expect(ByteRangeRequest(header: "bytes=5-2", length: 10) == .whole)
        #expect(ByteRangeRequest(header: "items=1-2", length: 10) == .whole)
        #expect(ByteRangeRequest(header: "bytes=0-1,4-5", length: 10) == .whole)
    }

    @Test("Only loopback addresses are served without a password")
    func loopbackOnly() throws {
        #expect(WebApp.isLoopback("127.0.0.1") && WebApp.isLoopback("::1") && WebApp.isLoopback("localhost"))
        #expect(!WebApp.isLoopback("0.0.0.0") && !WebApp.isLoopback("192.168.1.2"))
        let library = try StoryLibrary(folder: FileManager.default.temporaryDirectory
            .appendingPathComponent("infinite-stories-web-\(UUID().uuidString)"))
        defer { try? FileManager.default.removeItem(at: library.folder) }
        let services = WebServices(library: library) { fatalError("no AI here") }
        #expect(throws: WebServerError.passwordRequired(host: "0.0.0.0")) {
            _ = try WebApp(services: services).application(host: "0.0.0.0", port: 0)
        }
        _ = try WebApp(services: services, password: "open sesame", behindTLSProxy: true, publicHosts: ["stories.example"])
            .application(host: "0.0.0.0", port: 0)
    }

    @Test("With a password every page needs the session from the login page")
    func passwordGuard() async throws {
        try await WebHarness.run(password: "open sesame") { harness, browser in
            let first = try await browser.get("/")
            #expect(first.status == .seeOther)
            #expect(first.location == "/login")
            #expect(try await browser.get("/static/app.css").status == .ok)
            let login = try await browser.get("/login")
            #expect(login.status == .ok)
            #expect(login.contentType == "text/html; charset=utf-8")
            #expect(try await browser.post("/heroes", [("name", "Sneaky")]).status == .unauthorized)
            #expect(try await browser.post("/login", [("password", "open sesame")], withToken: false).status == .forbidden)
            let wrong = try await browser.post("/login", [("password", "guess")])
            #expect(wrong.status == .unauthorized)
            #expect(!wrong.text.contains("guess"))
            let right = try await browser.post("/login", [("password", "open sesame")])
            #expect(right.status == .seeOther)
            let cookie = try #require(right.headers[values: .setCookie].first { $0.hasPrefix("is_session=") })
            #expect(cookie.contains("HttpOnly") && cookie.contains("SameSite=Strict"))
            #expect(try await browser.get("/").status == .ok)
            #expect(try await browser.get("/heroes").status == .ok)
            #expect(try await browser.post("/logout", []).status == .seeOther)
            #expect(try await browser.get("/").status == .seeOther)
        }
    }
}
