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
    var library: StoryLibrary { services.library }

    var collection: RouteCollection<WebRequestContext> {
        let routes = RouteCollection(context: WebRequestContext.self)
        routes.get("new") { request, context in
            // A retry link carries the failed order's values in the query, so nothing typed is lost.
            let values = request.uri.query.flatMap { $0.isEmpty ? nil : (try? URLEncodedFormDecoder().decode(StoryForm.self, from: $0)) }
            return try await newStoryPage(values: values).response(context.visit)
        }
        routes.post { request, context in try await start(request, context) }
        routes.post("assist") { request, context in try await assist(request, context) }
        routes.get("jobs/:id") { _, context in
            let id = try context.id()
            guard let job = await jobs.job(id: id) else { throw HTTPError(.notFound) }
            return JobPage(jobID: id, retryPath: await job.retryPath).response(context.visit)
        }
        routes.get("jobs/:id/events") { request, context in try await events(request, context) }
        return routes
    }

    /// The form with the library's heroes.
    func newStoryPage(
        values: StoryForm? = nil, error: String? = nil, assistantAnswer: [Node] = [], status: HTTPResponse.Status = .ok
    ) async throws -> NewStoryPage {
        NewStoryPage(
            heroes: try await library.heroes(), offersAssistant: services.makeAssistant != nil, values: values,
            error: error, assistantAnswer: assistantAnswer, status: status)
    }

    /// The order: checked, started as a job (or refused when the limit is reached), then the job's page.
    private func start(_ request: Request, _ context: WebRequestContext) async throws -> Response {
        let form = try await request.postedForm(StoryForm.self, context: context)
        let visit = context.visit
        let ui = visit.ui
        guard let heroText = form.hero, let heroID = UUID(uuidString: heroText), try await library.hero(id: heroID) != nil else {
            return try await newStoryPage(values: form, error: ui[.noHeroForStory], status: .badRequest).response(visit)
        }
        let event = form.event.nonBlank.flatMap(StoryEvent.init(rawValue:))
        let custom = form.custom.nonBlank.map { String($0.prefix(1000)) }
        guard event != nil || custom != nil else {
            return try await newStoryPage(values: form, error: ui[.eventNeeded], status: .badRequest).response(visit)
        }
        let language = SupportedLanguage.allCases.first { $0.rawValue == form.language }?.rawValue ?? ui.storyLanguage
        let minutes = min(30, max(1, Int(form.minutes ?? "") ?? 5))
        let voice = InfiniteStories.OpenAIService.availableVoices.first { $0.id == form.voice }?.id ?? "coral"
        let order = StoryOrder(
            heroID: heroID, event: event, customText: event == nil ? custom : nil,
            language: language, minutes: minutes, voice: voice)
        let services = services
        guard let job = await jobs.start({ job in await generate(order, services: services, ui: ui, job: job) }) else {
            return BusyPage().response(visit)
        }
        let retry = StoryForm(
            hero: heroID.uuidString.lowercased(), event: event?.rawValue ?? "", custom: custom ?? "", language: language,
            minutes: String(minutes), voice: voice)
        let query = (try? URLEncodedFormEncoder().encode(retry)) ?? ""
        await job.setRetryPath("/stories/new" + (query.isEmpty ? "" : "?" + query))
        return seeOther("/stories/jobs/\(job.id.uuidString.lowercased())")
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
