import Foundation
import Hummingbird
import InfiniteStories
import InfiniteStoriesStore

/// The New story form: hero, event (built in or the visitor's own words, with the assistant's buttons),
/// language, length and voice (with samples to listen to).
struct NewStoryPage {
    let heroes: [StoredHero]
    /// False hides the assistant's buttons (no assistant configured).
    var offersAssistant: Bool
    /// What was typed or carried by a retry link; nil shows the defaults.
    var values: StoryForm?
    var error: String?
    /// The assistant's answer, shown under the custom event.
    var assistantAnswer: [Node] = []
    var status: HTTPResponse.Status = .ok

    func response(_ visit: Visit) -> Response {
        let ui = visit.ui
        guard !heroes.isEmpty else {
            return visit.page(ui[.newStory], status: status, [
                el("p", [:], t(ui[.noHeroForStory])),
                el("a", ["href": "/heroes/new", "class": "button"], t(ui[.newHero])),
            ])
        }
        var body = visit.errorNotice(error)
        body.append(visit.form("/stories", [
            el("label", ["for": "hero"], t(ui[.hero])),
            el("select", ["id": "hero", "name": "hero"], children: heroes.map { hero in
                option(values?.hero, hero.id.uuidString.lowercased(), default: false, hero.name)
            }),
            el("label", ["for": "event"], t(ui[.event])),
            el("select", ["id": "event", "name": "event"], children:
                [option(values?.event, "", default: false, ui[.customEventOption])]
                + StoryEvent.allCases.map { event in
                    option(values?.event, event.rawValue, default: event == .bedtime, ui.eventName(event))
                }),
            el("label", ["for": "custom"], t(ui[.customEvent])),
            el("textarea", ["id": "custom", "name": "custom", "maxlength": "1000", "rows": "3"], t(values?.custom ?? "")),
            offersAssistant ? assistantButtons(ui) : .fragment([]),
            .fragment(assistantAnswer),
            el("label", ["for": "language"], t(ui[.language])),
            el("select", ["id": "language", "name": "language"], children: SupportedLanguage.allCases.map { language in
                option(values?.language, language.rawValue, default: language.rawValue == ui.storyLanguage, language.rawValue)
            }),
            el("label", ["for": "minutes"], t(ui[.length])),
            void("input", attrs: [("id", "minutes"), ("name", "minutes"), ("type", "number"), ("min", "1"), ("max", "30"),
                                  ("value", values?.minutes ?? "5")]),
            el("label", ["for": "voice"], t(ui[.voice])),
            el("select", ["id": "voice", "name": "voice"], children: InfiniteStories.OpenAIService.availableVoices.map { voice in
                option(values?.voice, voice.id, default: voice.id == "coral",
                       "\(voice.name) — \(ui.voiceDescription(id: voice.id, english: voice.description))")
            }),
            el("details", ["class": "voices"], children: [el("summary", [:], t(ui[.listenVoices]))]
                + InfiniteStories.OpenAIService.availableVoices.map { voice in
                    el("p", [:], el("strong", [:], t(voice.name)),
                       t(" — \(ui.voiceDescription(id: voice.id, english: voice.description))"),
                       el("audio", ["controls": "controls", "preload": "none", "src": "/voices/\(voice.id)/preview"]))
                }),
            el("button", ["type": "submit"], t(ui[.write])),
        ]))
        return visit.page(ui[.newStory], status: status, body)
    }

    /// An `<option>`, selected when the form chose it, or by default when the form said nothing.
    private func option(_ chosen: String?, _ value: String, default isDefault: Bool, _ label: String) -> Node {
        let selected = chosen.map { $0 == value } ?? isDefault
        return el("option", attrs: selected ? [("value", value), ("selected", "selected")] : [("value", value)], [t(label)])
    }

    /// The custom event assistant's buttons: they post the same form to `/stories/assist`.
    private func assistantButtons(_ ui: UI) -> Node {
        let buttons = [
            ("title", ui[.suggestTitle]), ("enhance", ui[.enhance]), ("keywords", ui[.keywords]), ("similar", ui[.similar]),
        ]
        return el("div", ["class": "assistant"], children: buttons.map { value, label in
            el("button", ["type": "submit", "formaction": "/stories/assist", "name": "assist", "value": value,
                          "class": "secondary"], t(label))
        })
    }
}
