import Foundation
import HTTPTypes
import Hummingbird
import InfiniteStories
import InfiniteStoriesStore

/// One request's view of the visitor: interface language and CSRF token (new when the cookie is missing).
struct Visit: Sendable {
    static let cookieName = "is_csrf"
    let ui: UI
    let token: String
    let isNewToken: Bool

    init(_ request: Request) {
        let query = request.uri.queryParameters["lang"].map(String.init)
        let cookieLang = request.cookies["is_lang"]?.value
        ui = UI(query: query ?? cookieLang, acceptLanguage: request.headers[.acceptLanguage])
        if let existing = request.cookies[Self.cookieName]?.value, existing.count == 64 {
            token = existing
            isNewToken = false
        } else {
            var generator = SystemRandomNumberGenerator()
            token = (0..<32).map { _ in String(format: "%02x", UInt8.random(in: 0...255, using: &generator)) }.joined()
            isNewToken = true
        }
        langFromQuery = query.flatMap { UI.codes.contains($0) ? $0 : nil }
        // Only the password guard lets a request with a session cookie through, and only with a live session.
        signedIn = request.cookies["is_session"].map { !$0.value.isEmpty } ?? false
    }

    /// True when the visitor signed in with the password: the header then offers to sign out.
    let signedIn: Bool

    private let langFromQuery: String?

    /// A complete HTML page with the header and navigation; sets the CSRF cookie (and the language switch) when needed.
    func page(_ title: String, status: HTTPResponse.Status = .ok, _ body: [Node]) -> Response {
        let nav = el("header", [:],
            el("a", ["href": "/"], t(ui["library"])),
            el("a", ["href": "/heroes"], t(ui["heroes"])),
            el("a", ["href": "/stories/new"], t(ui["newStory"])),
            el("a", ["href": "/usage"], t(ui["usage"])),
            el("a", ["href": "/settings"], t(ui["settings"])),
            el("span", ["class": "langs"], children: UI.codes.map { code in
                el("a", ["href": "?lang=\(code)", "lang": code], t(code.uppercased()))
            }),
            signedIn ? form("/logout", class: "signout", [el("button", ["type": "submit"], t(ui["signOut"]))]) : .fragment([]))
        let html = document(title: title, lang: ui.code, body: [nav, el("main", [:], children: [el("h1", [:], t(title))] + body)])
        var response = Response(
            status: status, headers: [.contentType: "text/html; charset=utf-8", .cacheControl: "no-store"],
            body: .init(byteBuffer: ByteBuffer(string: html)))
        decorate(&response)
        return response
    }

    func decorate(_ response: inout Response) {
        if isNewToken {
            response.setCookie(Cookie(name: Self.cookieName, value: token, path: "/", httpOnly: true, sameSite: .strict))
        }
        if let langFromQuery {
            response.setCookie(Cookie(name: "is_lang", value: langFromQuery, path: "/", httpOnly: true, sameSite: .strict))
        }
    }

    /// A form posting to `action`, with the CSRF token as its first field.
    func form(_ action: String, class className: String = "", _ children: [Node]) -> Node {
        el("form", attrs: [("method", "post"), ("action", action), ("class", className)],
           [void("input", ["type": "hidden", "name": "_csrf", "value": token])] + children)
    }

    func redirect(_ location: String) -> Response {
        var response = Response(status: .seeOther, headers: [.location: location])
        decorate(&response)
        return response
    }
}

/// Reads a POST form and checks its CSRF token against the cookie: 403 when it is missing or wrong.
func postedForm(_ request: Request) async throws -> FormData {
    var request = request
    let buffer = try await request.collectBody(upTo: 64 * 1024)
    let form = FormData(String(buffer: buffer))
    guard let cookie = request.cookies[Visit.cookieName]?.value, cookie.count == 64,
          let sent = form["_csrf"], constantTimeEqual(sent, cookie)
    else {
        throw HTTPError(.forbidden, message: "Forbidden: the form's security token is missing or expired. Reload the page and try again.")
    }
    return form
}

