import Foundation
import HTTPTypes
import Hummingbird
import InfiniteStories
import InfiniteStoriesStore

/// Writing a new story (mounted at `/stories`): the form, the order that starts a job, the assistant's buttons,
/// the job's page and its event stream.
struct StoryWritingRoutes {
    let services: WebServices
    let jobs: JobRegistry
    /// The assistant's answers (see ``Drafts``); the form they were asked from travels in the query.
    let drafts: Drafts<AssistantAnswer>
    var library: StoryLibrary { services.library }

    var collection: RouteCollection<WebRequestContext> {
        let routes = RouteCollection(context: WebRequestContext.self)
        routes.get("new") { request, context in
            let answer = await drafts.value(request.uri.queryParameters["draft"])
            return try await newStoryPage(values: await startingValues(request), answer: answer).response(context.visit)
        }
        routes.post { request, context in try await start(request, context) }
        routes.post("assist") { request, context in try await assist(request, context) }
        routes.get("jobs/:id") { _, context in
            let id = try context.id()
            guard let job = await jobs.job(id: id) else { throw HTTPError(.notFound) }
            return JobPage(jobID: id, snapshot: await job.snapshot).response(context.visit)
        }
        routes.get("jobs/:id/events") { request, context in try await events(request, context) }
        return routes
    }

    /// The form's values: a retry link's (the failed order's, so nothing typed is lost), or the last story's
    /// choices from this browser; `?hero=` picks the hero ("another story for Luna"), `?child=` the child (and the
    /// length that suits their age).
    private func startingValues(_ request: Request) async -> StoryForm? {
        let query = request.uri.query ?? ""
        let carried = query.isEmpty ? nil : try? URLEncodedFormDecoder().decode(StoryForm.self, from: query)
        if let carried, carried.event != nil || carried.custom != nil || carried.language != nil {
            return carried
        }
        var values = request.cookies[LastChoices.cookieName].flatMap { LastChoices(cookieValue: $0.value) }?.form
        if let hero = carried?.hero {
            values = values ?? StoryForm()
            values?.hero = hero
        }
        if let childID = carried?.child.flatMap(UUID.init(uuidString:)), let child = try? await library.child(id: childID) {
            values = values ?? StoryForm()
            values?.child = child.id.uuidString.lowercased()
            values?.minutes = String(child.suggestedMinutes)
        }
        return values
    }

    /// The form with the library's heroes and the story's estimated cost for each length.
    func newStoryPage(
        values: StoryForm? = nil, error: String? = nil, answer: AssistantAnswer? = nil, status: HTTPResponse.Status = .ok
    ) async throws -> NewStoryPage {
        let stories = services.makeStoryService()
        let estimates = (1...30).map {
            CostEstimate.story(minutes: $0, settings: stories.settings, prices: stories.usage.prices)
        }
        let picture = CostEstimate.picture(settings: stories.settings, prices: stories.usage.prices).total
        return NewStoryPage(
            heroes: try await library.heroes(), children: try await library.children(),
            offersAssistant: services.makeAssistant != nil, values: values, error: error, answer: answer,
            estimates: estimates, picturePrice: picture,
            assistantPrice: CostEstimate.assistantAnswer(settings: stories.settings, prices: stories.usage.prices).total,
            status: status)
    }

