import Foundation
import Hummingbird
import InfiniteStoriesStore

/// The heroes: a card per hero with its avatar, edit and delete links.
struct HeroesPage {
    let heroes: [StoredHero]

    func response(_ visit: Visit) -> Response {
        let ui = visit.ui
        let list: Node = heroes.isEmpty
            ? el("p", [:], t(ui[.noHeroes]))
            : el("ul", ["class": "cards"], children: heroes.map { hero in
                let id = hero.id.uuidString.lowercased()
                var children: [Node] = []
                if hero.avatarFile != nil {
                    children.append(void("img", ["src": "/heroes/\(id)/avatar", "alt": hero.name, "loading": "lazy"]))
                }
                let details = [hero.hero.traits.joined(separator: ", "), hero.hero.specialAbility].filter { !$0.isEmpty }
                children += [
                    el("h2", [:], t(hero.name)),
                    el("p", ["class": "meta"], t(details.joined(separator: " · "))),
                    el("p", [:], el("a", ["href": "/stories/new?hero=\(id)", "class": "button"],
                                    t(ui[.writeStoryFor].filling(["name": hero.name])))),
                    el("a", ["href": "/heroes/\(id)/edit"], t(ui[.edit])), t(" · "),
                    el("a", ["href": "/heroes/\(id)/delete"], t(ui[.delete])),
                ]
                return el("li", ["class": "card"], children: children)
            })
        return visit.page(ui[.heroes], [el("p", [:], el("a", ["href": "/heroes/new", "class": "button"], t(ui[.newHero]))), list])
    }
}

/// A new hero's form, or an existing one's with its avatar and the form that draws a new avatar.
struct HeroFormPage {
    /// The hero being edited; nil for a new one.
    var hero: StoredHero?
    /// What the user typed, kept when the form comes back with an error.
    var values: HeroForm?
    var error: String?
    /// The image model's rewording of the avatar prompt, shown after drawing.
    var revisedPrompt: String?
    /// True right after the hero was created: the page says so and offers what comes next.
    var justCreated = false
    /// An avatar's estimated cost by "size quality".
    var estimates: [String: CostEstimate] = [:]
    var status: HTTPResponse.Status = .ok

    func response(_ visit: Visit) -> Response {
        let ui = visit.ui
        var body = visit.errorNotice(error)
        if justCreated, let hero {
            body.append(el("div", ["class": "next-steps", "role": "status"],
                el("p", [:], t(ui[.heroSaved].filling(["name": hero.name]))),
                el("a", ["href": "/stories/new?hero=\(hero.id.uuidString.lowercased())", "class": "button", "id": "write-for-hero"],
                   t(ui[.writeStoryFor].filling(["name": hero.name]))),
                t(" "),
                el("a", ["href": "#draw-avatar", "class": "button secondary"], t(ui[.drawAvatar]))))
        }
        let action = hero.map { "/heroes/\($0.id.uuidString.lowercased())" } ?? "/heroes"
        body.append(visit.form(action, [
            el("label", ["for": "name"], t(ui[.name])),
            void("input", attrs: [("id", "name"), ("name", "name"), ("required", "required"), ("maxlength", "80"),
                                  ("value", values?.name ?? hero?.name ?? "")]),
            el("label", ["for": "traits"], t(ui[.traits])),
            void("input", attrs: [("id", "traits"), ("name", "traits"), ("maxlength", "300"),
                                  ("value", values?.traits ?? hero?.hero.traits.joined(separator: ", ") ?? "")]),
            el("label", ["for": "appearance"], t(ui[.appearance])),
            el("textarea", attrs: [("id", "appearance"), ("name", "appearance"), ("maxlength", "1000"), ("rows", "2")],
               [t(values?.appearance ?? hero?.hero.appearance ?? "")]),
            el("label", ["for": "ability"], t(ui[.ability])),
            void("input", attrs: [("id", "ability"), ("name", "ability"), ("maxlength", "300"),
                                  ("value", values?.ability ?? hero?.hero.specialAbility ?? "")]),
            el("button", ["type": "submit"], t(ui[.save])),
        ]))
        if let hero {
            body += avatarSection(hero, visit: visit)
        }
        return visit.page(hero?.name ?? ui[.newHero], status: status, body)
    }

    private func avatarSection(_ hero: StoredHero, visit: Visit) -> [Node] {
        let ui = visit.ui
        let id = hero.id.uuidString.lowercased()
        var nodes: [Node] = []
        if hero.avatarFile != nil {
            nodes.append(void("img", ["class": "avatar", "src": "/heroes/\(id)/avatar", "alt": hero.name, "width": "256"]))
        }
        if let revisedPrompt {
            nodes.append(el("p", ["class": "meta"], t("\(ui[.revisedPrompt]): \(revisedPrompt)")))
        }
        nodes.append(el("h2", ["id": "draw-avatar"], t(ui[.drawAvatar])))
        let sentences = estimates.mapValues { visit.costSentence($0) }
        // Sorted keys: the same page for the same hero, byte for byte (a dictionary's order differs per instance).
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let all = (try? encoder.encode(sentences)).map { String(decoding: $0, as: UTF8.self) } ?? "{}"
        nodes.append(visit.form("/heroes/\(id)/avatar", class: "avatar-form", [
            el("label", ["for": "size"], t(ui[.size])),
            el("select", ["id": "size", "name": "size"], children: AvatarForm.sizes.map { el("option", ["value": $0], t($0)) }),
            el("label", ["for": "quality"], t(ui[.quality])),
            el("select", ["id": "quality", "name": "quality"], children: AvatarForm.qualities.map {
                el("option", ["value": $0], t($0))
            }),
            el("p", attrs: [("id", "estimate"), ("class", "estimate"), ("data-estimates", all), ("aria-live", "polite")],
               [t(sentences["\(AvatarForm.sizes[0]) \(AvatarForm.qualities[0])"] ?? "")]),
            el("button", ["type": "submit"], t(ui[.drawAvatar])),
        ]))
        return nodes
    }
}