func constantTimeEqual(_ a: String, _ b: String) -> Bool {
    let x = Array(a.utf8), y = Array(b.utf8)
    guard x.count == y.count else { return false }
    var difference: UInt8 = 0
    for i in x.indices { difference |= x[i] ^ y[i] }
    return difference == 0
}

struct Pages: Sendable {
    let services: WebServices
    let jobs: JobRegistry
    let previews = VoicePreviews()
    var library: StoryLibrary { services.library }

    func register(on router: Router<WebRequestContext>) {
        router.get("/static/app.css") { _, _ in staticFile(StaticFiles.css, type: "text/css; charset=utf-8") }
        router.get("/static/app.js") { _, _ in staticFile(StaticFiles.js, type: "text/javascript; charset=utf-8") }
        // Browsers ask for /favicon.ico on every site; without it each page logs a 404 in the console.
        router.get("/favicon.ico") { _, _ in staticFile(StaticFiles.icon, type: "image/svg+xml") }
        router.get("/") { request, _ in try await libraryPage(request) }
        router.get("/stories/new") { request, _ in
            // A retry link carries the failed order's values in the query, so nothing typed is lost.
            let values = request.uri.query.flatMap { $0.isEmpty ? nil : FormData($0) }
            return try await newStoryPage(Visit(request), values: values)
        }
        router.post("/stories") { request, _ in try await startStory(request) }
        router.post("/stories/assist") { request, _ in try await assist(request) }
        router.get("/stories/jobs/:id") { request, context in try await jobPage(request, context) }
        router.get("/stories/jobs/:id/events") { request, context in try await jobEvents(request, context) }
        router.get("/stories/:id") { request, context in try await storyPage(request, context) }
        router.get("/stories/:id/delete") { request, context in try await confirmDeleteStory(request, context) }
        router.post("/stories/:id/delete") { request, context in try await deleteStory(request, context) }
        router.get("/stories/:id/audio") { request, context in
            let story = try await story(context)
            return try media(story.audioFile, request: request)
        }
        router.get("/stories/:id/image") { request, context in
            let story = try await story(context)
            return try media(story.avatarFile, request: request)
        }
        router.get("/heroes") { request, _ in try await heroesPage(request) }
        router.get("/voices/:id/preview") { request, context in try await voicePreview(request, context) }
        router.get("/usage") { request, _ in try await usagePage(request) }
        router.get("/settings") { request, _ in settingsPage(Visit(request), message: nil, status: .ok) }
        router.post("/settings/key") { request, _ in try await saveKey(request) }
        router.post("/settings/key/delete") { request, _ in try await deleteKey(request) }
        router.get("/heroes/new") { request, _ in heroForm(Visit(request), hero: nil, values: nil, error: nil) }
        router.post("/heroes") { request, _ in try await saveHero(request, id: nil) }
        router.get("/heroes/:id/edit") { request, context in
            let hero = try await hero(context)
            return heroForm(Visit(request), hero: hero, values: nil, error: nil)
        }
        router.post("/heroes/:id") { request, context in try await saveHero(request, id: try uuid(context)) }
        router.get("/heroes/:id/delete") { request, context in
            let hero = try await hero(context)
            let visit = Visit(request)
            return visit.page(visit.ui["deleteHeroQ"], [
                el("p", [:], t(hero.name)),
                visit.form("/heroes/\(hero.id.uuidString.lowercased())/delete", [
                    el("button", ["type": "submit", "class": "danger"], t(visit.ui["delete"])),
                    el("a", ["href": "/heroes", "class": "button"], t(visit.ui["cancel"])),
                ]),
            ])
        }
        router.post("/heroes/:id/delete") { request, context in
            _ = try await postedForm(request)
            let hero = try await hero(context)
            try await library.removeHero(named: hero.name)
            return Visit(request).redirect("/heroes")
        }
        router.post("/heroes/:id/avatar") { request, context in try await drawAvatar(request, context) }
        router.get("/heroes/:id/avatar") { request, context in
            let hero = try await hero(context)
            return try media(hero.avatarFile, request: request)
        }
    }

