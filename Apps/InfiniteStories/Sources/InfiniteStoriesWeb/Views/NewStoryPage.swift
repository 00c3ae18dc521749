import Foundation
import Hummingbird
import InfiniteStories
import InfiniteStoriesStore

/// The New story form: hero, event (built in, or the parent's own words with the assistant's buttons and an
/// optional name and keywords), language, length, voice (with samples to listen to), and what the story will
/// cost before anything is spent.
struct NewStoryPage {
    let heroes: [StoredHero]
    let children: [ChildProfile]
    /// False hides the assistant's buttons (no assistant configured).
    var offersAssistant: Bool
    /// What was typed, carried by a retry link or remembered from the last story; nil shows the defaults.
    var values: StoryForm?
    var error: String?
    /// The assistant's answer, shown under the custom event with its "Use this" buttons.
    var answer: AssistantAnswer?
    /// The story's estimated cost for each length from 1 to 30 minutes, without scenes.
    var estimates: [CostEstimate]
    /// One picture's estimated cost (the story's own, and each scene's).
    var picturePrice: Double
    /// The most one assistant answer costs (its longest answer at the story model's prices).
    var assistantPrice: Double = 0
    var status: HTTPResponse.Status = .ok

    func response(_ visit: Visit) -> Response {
        let ui = visit.ui
        guard !heroes.isEmpty else {
            return visit.page(ui[.newStory], status: status, [
                el("p", [:], t(ui[.noHeroForStory])),
                el("a", ["href": "/heroes/new", "class": "button"], t(ui[.firstHero])),
            ])
        }
        var body = visit.errorNotice(error)
        let minutes = min(30, max(1, Int(values?.minutes ?? "") ?? 5))
        var fields: [Node] = []
        let quiet: [(String, String)] = [("type", "checkbox"), ("id", "quiet"), ("name", "quiet"), ("value", "1")]
        let quietAttributes = quiet + (values?.quiet == "1" ? [("checked", "checked")] : [])
        var sceneOptions: [Node] = [option(values?.scenes, "0", default: true, ui[.noScenes])]
        for count in 1...3 { sceneOptions.append(option(values?.scenes, String(count), default: false, String(count))) }
        fields += [
            // Enter in a field submits a form with its first submit button: this one, so Enter writes the story
            // (the assistant's buttons come first on the page). Hidden from view, focus and screen readers; the
            // visible "Write the story" button is at the end.
            el("button", ["type": "submit", "class": "implicit-submit", "tabindex": "-1", "aria-hidden": "true"], t(ui[.write])),
            el("label", ["for": "hero"], t(ui[.hero])),
            el("select", ["id": "hero", "name": "hero"], children: heroes.map { hero in
                option(values?.hero, hero.id.uuidString.lowercased(), default: false, hero.name)
            }),
            children.isEmpty ? .fragment([]) : .fragment([
                el("label", ["for": "child"], t(ui[.forChild])),
                el("select", ["id": "child", "name": "child"], children: [option(values?.child, "", default: true, ui[.anyone])]
                    + children.map { child in
                        option(values?.child, child.id.uuidString.lowercased(), default: false,
                               "\(child.name) — \(ui.ageBandName(child.ageRange))")
                    }),
            ]),
        ]
        fields += [
            el("label", ["for": "event"], t(ui[.event])),
            el("select", ["id": "event", "name": "event"], children:
                [option(values?.event, "", default: false, ui[.customEventOption])]
                + StoryEvent.allCases.map { event in
                    option(values?.event, event.rawValue, default: event == .bedtime, ui.eventName(event))
                }),
            el("label", ["for": "custom"], t(ui[.customEvent])),
            el("textarea", ["id": "custom", "name": "custom", "maxlength": "1000", "rows": "3", "aria-describedby": "custom-hint"],
               t(values?.custom ?? "")),
            el("p", ["id": "custom-hint", "class": "hint"], t(ui[.customEventHint])),
            el("label", ["for": "title"], t(ui[.eventTitle])),
            void("input", attrs: [("id", "title"), ("name", "title"), ("maxlength", "120"), ("value", values?.title ?? "")]),
            el("label", ["for": "keywords"], t(ui[.storyKeywords])),
            void("input", attrs: [("id", "keywords"), ("name", "keywords"), ("maxlength", "300"), ("value", values?.keywords ?? "")]),
            offersAssistant ? assistantButtons(visit) : .fragment([]),
            answer.map { answerBox($0, ui: ui) } ?? .fragment([]),
        ]
        fields += [
            el("label", ["for": "language"], t(ui[.language])),
            el("select", ["id": "language", "name": "language"], children: SupportedLanguage.allCases.map { language in
                option(values?.language, language.rawValue, default: language.rawValue == ui.storyLanguage, language.nativeName)
            }),
            el("label", ["for": "minutes"], t(ui[.length])),
            void("input", attrs: [("id", "minutes"), ("name", "minutes"), ("type", "number"), ("min", "1"), ("max", "30"),
                                  ("value", String(minutes))]),
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
        ]
        fields += [
            el("label", ["for": "scenes"], t(ui[.sceneCount])),
            el("select", ["id": "scenes", "name": "scenes"], children: sceneOptions),
            el("p", [:], void("input", attrs: quietAttributes), el("label", ["for": "quiet", "class": "inline"], t(ui[.textOnly]))),
            estimateLine(minutes: minutes, visit: visit),
            el("button", ["type": "submit", "class": "write"], t(ui[.write])),
        ]
        body.append(visit.form("/stories", class: "new-story", fields))
        return visit.page(ui[.newStory], status: status, body)
    }

