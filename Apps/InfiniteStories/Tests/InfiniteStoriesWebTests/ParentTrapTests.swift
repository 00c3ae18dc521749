import Foundation
import HTTPTypes
import Hummingbird
import InfiniteStories
import InfiniteStoriesStore
@testable import InfiniteStoriesWeb
import Testing

/// The traps a first-time parent fell into, each reproduced as the parent met it.
@Suite("Parent traps")
struct ParentTrapTests {
    private func addHero(_ browser: Browser, _ harness: WebHarness, name: String = "Luna") async throws -> String {
        let response = try await browser.post("/heroes", [("name", name), ("traits", "brave"), ("appearance", "silver hair")])
        #expect(response.status == .seeOther)
        return try #require(try await harness.library.hero(named: name)).id.uuidString.lowercased()
    }

    @Test("An event typed in the parent's own words is the story's, though the menu still says Bedtime; its name and words are used")
    func customEventWins() async throws {
        try await WebHarness.run { harness, browser in
            let heroID = try await addHero(browser, harness)
            let started = try await browser.post("/stories", [
                ("hero", heroID), ("event", "bedtime"), ("custom", "Our first day at the zoo with grandpa"),
                ("title", "Zoo day"), ("keywords", "giraffe, ice cream"), ("language", "English"), ("minutes", "1"),
                ("voice", "coral"),
            ])
            #expect(started.status == .seeOther)
            await harness.web.jobs.drain()
            let story = try #require(try await harness.library.stories().first)
            #expect(story.event == nil)
            #expect(story.customEventTitle == "Zoo day")
            let event = try #require(try await harness.library.customEvents().first)
            #expect(event.description == "Our first day at the zoo with grandpa")
            #expect(event.keywords == ["giraffe", "ice cream"])
        }
    }

    @Test("Enter in a field writes the story: the form's first submit button is the story's, not the assistant's")
    func enterWritesTheStory() async throws {
        try await WebHarness.run { harness, browser in
            _ = try await addHero(browser, harness)
            let page = try await browser.get("/stories/new").text
            let form = try #require(page.range(of: #"class="new-story""#)).upperBound
            let firstButton = try #require(page[form...].range(of: "<button")).lowerBound
            let tag = page[firstButton...].prefix { $0 != ">" }
            #expect(tag.contains("implicit-submit") && !tag.contains("formaction"), "\(tag)")
            let assistant = try #require(page.range(of: #"formaction="/stories/assist""#)).lowerBound
            #expect(firstButton < assistant)
            // The name and keywords the assistant suggests have fields to go into.
            #expect(page.contains(#"id="title" name="title""#) && page.contains(#"id="keywords" name="keywords""#))
        }
    }