    // MARK: Lookups

    func uuid(_ context: WebRequestContext) throws -> UUID {
        guard let text = context.parameters.get("id"), let id = UUID(uuidString: text) else {
            throw HTTPError(.notFound)
        }
        return id
    }

    func story(_ context: WebRequestContext) async throws -> StoredStory {
        guard let story = try await library.story(id: try uuid(context)) else { throw HTTPError(.notFound) }
        return story
    }

    func hero(_ context: WebRequestContext) async throws -> StoredHero {
        guard let hero = try await library.hero(id: try uuid(context)) else { throw HTTPError(.notFound) }
        return hero
    }

    // MARK: Library

    func libraryPage(_ request: Request) async throws -> Response {
        let visit = Visit(request)
        let ui = visit.ui
        let query = request.uri.queryParameters["q"].map(String.init)?.trimmingCharacters(in: .whitespaces) ?? ""
        var stories = try await library.stories()
        if !query.isEmpty {
            stories = stories.filter {
                $0.title.localizedCaseInsensitiveContains(query) || $0.heroName.localizedCaseInsensitiveContains(query)
            }
        }
        let search = el("form", ["method": "get", "action": "/", "role": "search"],
            el("label", ["for": "q"], t(ui["search"])),
            void("input", attrs: [("id", "q"), ("name", "q"), ("type", "search"), ("value", query),
                                  ("placeholder", ui["searchPlaceholder"])]),
            el("button", ["type": "submit"], t(ui["search"])))
        let cards: Node = stories.isEmpty
            ? el("p", [:], t(ui["noStories"]))
            : el("ul", ["class": "cards"], children: stories.map { storyCard($0, visit: visit) })
        return visit.page(ui["library"], [search, cards])
    }

    func storyCard(_ story: StoredStory, visit: Visit) -> Node {
        let id = story.id.uuidString.lowercased()
        var children: [Node] = []
        if story.avatarFile != nil {
            children.append(void("img", ["src": "/stories/\(id)/image", "alt": "", "loading": "lazy"]))
        }
        children += [
            el("h2", [:], el("a", ["href": "/stories/\(id)"], t(story.title))),
            el("p", ["class": "meta"], t("\(story.heroName) · \(story.language) · \(minutes(story.duration)) \(visit.ui["minutes"]) · \(day(story.createdAt))")),
            el("a", ["href": "/stories/\(id)/delete"], t(visit.ui["delete"])),
        ]
        return el("li", ["class": "card"], children: children)
    }

    func confirmDeleteStory(_ request: Request, _ context: WebRequestContext) async throws -> Response {
        let story = try await story(context)
        let visit = Visit(request)
        return visit.page(visit.ui["deleteStoryQ"], [
            el("p", [:], t(story.title)),
            visit.form("/stories/\(story.id.uuidString.lowercased())/delete", [
                el("button", ["type": "submit", "class": "danger"], t(visit.ui["delete"])),
                el("a", ["href": "/", "class": "button"], t(visit.ui["cancel"])),
            ]),
        ])
    }

    func deleteStory(_ request: Request, _ context: WebRequestContext) async throws -> Response {
        _ = try await postedForm(request)
        try await library.removeStory(id: try uuid(context))
        return Visit(request).redirect("/")
    }

