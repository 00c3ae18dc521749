import Foundation
import Hummingbird
import InfiniteStories
import InfiniteStoriesStore

/// The children: a card per child with their age band, what to avoid, and "write a story for" them.
struct ChildrenPage {
    let children: [ChildProfile]

    func response(_ visit: Visit) -> Response {
        let ui = visit.ui
        let list: Node = children.isEmpty
            ? el("p", [:], t(ui[.noChildren]))
            : el("ul", ["class": "cards"], children: children.map { child in
                let id = child.id.uuidString.lowercased()
                return el("li", ["class": "card"],
                    el("h2", [:], t(child.name)),
                    el("p", ["class": "meta"], t(([ui.ageBandName(child.ageRange)] + child.avoid.map { "≠ \($0)" }).joined(separator: " · "))),
                    el("p", [:], el("a", ["href": "/stories/new?child=\(id)", "class": "button"],
                                    t(ui[.writeStoryFor].filling(["name": child.name])))),
                    el("a", ["href": "/?child=\(id)"], t(ui[.library])), t(" · "),
                    el("a", ["href": "/children/\(id)/edit"], t(ui[.edit])), t(" · "),
                    el("a", ["href": "/children/\(id)/delete"], t(ui[.delete])))
            })
        return visit.page(ui[.children], [el("p", [:], el("a", ["href": "/children/new", "class": "button"], t(ui[.newChild]))), list])
    }
}

/// A new child's form, or an existing one's.
struct ChildFormPage {
    var child: ChildProfile?
    var values: ChildForm?
    var error: String?
    var status: HTTPResponse.Status = .ok

    func response(_ visit: Visit) -> Response {
        let ui = visit.ui
        var body = visit.errorNotice(error)
        let action = child.map { "/children/\($0.id.uuidString.lowercased())" } ?? "/children"
        let chosenAge = values?.age ?? child?.ageRange.rawValue ?? AgeRange.preschool.rawValue
        body.append(visit.form(action, [
            el("label", ["for": "name"], t(ui[.name])),
            void("input", attrs: [("id", "name"), ("name", "name"), ("required", "required"), ("maxlength", "80"),
                                  ("value", values?.name ?? child?.name ?? "")]),
            el("label", ["for": "age"], t(ui[.ageBand])),
            el("select", ["id": "age", "name": "age"], children: AgeRange.allCases.map { range in
                el("option", attrs: [("value", range.rawValue)] + (range.rawValue == chosenAge ? [("selected", "selected")] : []),
                   [t(ui.ageBandName(range))])
            }),
            el("label", ["for": "avoid"], t(ui[.avoidThings])),
            void("input", attrs: [("id", "avoid"), ("name", "avoid"), ("maxlength", "500"),
                                  ("value", values?.avoid ?? child?.avoid.joined(separator: ", ") ?? "")]),
            el("button", ["type": "submit"], t(ui[.save])),
        ]))
        return visit.page(child?.name ?? ui[.newChild], status: status, body)
    }
}