    /// The cost before spending: the sentence for the form's choices, and what the script needs to follow the
    /// length, the scene pictures and "text only" (each part's cost per length, a picture's price, the sentence).
    private func estimateLine(minutes: Int, visit: Visit) -> Node {
        let ui = visit.ui
        let scenes = min(3, max(0, Int(values?.scenes ?? "") ?? 0))
        let narrated = values?.quiet != "1"
        var current = estimates.indices.contains(minutes - 1) ? estimates[minutes - 1] : CostEstimate()
        if !narrated { current.narration = 0 }
        current.pictures += Double(scenes) * picturePrice
        let data: [String: [Double]] = [
            "story": estimates.map(\.story), "narration": estimates.map(\.narration),
            "cover": estimates.map(\.pictures), "picture": [picturePrice],
        ]
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let json = (try? encoder.encode(data)).map { String(decoding: $0, as: UTF8.self) } ?? "{}"
        let sentence = visit.costSentence(current)
        return el("p", attrs: [
            ("id", "estimate"), ("class", "estimate"), ("data-costs", json), ("data-sentence", ui[.estimate]),
            ("data-simulated", visit.sandbox ? ui[.simulated] : ""), ("aria-live", "polite"),
        ], [t(sentence)])
    }

    /// An `<option>`, selected when the form chose it, or by default when the form said nothing.
    private func option(_ chosen: String?, _ value: String, default isDefault: Bool, _ label: String) -> Node {
        let selected = chosen.map { $0 == value } ?? isDefault
        return el("option", attrs: selected ? [("value", value), ("selected", "selected")] : [("value", value)], [t(label)])
    }

    /// The custom event assistant's buttons (they post the same form to `/stories/assist`), and what an answer
    /// costs at most.
    private func assistantButtons(_ visit: Visit) -> Node {
        let ui = visit.ui
        let buttons = [
            ("title", ui[.suggestTitle]), ("enhance", ui[.enhance]), ("keywords", ui[.keywords]), ("similar", ui[.similar]),
        ]
        let price = ui.costText(ui[.assistantCost].filling(["cost": ui.money(assistantPrice)]), sandbox: visit.sandbox)
        return el("div", ["class": "assistant"], children: buttons.map { value, label in
            assistButton(name: "assist", value: value, label: label)
        } + [el("p", ["class": "hint"], t(price))])
    }

    /// What the assistant answered, each suggestion with the button that puts it into its field; nothing the
    /// parent typed is replaced until they press one, and a replaced description can be put back.
    private func answerBox(_ answer: AssistantAnswer, ui: UI) -> Node {
        let children: [Node] = switch answer {
        case .title(let title):
            [el("p", [:], t("\(ui[.suggestTitle]): \(title)")), assistButton(name: "use_title", value: title, label: ui[.useTitle])]
        case .enhanced(let text):
            [el("p", [:], t(ui[.enhanced])), el("blockquote", [:], t(text)),
             assistButton(name: "use_custom", value: text, label: ui[.useDescription])]
        case .keywords(let words):
            [el("p", [:], t("\(ui[.keywords]): \(words.joined(separator: ", "))")),
             assistButton(name: "use_keywords", value: words.joined(separator: ", "), label: ui[.useKeywords])]
        case .similar(let events):
            [el("p", [:], t(ui[.similar])), el("ul", [:], children: events.map { event in
                el("li", [:], t(event + " "), assistButton(name: "use_custom", value: event, label: ui[.useDescription]))
            })]
        case .replaced(let previous):
            [el("p", [:], t(ui[.descriptionReplaced] + " ")), assistButton(name: "use_custom", value: previous, label: ui[.undo])]
        case .applied:
            []
        }
        return children.isEmpty ? .fragment([]) : el("div", ["class": "assistant-answer", "role": "status"], children: children)
    }

    private func assistButton(name: String, value: String, label: String) -> Node {
        el("button", ["type": "submit", "formaction": "/stories/assist", "name": name, "value": value, "class": "secondary"],
           t(label))
    }
}