    func storyPage(_ request: Request, _ context: WebRequestContext) async throws -> Response {
        let story = try await story(context)
        let visit = Visit(request)
        let id = story.id.uuidString.lowercased()
        var body: [Node] = [
            el("p", ["class": "meta"], t("\(story.heroName) · \(story.occasionName) · \(story.language) · \(minutes(story.duration)) \(visit.ui["minutes"]) · \(day(story.createdAt))")),
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
        body.append(el("p", [:], el("a", ["href": "/stories/\(id)/delete"], t(visit.ui["delete"]))))
        return visit.page(story.title, body)
    }

    // MARK: Heroes

    func heroesPage(_ request: Request) async throws -> Response {
        let visit = Visit(request)
        let ui = visit.ui
        let heroes = try await library.heroes()
        let list: Node = heroes.isEmpty
            ? el("p", [:], t(ui["noHeroes"]))
            : el("ul", ["class": "cards"], children: heroes.map { hero in
                let id = hero.id.uuidString.lowercased()
                var children: [Node] = []
                if hero.avatarFile != nil {
                    children.append(void("img", ["src": "/heroes/\(id)/avatar", "alt": hero.name, "loading": "lazy"]))
                }
                children += [
                    el("h2", [:], t(hero.name)),
                    el("p", ["class": "meta"], t(([hero.hero.traits.joined(separator: ", "), hero.hero.specialAbility]).filter { !$0.isEmpty }.joined(separator: " · "))),
                    el("a", ["href": "/heroes/\(id)/edit"], t(ui["edit"])), t(" · "),
                    el("a", ["href": "/heroes/\(id)/delete"], t(ui["delete"])),
                ]
                return el("li", ["class": "card"], children: children)
            })
        return visit.page(ui["heroes"], [el("p", [:], el("a", ["href": "/heroes/new", "class": "button"], t(ui["newHero"]))), list])
    }

    /// The hero form; `values` are what the user typed (kept on an error).
    func heroForm(_ visit: Visit, hero: StoredHero?, values: FormData?, error: String?, revisedPrompt: String? = nil,
                  status: HTTPResponse.Status = .ok) -> Response {
        let ui = visit.ui
        func value(_ field: String, _ stored: String?) -> String { values?[field] ?? stored ?? "" }
        var body: [Node] = []
        if let error { body.append(el("p", ["class": "error", "role": "alert"], t(error))) }
        let action = hero.map { "/heroes/\($0.id.uuidString.lowercased())" } ?? "/heroes"
        body.append(visit.form(action, [
            el("label", ["for": "name"], t(ui["name"])),
            void("input", attrs: [("id", "name"), ("name", "name"), ("required", "required"), ("maxlength", "80"),
                                  ("value", value("name", hero?.name))]),
            el("label", ["for": "traits"], t(ui["traits"])),
            void("input", attrs: [("id", "traits"), ("name", "traits"), ("maxlength", "300"),
                                  ("value", value("traits", hero?.hero.traits.joined(separator: ", ")))]),
            el("label", ["for": "appearance"], t(ui["appearance"])),
            el("textarea", attrs: [("id", "appearance"), ("name", "appearance"), ("maxlength", "1000"), ("rows", "2")],
               [t(value("appearance", hero?.hero.appearance))]),
            el("label", ["for": "ability"], t(ui["ability"])),
            void("input", attrs: [("id", "ability"), ("name", "ability"), ("maxlength", "300"),
                                  ("value", value("ability", hero?.hero.specialAbility))]),
            el("button", ["type": "submit"], t(ui["save"])),
        ]))
        if let hero {
            let id = hero.id.uuidString.lowercased()
            if hero.avatarFile != nil {
                body.append(void("img", ["class": "avatar", "src": "/heroes/\(id)/avatar", "alt": hero.name, "width": "256"]))
            }
            if let revisedPrompt {
                body.append(el("p", ["class": "meta"], t("\(ui["revisedPrompt"]): \(revisedPrompt)")))
            }
            body.append(el("h2", [:], t(ui["drawAvatar"])))
            body.append(visit.form("/heroes/\(id)/avatar", [
                el("label", ["for": "size"], t(ui["size"])),
                el("select", ["id": "size", "name": "size"], children: avatarSizes.map {
                    el("option", ["value": $0], t($0))
                }),
                el("label", ["for": "quality"], t(ui["quality"])),
                el("select", ["id": "quality", "name": "quality"], children: ["standard", "hd"].map {
                    el("option", ["value": $0], t($0))
                }),
                el("button", ["type": "submit"], t(ui["drawAvatar"])),
            ]))
        }
        return visit.page(hero?.name ?? ui["newHero"], status: status, body)
    }

    func saveHero(_ request: Request, id: UUID?) async throws -> Response {
        let form = try await postedForm(request)
        let visit = Visit(request)
        let existing = try await id.asyncMap { try await library.hero(id: $0) } ?? nil
        if id != nil, existing == nil { throw HTTPError(.notFound) }
        guard let name = form.text("name"), name.count <= 80 else {
            return heroForm(visit, hero: existing, values: form, error: visit.ui["nameNeeded"], status: .badRequest)
        }
        // The same limits as the form's maxlength, enforced here too.
        let traits = (form["traits"] ?? "").prefix(300).split(separator: ",")
            .map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        let hero = Hero(
            id: id ?? UUID(), name: name, traits: traits, appearance: String((form.text("appearance") ?? "").prefix(1000)),
            specialAbility: String((form.text("ability") ?? "").prefix(300)))
        do {
            if existing != nil {
                try await library.updateHero(hero)
            } else {
                try await library.addHero(hero)
            }
        } catch StoryLibraryError.duplicateHero {
            return heroForm(visit, hero: existing, values: form, error: visit.ui["heroExists"], status: .conflict)
        }
        return visit.redirect("/heroes")
    }

    func drawAvatar(_ request: Request, _ context: WebRequestContext) async throws -> Response {
        let form = try await postedForm(request)
        let visit = Visit(request)
        let stored = try await hero(context)
        let size = avatarSizes.contains(form["size"] ?? "") ? form["size"]! : "1024x1024"
        let quality = form["quality"] == "hd" ? "hd" : "standard"
        let stories = services.makeStoryService()
        do {
            let avatar = try await stories.generateAvatar(request: AvatarGenerationRequest(
                hero: stored.hero, prompt: heroAvatarPrompt(stored.hero), size: size, quality: quality))
            try? await library.recordUsage(await stories.usage.summary())
            let updated = try await library.updateHero(stored.hero, avatar: avatar) ?? stored
            return heroForm(visit, hero: updated, values: nil, error: nil, revisedPrompt: avatar.revisedPrompt)
        } catch {
            try? await library.recordUsage(await stories.usage.summary())
            return heroForm(visit, hero: stored, values: nil, error: handleAIError(error, language: visit.ui.storyLanguage),
                            status: .badGateway)
        }
    }

    // MARK: New story and jobs

    func newStoryPage(_ visit: Visit, values: FormData? = nil, error: String? = nil, assistant: [Node] = [],
                      status: HTTPResponse.Status = .ok) async throws -> Response {
        let ui = visit.ui
        let heroes = try await library.heroes()
        guard !heroes.isEmpty else {
            return visit.page(ui["newStory"], status: status, [
                el("p", [:], t(ui["noHeroForStory"])),
                el("a", ["href": "/heroes/new", "class": "button"], t(ui["newHero"])),
            ])
        }
        func selected(_ field: String, _ value: String, default isDefault: Bool) -> [(String, String)] {
            let chosen = values?[field].map { $0 == value } ?? isDefault
            return chosen ? [("value", value), ("selected", "selected")] : [("value", value)]
        }
        var body: [Node] = []
        if let error { body.append(el("p", ["class": "error", "role": "alert"], t(error))) }
        body.append(visit.form("/stories", [
            el("label", ["for": "hero"], t(ui["hero"])),
            el("select", ["id": "hero", "name": "hero"], children: heroes.map { hero in
                el("option", attrs: selected("hero", hero.id.uuidString.lowercased(), default: false), [t(hero.name)])
            }),
            el("label", ["for": "event"], t(ui["event"])),
            el("select", ["id": "event", "name": "event"], children:
                [el("option", attrs: selected("event", "", default: false), [t(ui["customEventOption"])])]
                + StoryEvent.allCases.map { event in
                    el("option", attrs: selected("event", event.rawValue, default: event == .bedtime), [t(event.displayName)])
                }),
            el("label", ["for": "custom"], t(ui["customEvent"])),
            el("textarea", ["id": "custom", "name": "custom", "maxlength": "1000", "rows": "3"], t(values?["custom"] ?? "")),
            services.makeAssistant == nil ? .fragment([]) : el("div", ["class": "assistant"], children: [
                ("title", "suggestTitle"), ("enhance", "enhance"), ("keywords", "keywords"), ("similar", "similar"),
            ].map { value, label in
                el("button", ["type": "submit", "formaction": "/stories/assist", "name": "assist", "value": value,
                              "class": "secondary"], t(ui[label]))
            }),
            .fragment(assistant),
            el("label", ["for": "language"], t(ui["language"])),
            el("select", ["id": "language", "name": "language"], children: SupportedLanguage.allCases.map { language in
                el("option", attrs: selected("language", language.rawValue, default: language.rawValue == ui.storyLanguage),
                   [t(language.rawValue)])
            }),
            el("label", ["for": "minutes"], t(ui["length"])),
            void("input", attrs: [("id", "minutes"), ("name", "minutes"), ("type", "number"), ("min", "1"), ("max", "30"),
                                  ("value", values?["minutes"] ?? "5")]),
            el("label", ["for": "voice"], t(ui["voice"])),
            el("select", ["id": "voice", "name": "voice"], children: InfiniteStories.OpenAIService.availableVoices.map { voice in
                el("option", attrs: selected("voice", voice.id, default: voice.id == "coral"),
                   [t("\(voice.name) — \(voice.description)")])
            }),
            el("details", ["class": "voices"], children: [el("summary", [:], t(ui["listenVoices"]))]
                + InfiniteStories.OpenAIService.availableVoices.map { voice in
                    el("p", [:], el("strong", [:], t(voice.name)), t(" — \(voice.description)"),
                       el("audio", ["controls": "controls", "preload": "none", "src": "/voices/\(voice.id)/preview"]))
                }),
            el("button", ["type": "submit"], t(ui["write"])),
        ]))
        return visit.page(ui["newStory"], status: status, body)
    }

    func startStory(_ request: Request) async throws -> Response {
        let form = try await postedForm(request)
        let visit = Visit(request)
        let ui = visit.ui
        guard let heroText = form["hero"], let heroID = UUID(uuidString: heroText),
              try await library.hero(id: heroID) != nil
        else {
            return try await newStoryPage(visit, values: form, error: ui["noHeroForStory"], status: .badRequest)
        }
        let event = form.text("event").flatMap(StoryEvent.init(rawValue:))
        let custom = form.text("custom").map { String($0.prefix(1000)) }
        guard event != nil || custom != nil else {
            return try await newStoryPage(visit, values: form, error: ui["eventNeeded"], status: .badRequest)
        }
        let language = SupportedLanguage.allCases.first { $0.rawValue == form["language"] }?.rawValue ?? ui.storyLanguage
        let minutes = min(30, max(1, Int(form["minutes"] ?? "") ?? 5))
        let voice = InfiniteStories.OpenAIService.availableVoices.first { $0.id == form["voice"] }?.id ?? "coral"
        let order = StoryOrder(
            heroID: heroID, event: custom == nil ? event : (event ?? nil), customText: event == nil ? custom : nil,
            language: language, minutes: minutes, voice: voice)
        let services = services
        guard let job = await jobs.start({ job in await generate(order, services: services, ui: ui, job: job) }) else {
            return visit.page(ui["busyTitle"], status: .tooManyRequests, [
                el("p", [:], t(ui["busy"])),
                el("a", ["href": "/stories/new", "class": "button"], t(ui["retry"])),
            ])
        }
        var retry = URLComponents()
        retry.path = "/stories/new"
        retry.queryItems = [
            URLQueryItem(name: "hero", value: heroID.uuidString.lowercased()),
            URLQueryItem(name: "event", value: event?.rawValue ?? ""), URLQueryItem(name: "custom", value: custom ?? ""),
            URLQueryItem(name: "language", value: language), URLQueryItem(name: "minutes", value: String(minutes)),
            URLQueryItem(name: "voice", value: voice),
        ]
        await job.setRetryPath(retry.string ?? "/stories/new")
        return visit.redirect("/stories/jobs/\(job.id.uuidString.lowercased())")
    }

    func jobPage(_ request: Request, _ context: WebRequestContext) async throws -> Response {
        let id = try uuid(context)
        guard let job = await jobs.job(id: id) else { throw HTTPError(.notFound) }
        let visit = Visit(request)
        return visit.page(visit.ui["writing"], [
            el("div", ["data-events": "/stories/jobs/\(id.uuidString.lowercased())/events"],
               el("p", ["id": "status", "class": "status", "role": "status", "aria-live": "polite"], t(visit.ui["writing"])),
               el("progress", ["id": "narration", "max": "1", "value": "0", "hidden": "hidden"]),
               el("p", [:], el("a", ["id": "retry", "class": "button", "hidden": "hidden", "href": await job.retryPath],
                               t(visit.ui["retry"]))),
               el("div", ["id": "story-text", "class": "story-text"])),
        ])
    }

    /// `text/event-stream`: every event with its `id:`, from after `Last-Event-ID` on, until the job ends.
    func jobEvents(_ request: Request, _ context: WebRequestContext) async throws -> Response {
        guard let job = await jobs.job(id: try uuid(context)) else { throw HTTPError(.notFound) }
        let lastID = request.headers[HTTPField.Name("Last-Event-ID")!].flatMap { Int($0.trimmingCharacters(in: .whitespaces)) }
            ?? request.uri.queryParameters["lastEventId"].flatMap { Int($0) } ?? 0
        let events = await job.events(after: lastID)
        return Response(
            status: .ok,
            headers: [.contentType: "text/event-stream; charset=utf-8", .cacheControl: "no-store"],
            body: ResponseBody { writer in
                try await writer.write(ByteBuffer(string: "retry: 1000\n\n"))
                for await (id, event) in events {
                    try await writer.write(ByteBuffer(string: sseFrame(id: id, event: event)))
                }
                try await writer.finish(nil)
            })
    }
}

/// The avatar sizes the image model (dall-e-3) accepts; the others are refused with a 400.
let avatarSizes = ["1024x1024", "1792x1024", "1024x1792"]

/// One SSE frame; the data is a JSON string, so newlines in the text survive on one `data:` line.
func sseFrame(id: Int, event: JobEvent) -> String {
    let (name, payload): (String, String) = switch event {
    case .delta(let text): ("delta", text)
    case .status(let text): ("status", text)
    case .narration(let completed, let total): ("narration", "\(completed)/\(total)")
    case .done(let url): ("done", url)
    case .failed(let message): ("failed", message)
    }
    let encoder = JSONEncoder()
    encoder.outputFormatting = .withoutEscapingSlashes
    let data = (try? encoder.encode(payload)).flatMap { String(data: $0, encoding: .utf8) } ?? "\"\""
    return "id: \(id)\nevent: \(name)\ndata: \(data)\n\n"
}

func staticFile(_ text: String, type: String) -> Response {
    Response(status: .ok, headers: [.contentType: type, .cacheControl: "public, max-age=3600"],
             body: .init(byteBuffer: ByteBuffer(string: text)))
}

func minutes(_ duration: TimeInterval) -> Int { max(1, Int((duration / 60).rounded())) }

func day(_ date: Date) -> String {
    let formatter = DateFormatter()
    formatter.locale = Locale(identifier: "en_US_POSIX")
    formatter.dateFormat = "yyyy-MM-dd"
    return formatter.string(from: date)
}

extension Optional {
    func asyncMap<U>(_ transform: (Wrapped) async throws -> U) async rethrows -> U? {
        guard let self else { return nil }
        return try await transform(self)
    }
}
