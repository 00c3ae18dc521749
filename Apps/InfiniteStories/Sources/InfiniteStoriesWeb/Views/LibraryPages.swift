import Foundation
import Hummingbird
import InfiniteStoriesStore

/// The library: a search box and a card per story. A first visit (no hero yet) gets "create your first hero";
/// heroes without stories get "write your first story".
struct LibraryPage {
    let stories: [StoredStory]
    let query: String
    /// Whether the library has any hero.
    let hasHeroes: Bool

    func response(_ visit: Visit) -> Response {
        let ui = visit.ui
        if stories.isEmpty && query.isEmpty {
            return visit.page(ui[.library], hasHeroes
                ? [el("p", [:], t(ui[.noStories])),
                   el("a", ["href": "/stories/new", "class": "button", "id": "first-story"], t(ui[.writeFirstStory]))]
                : [el("p", ["class": "welcome"], t(ui[.welcome])),
                   el("a", ["href": "/heroes/new", "class": "button", "id": "first-hero"], t(ui[.firstHero]))])
        }
        let search = el("form", ["method": "get", "action": "/", "role": "search"],
            el("label", ["for": "q"], t(ui[.search])),
            void("input", attrs: [("id", "q"), ("name", "q"), ("type", "search"), ("value", query),
                                  ("placeholder", ui[.searchPlaceholder])]),
            el("button", ["type": "submit"], t(ui[.search])))
        let cards: Node = stories.isEmpty
            ? el("p", [:], t(ui[.noMatch].filling(["query": query])))
            : el("ul", ["class": "cards"], children: stories.map { card($0, ui: ui) })
        return visit.page(ui[.library], [search, cards])
    }

    private func card(_ story: StoredStory, ui: UI) -> Node {
        let id = story.id.uuidString.lowercased()
        var children: [Node] = []
        if story.avatarFile != nil {
            children.append(void("img", ["src": "/stories/\(id)/image", "alt": "", "loading": "lazy"]))
        }
        children += [
            el("h2", [:], el("a", ["href": "/stories/\(id)"], t(story.title))),
            el("p", ["class": "meta"], t(ui.storyFacts(story, withOccasion: false))),
            el("a", ["href": "/stories/\(id)/delete"], t(ui[.delete])),
        ]
        return el("li", ["class": "card"], children: children)
    }
}

/// One story: its text (each sentence marked with its time, so read-along can follow the narration), the player
/// with the sleep timer, the picture, and "another story for" its hero.
struct StoryPage {
    let story: StoredStory

    func response(_ visit: Visit) -> Response {
        let ui = visit.ui
        let id = story.id.uuidString.lowercased()
        var body: [Node] = [el("p", ["class": "meta"], t(ui.storyFacts(story, withOccasion: true)))]
        if story.audioFile != nil {
            body.append(el("audio", ["id": "narration-audio", "controls": "controls", "preload": "metadata",
                                     "src": "/stories/\(id)/audio"]))
            body.append(sleepTimer(ui))
            if !story.readAlong.isEmpty {
                body.append(el("div", ["class": "read-along", "hidden": "hidden", "data-read-along": ""],
                    void("input", ["type": "checkbox", "id": "read-along-toggle", "checked": "checked"]),
                    el("label", ["for": "read-along-toggle"], t(ui[.readAlong]))))
            }
        }
        var article: [Node] = []
        if story.avatarFile != nil {
            article.append(void("img", ["class": "avatar", "src": "/stories/\(id)/image", "alt": story.title]))
        }
        article.append(el("div", ["class": "story-text"], children: sentences()))
        body.append(el("article", ["class": "story"], children: article))
        var links: [Node] = []
        if let heroID = story.heroID {
            links += [el("a", ["href": "/stories/new?hero=\(heroID.uuidString.lowercased())", "class": "button", "id": "another-story"],
                         t(ui[.anotherStory].filling(["name": story.heroName]))), t(" ")]
        }
        links.append(el("a", ["href": "/stories/\(id)/delete"], t(ui[.delete])))
        body.append(el("p", ["class": "story-links"], children: links))
        return visit.page(story.title, body)
    }

    /// The text, each sentence in a span with the second the narration reaches it when there are read-along
    /// marks (and the narration to go with them); the plain text otherwise.
    private func sentences() -> [Node] {
        let characters = Array(story.content)
        let marks = story.readAlong.filter { $0.at >= 0 && $0.at < characters.count }.sorted { $0.at < $1.at }
        guard story.audioFile != nil, let first = marks.first else { return [t(story.content)] }
        var nodes: [Node] = first.at > 0 ? [t(String(characters[0..<first.at]))] : []
        for (index, mark) in marks.enumerated() {
            let end = index + 1 < marks.count ? marks[index + 1].at : characters.count
            guard end > mark.at else { continue }
            nodes.append(el("span", attrs: [("class", "sentence"), ("data-start", String(mark.start))],
                            [t(String(characters[mark.at..<end]))]))
        }
        return nodes
    }

    /// The sleep timer: the script shows it (it does nothing without one), fades the narration out over its last
    /// half minute and pauses it. The labels the script writes come from the page, in the visitor's language.
    private func sleepTimer(_ ui: UI) -> Node {
        el("div", attrs: [("class", "sleep-timer"), ("hidden", "hidden"), ("data-sleep-timer", ""),
                          ("data-stops-in", ui[.timerStopsIn]), ("data-stopped", ui[.timerStopped])], [
            el("label", ["for": "sleep-minutes"], t(ui[.sleepTimer])),
            el("select", ["id": "sleep-minutes"], children: [el("option", ["value": "0"], t(ui[.timerOff]))]
                + [5, 10, 15, 20, 30, 45].map { el("option", ["value": String($0)], t("\($0) \(ui[.minutes])")) }),
            el("span", ["id": "sleep-status", "class": "status", "role": "status", "aria-live": "polite"], children: []),
        ])
    }
}

extension UI {
    /// "Luna · Bedtime · español · 3 min · 27 nov 2026": who, for what, in which language, how long, when.
    func storyFacts(_ story: StoredStory, withOccasion: Bool) -> String {
        var facts = [story.heroName]
        if withOccasion { facts.append(story.event.map(eventName) ?? story.occasionName) }
        facts += [languageName(story.language), "\(minutes(story.duration)) \(self[.minutes])", day(story.createdAt)]
        return facts.joined(separator: " · ")
    }
}