    /// The order: checked, started as a job (or refused when the limit or the monthly cap is reached), then the
    /// job's page. The parent's own event, when they described one, wins over the menu's.
    private func start(_ request: Request, _ context: WebRequestContext) async throws -> Response {
        let form = try await request.postedForm(StoryForm.self, context: context)
        let visit = context.visit
        let ui = visit.ui
        guard let heroText = form.hero, let heroID = UUID(uuidString: heroText), try await library.hero(id: heroID) != nil else {
            return try await newStoryPage(values: form, error: ui[.noHeroForStory], status: .badRequest).response(visit)
        }
        let custom = form.custom.nonBlank.map { String($0.prefix(1000)) }
        let event = custom == nil ? form.event.nonBlank.flatMap(StoryEvent.init(rawValue:)) : nil
        guard event != nil || custom != nil else {
            return try await newStoryPage(values: form, error: ui[.eventNeeded], status: .badRequest).response(visit)
        }
        let language = SupportedLanguage.allCases.first { $0.rawValue == form.language }?.rawValue ?? ui.storyLanguage
        let minutes = min(30, max(1, Int(form.minutes ?? "") ?? 5))
        let voice = InfiniteStories.OpenAIService.availableVoices.first { $0.id == form.voice }?.id ?? "coral"
        let title = custom == nil ? nil : form.title.nonBlank.map { String($0.prefix(120)) }
        let keywords = custom == nil ? [] : form.keywordList
        var childID: UUID?
        if let text = form.child.nonBlank {
            guard let id = UUID(uuidString: text), try await library.child(id: id) != nil else { throw HTTPError(.badRequest) }
            childID = id
        }
        var order = StoryOrder(
            heroID: heroID, event: event, customText: custom, customTitle: title, keywords: keywords,
            language: language, minutes: minutes, voice: voice)
        order.childID = childID
        order.scenes = min(3, max(0, Int(form.scenes ?? "") ?? 0))
        order.narrate = form.quiet != "1"
        let services = services
        do {
            let stories = services.makeStoryService()
            try await library.checkMonthlyCap(before: StoryPipeline(library: library, stories: stories, assistant: nil).estimate(order))
        } catch StoryLibraryError.overMonthlyCap(let cap, let spent, let estimate) {
            return try await newStoryPage(
                values: form, error: visit.overCapMessage(cap: cap, spent: spent, estimate: estimate), status: .paymentRequired
            ).response(visit)
        }
        let ordered = order
        guard let job = await jobs.start({ job in await generate(ordered, services: services, ui: ui, job: job) }) else {
            return BusyPage().response(visit)
        }
        let retry = StoryForm(
            hero: heroID.uuidString.lowercased(), event: event?.rawValue ?? "", custom: custom ?? "", title: title,
            keywords: keywords.isEmpty ? nil : keywords.joined(separator: ", "), language: language,
            minutes: String(minutes), voice: voice, child: childID?.uuidString.lowercased(), scenes: String(order.scenes),
            quiet: order.narrate ? nil : "1")
        let query = (try? URLEncodedFormEncoder().encode(retry)) ?? ""
        await job.setRetryPath("/stories/new" + (query.isEmpty ? "" : "?" + query))
        var response = seeOther("/stories/jobs/\(job.id.uuidString.lowercased())")
        let last = LastChoices(hero: heroID.uuidString.lowercased(), language: language, minutes: String(minutes), voice: voice)
        response.setCookie(Cookie(
            name: LastChoices.cookieName, value: last.cookieValue, maxAge: 31_536_000, path: "/", httpOnly: true,
            sameSite: .strict))
        return response
    }

    /// `text/event-stream`: every event with its `id:`, from after `Last-Event-ID` on, until the job ends.
    private func events(_ request: Request, _ context: WebRequestContext) async throws -> Response {
        guard let job = await jobs.job(id: try context.id()) else { throw HTTPError(.notFound) }
        let lastID = request.headers[HTTPField.Name("Last-Event-ID")!].flatMap { Int($0.trimmingCharacters(in: .whitespaces)) }
            ?? request.uri.queryParameters["lastEventId"].flatMap { Int($0) } ?? 0
        let events = await job.events(after: lastID)
        return Response(
            status: .ok,
            headers: [.contentType: "text/event-stream; charset=utf-8", .cacheControl: "no-store"],
            body: ResponseBody { writer in
                try await writer.write(ByteBuffer(string: "retry: 1000\n\n"))
                for await (id, event) in events {
                    try await writer.write(ByteBuffer(string: event.sseFrame(id: id)))
                }
                try await writer.finish(nil)
            })
    }
}