    @Test("A job page works without JavaScript and, once the story is saved, links to it instead of listening again")
    func jobPageStates() async throws {
        try await WebHarness.run { harness, browser in
            let heroID = try await addHero(browser, harness)
            // Running: the page refreshes itself without JavaScript, and the retry link stays hidden.
            let (gate, open) = AsyncStream.makeStream(of: Void.self)
            let held = try #require(await harness.web.jobs.start { job in
                await job.send(.delta("Once upon a time"))
                for await _ in gate {}
            })
            try await Task.sleep(for: .milliseconds(50))
            let running = try await browser.get("/stories/jobs/\(held.id.uuidString.lowercased())").text
            #expect(running.contains(#"<noscript><meta http-equiv="refresh" content="3"></noscript>"#))
            #expect(running.contains("Once upon a time"), "the text so far is on the page")
            #expect(running.contains(#"events?lastEventId=1""#), "the script goes on after what the page shows")
            #expect(running.contains(#"id="retry" class="button" hidden="hidden""#))
            open.finish()
            await harness.web.jobs.drain()
            // Saved: "ready" with the link; no event stream to follow (so Back never bounces), no refresh.
            let started = try await browser.post("/stories", [
                ("hero", heroID), ("event", "bedtime"), ("language", "English"), ("minutes", "1"), ("voice", "coral"),
            ])
            await harness.web.jobs.drain()
            let story = try #require(try await harness.library.stories().first)
            let done = try await browser.get(started.location).text
            #expect(done.contains(#"id="open-story" class="button" href="/stories/\#(story.id.uuidString.lowercased())""#))
            #expect(!done.contains("data-events") && !done.contains("refresh"))
            #expect(StaticFiles.js.contains("window.location.replace(JSON.parse(e.data))"))
            // The stylesheet lets `hidden` win over `.button`'s display (the retry link showed during every story).
            #expect(StaticFiles.css.contains("[hidden] { display: none !important; }"))
        }
    }

    @Test("A failed job's page shows the message and the retry link, visible")
    func failedJobPage() async throws {
        try await WebHarness.run(rejectedKey: true) { harness, browser in
            let heroID = try await addHero(browser, harness)
            let started = try await browser.post("/stories", [
                ("hero", heroID), ("event", "bedtime"), ("language", "English"), ("minutes", "1"), ("voice", "coral"),
            ])
            await harness.web.jobs.drain()
            let page = try await browser.get(started.location).text
            #expect(page.contains(#"id="status" class="error" role="alert""#))
            #expect(page.contains(#"<a id="retry" class="button" href="/stories/new?"#))
        }
    }

    @Test("Every word in the visitor's language: events, languages, dates, money, errors, 404 pages")
    func translated() async throws {
        try await WebHarness.run { harness, browser in
            let heroID = try await addHero(browser, harness)
            let spanish = UI(query: "es", acceptLanguage: nil)
            let form = try await browser.get("/stories/new?lang=es").text
            #expect(form.contains(">Hora de dormir</option>") && form.contains(">Español</option>"))
            #expect(form.contains("Cálida y protectora"))
            #expect(form.contains("Coste estimado"))
            let started = try await browser.post("/stories", [
                ("hero", heroID), ("event", "birthday"), ("language", "English"), ("minutes", "1"), ("voice", "coral"),
            ])
            await harness.web.jobs.drain()
            let story = try #require(try await harness.library.stories().first)
            _ = started
            let page = try await browser.get("/stories/\(story.id.uuidString.lowercased())").text
            #expect(page.contains("Luna · Cumpleaños · inglés · "))
            #expect(page.contains(spanish.day(story.createdAt)))
            #expect(spanish.day(story.createdAt) != UI(query: "en", acceptLanguage: nil).day(story.createdAt))
            let german = UI(query: "de", acceptLanguage: nil).money(1.5)
            #expect(german.contains("1,50") && german.contains("$"), "\(german)")
            // Errors are pages in the visitor's language, with the way back.
            let missing = try await browser.get("/stories/\(UUID().uuidString)")
            #expect(missing.status == .notFound && missing.contentType.hasPrefix("text/html"))
            #expect(missing.text.contains("No encontrado") && missing.text.contains("Volver a la biblioteca"))
            let forbidden = try await browser.post("/heroes", [("name", "X")], withToken: false)
            #expect(forbidden.status == .forbidden && forbidden.text.contains("No permitido"))
            // A too-long name says so; an empty search says nothing matched.
            let long = try await browser.post("/heroes", [("name", String(repeating: "a", count: 200))])
            #expect(long.status == .badRequest && long.text.contains(spanish[.nameTooLong]))
            let search = try await browser.get("/?q=dragon").text
            #expect(search.contains(spanish[.noMatch].filling(["query": "dragon"])))
        }
    }

    @Test("Sandbox costs are labelled simulated and kept apart; what costs says so before; posts that cost answer 303")
    func costs() async throws {
        try await WebHarness.run { harness, browser in
            let heroID = try await addHero(browser, harness)
            let form = try await browser.get("/stories/new").text
            #expect(form.contains("Sandbox: simulated, free"))
            let estimate = CostEstimate.story(minutes: 5)
            #expect(estimate.story > 0 && estimate.narration > 0 && estimate.pictures > 0)
            #expect(form.contains("Estimated cost: about \(UI(query: "en", acceptLanguage: nil).money(estimate.total))"))
            #expect(form.contains("Simulated: the sandbox charges nothing."))
            let hero = try await browser.get("/heroes/\(heroID)/edit").text
            #expect(hero.contains("Estimated cost: about $0.04."), "a standard dall-e-3 square at list price")
            _ = try await browser.post("/stories", [
                ("hero", heroID), ("event", "bedtime"), ("language", "English"), ("minutes", "1"), ("voice", "coral"),
            ])
            await harness.web.jobs.drain()
            #expect(try await harness.library.usageSummary().isEmpty, "nothing real was spent")
            #expect(try await !harness.library.usageSummary(simulated: true).isEmpty)
            let usage = try await browser.get("/usage").text
            #expect(usage.contains("Simulated usage (sandbox): nothing was charged"))
        }
    }

    @Test("A monthly cap refuses a story or an avatar that would pass it, before anything is spent")
    func monthlyCap() async throws {
        try await WebHarness.run { harness, browser in
            let heroID = try await addHero(browser, harness)
            #expect(try await browser.post("/settings/cap", [("cap", "a lot")]).status == .badRequest)
            #expect(try await browser.post("/settings/cap", [("cap", "1,000")]).status == .badRequest, "not read as $1")
            #expect(try await browser.post("/settings/cap", [("cap", "2,50 $")]).status == .seeOther)
            #expect(try await harness.library.monthlyCap() == 2.5)
            let set = try await browser.post("/settings/cap", [("cap", "0.01")])
            #expect(set.status == .seeOther && set.location == "/settings?done=cap")
            #expect(try await browser.get("/settings").text.contains(#"value="0.01""#))
            #expect(try await harness.library.monthlyCap() == 0.01)
            let refused = try await browser.post("/stories", [
                ("hero", heroID), ("event", "bedtime"), ("language", "English"), ("minutes", "3"), ("voice", "coral"),
            ])
            #expect(refused.status.code == 402)
            #expect(refused.text.contains("This would pass your monthly cap of $0.01"))
            #expect(refused.text.contains(#"<option value="coral" selected="selected">"#), "the form keeps its values")
            let avatar = try await browser.post("/heroes/\(heroID)/avatar", [("size", "1024x1024"), ("quality", "hd")])
            #expect(avatar.status.code == 402)
            #expect(try await harness.library.usageSummary(simulated: true).isEmpty, "nothing was spent")
            #expect(try await browser.post("/settings/cap", [("cap", "")]).status == .seeOther)
            #expect(try await harness.library.monthlyCap() == nil)
            #expect(try await browser.post("/stories", [
                ("hero", heroID), ("event", "bedtime"), ("language", "English"), ("minutes", "1"), ("voice", "coral"),
            ]).status == .seeOther)
        }
    }
}
