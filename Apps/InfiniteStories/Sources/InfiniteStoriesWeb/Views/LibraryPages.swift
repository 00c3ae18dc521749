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
    /// The children, for the filter links.
    var children: [ChildProfile] = []
    /// The filter in use: "favourites", a child's id, or nil for all.
    var filter: String?

    func response(_ visit: Visit) -> Response {
        let ui = visit.ui
        if stories.isEmpty && query.isEmpty && filter == nil {
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
            ? el("p", [:], t(query.isEmpty ? ui[.noStories] : ui[.noMatch].filling(["query": query])))
            : el("ul", ["class": "cards"], children: stories.map { card($0, ui: ui) })
        let filters = [("/", nil as String?, ui[.allStories]), ("/?favourites=1", "favourites", ui[.favourites])]
            + children.map { ("/?child=\($0.id.uuidString.lowercased())", $0.id.uuidString.lowercased(), $0.name) }
        let links = el("p", ["class": "filters"], children: filters.map { href, key, label in
            el("a", attrs: [("href", href)] + (key == filter ? [("class", "current"), ("aria-current", "page")] : []), [t(label)])
        })
        return visit.page(ui[.library], [search, links, cards])
    }

    private func card(_ story: StoredStory, ui: UI) -> Node {
        let id = story.id.uuidString.lowercased()
        var children: [Node] = []
        if story.avatarFile != nil {
            children.append(void("img", ["src": "/stories/\(id)/image", "alt": "", "loading": "lazy"]))
        }
        children += [
            el("h2", [:], el("a", ["href": "/stories/\(id)"], t((story.favourite ? "★ " : "") + story.title))),
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
        var body: [Node] = [
            el("p", ["class": "meta"], t(ui.storyFacts(story, withOccasion: true))),
            visit.form("/stories/\(id)/favourite", class: "inline favourite", [
                void("input", ["type": "hidden", "name": "favourite", "value": story.favourite ? "0" : "1"]),
                el("button", ["type": "submit", "class": "secondary", "id": "favourite"],
                   t(story.favourite ? ui[.unmarkFavourite] : ui[.markFavourite])),
            ]),
        ]
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
        article.append(el("div", ["class": "story-text"], children: text()))
        body.append(el("article", ["class": "story"], children: article))
        var links: [Node] = []
        if let heroID = story.heroID {
            // Another story for the child it was for (with the same hero), or for the hero.
            var query = "hero=\(heroID.uuidString.lowercased())"
            if let childID = story.childID { query += "&child=\(childID.uuidString.lowercased())" }
            links += [el("a", ["href": "/stories/new?\(query)", "class": "button", "id": "another-story"],
                         t(ui[.anotherStory].filling(["name": story.childName ?? story.heroName]))), t(" ")]
        }
        links += [
            el("a", ["href": "/stories/\(id)/story.epub", "class": "button secondary", "download": ""], t(ui[.downloadEPUB])), t(" "),
            el("a", ["href": "/stories/\(id)/story.zip", "class": "button secondary", "download": ""], t(ui[.downloadZip])), t(" "),
            el("a", ["href": "/stories/\(id)/delete"], t(ui[.delete])),
        ]
        body.append(el("p", ["class": "story-links", "aria-label": ui[.download]], children: links))
        return visit.page(story.title, body)
    }

    /// The text: each sentence in a span with the second the narration reaches it (when there are read-along
    /// marks and the narration to go with them), and each scene's picture after its paragraph.
    private func text() -> [Node] {
        let characters = Array(story.content)
        let marks = story.audioFile == nil ? [] : story.readAlong.filter { $0.at >= 0 && $0.at < characters.count }
        let starts = Dictionary(marks.map { ($0.at, $0.start) }, uniquingKeysWith: { first, _ in first })
        let paragraphStarts = ScenePicture.paragraphStarts(of: story.content)
        var scenesAt: [Int: [Int]] = [:]
        for (index, scene) in story.scenes.enumerated() {
            // Clamped: the paragraph offsets count "\r\n" as two characters where the text counts one.
            let at = min(characters.count, scene.paragraph + 1 < paragraphStarts.count ? paragraphStarts[scene.paragraph + 1] : characters.count)
            scenesAt[at, default: []].append(index + 1)
        }
        let cuts = Set([0, characters.count]).union(starts.keys).union(scenesAt.keys).sorted()
        let id = story.id.uuidString.lowercased()
        var nodes: [Node] = []
        for (from, to) in zip(cuts, cuts.dropFirst()) + [(characters.count, characters.count)] {
            for number in scenesAt[from] ?? [] {
                nodes.append(el("figure", ["class": "scene"],
                                void("img", ["src": "/stories/\(id)/scenes/\(number)", "alt": "", "loading": "lazy"])))
            }
            guard to > from else { continue }
            let segment = String(characters[from..<to])
            if let start = starts[from] {
                nodes.append(el("span", attrs: [("class", "sentence"), ("data-start", String(start))], [t(segment)]))
            } else {
                nodes.append(t(segment))
            }
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
        if let child = story.childName { facts.append(self[.forName].filling(["name": child])) }
        facts += [languageName(story.language), "\(minutes(story.duration)) \(self[.minutes])", day(story.createdAt)]
        return facts.joined(separator: " · ")
    }
}
