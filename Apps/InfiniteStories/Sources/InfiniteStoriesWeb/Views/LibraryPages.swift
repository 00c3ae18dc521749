import Foundation
import Hummingbird
import InfiniteStoriesStore

/// The library: a search box and a card per story.
struct LibraryPage {
    let stories: [StoredStory]
    let query: String

    func response(_ visit: Visit) -> Response {
        let ui = visit.ui
        let search = el("form", ["method": "get", "action": "/", "role": "search"],
            el("label", ["for": "q"], t(ui[.search])),
            void("input", attrs: [("id", "q"), ("name", "q"), ("type", "search"), ("value", query),
                                  ("placeholder", ui[.searchPlaceholder])]),
            el("button", ["type": "submit"], t(ui[.search])))
        let cards: Node = stories.isEmpty
            ? el("p", [:], t(ui[.noStories]))
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
            el("p", ["class": "meta"], t("\(story.heroName) · \(story.language) · \(minutes(story.duration)) \(ui[.minutes]) · \(day(story.createdAt))")),
            el("a", ["href": "/stories/\(id)/delete"], t(ui[.delete])),
        ]
        return el("li", ["class": "card"], children: children)
    }
}

/// One story: its text, the narration player and the picture.
struct StoryPage {
    let story: StoredStory

    func response(_ visit: Visit) -> Response {
        let ui = visit.ui
        let id = story.id.uuidString.lowercased()
        var body: [Node] = [
            el("p", ["class": "meta"], t("\(story.heroName) · \(story.occasionName) · \(story.language) · \(minutes(story.duration)) \(ui[.minutes]) · \(day(story.createdAt))")),
        ]
        if story.audioFile != nil {
            body.append(el("audio", ["controls": "controls", "preload": "metadata", "src": "/stories/\(id)/audio"]))
        }
        var article: [Node] = []
        if story.avatarFile != nil {
            article.append(void("img", ["class": "avatar", "src": "/stories/\(id)/image", "alt": story.title]))
        }
        article.append(el("div", ["class": "story-text"], t(story.content)))
        body.append(el("article", ["class": "story"], children: article))
        body.append(el("p", [:], el("a", ["href": "/stories/\(id)/delete"], t(ui[.delete]))))
        return visit.page(story.title, body)
    }
}
