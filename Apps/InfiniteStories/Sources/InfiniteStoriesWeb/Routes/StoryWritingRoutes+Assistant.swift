import Foundation
import Hummingbird
import InfiniteStories
import InfiniteStoriesStore

extension StoryWritingRoutes {
    /// The custom event assistant's buttons on the New story form: suggest a name, enhance the description,
    /// keywords, similar events — and the "Use this" buttons under an answer, which put it into its field.
    ///
    /// Answers 303 to the form with the answer (kept in ``Drafts``), so reloading the page shows the answer again
    /// instead of asking (and paying) again. Nothing the parent typed is replaced until they press "Use this",
    /// and a replaced description comes with "Undo".
    func assist(_ request: Request, _ context: WebRequestContext) async throws -> Response {
        var form = try await request.postedForm(StoryForm.self, context: context)
        let visit = context.visit
        let ui = visit.ui
        if let answer = apply(&form) {
            form.assist = nil
            return await answered(form, answer)
        }
        guard let makeAssistant = services.makeAssistant else { throw HTTPError(.notFound) }
        guard let text = form.custom.nonBlank.map({ String($0.prefix(1000)) }) else {
            return try await newStoryPage(values: form, error: ui[.describeFirst], status: .badRequest).response(visit)
        }
        // The story's language as chosen on the form (the interface's otherwise): what the assistant writes lands in
        // that story's prompt.
        let language = SupportedLanguage.allCases.first { $0.rawValue == form.language }?.rawValue ?? ui.storyLanguage
        let stories = services.makeStoryService()
        let reservation: UUID
        do {
            reservation = try await library.reserveWithinCap(
                .assistantAnswer(settings: stories.settings, prices: stories.usage.prices))
        } catch StoryLibraryError.overMonthlyCap(let cap, let spent, let estimate) {
            return try await newStoryPage(
                values: form, error: visit.overCapMessage(cap: cap, spent: spent, estimate: estimate), status: .paymentRequired
            ).response(visit)
        }
        let assistant = makeAssistant(stories)
        let library = library
        defer {
            Task {
                try? await library.recordUsage(await stories.usage.summary())
                await library.releaseReservation(reservation)
            }
        }
        let answer: AssistantAnswer
        do {
            switch form.assist {
            case "title":
                answer = .title(try await assistant.makeTitle(from: text, language: language))
            case "enhance":
                let title = try await assistant.makeTitle(from: text, language: language)
                let enhanced = try await assistant.makePromptSeed(
                    title: title, description: text, category: .adventure, ageRange: .preschool, tone: .gentle,
                    language: language)
                answer = .enhanced(String(enhanced.prefix(1000)))
            case "keywords":
                answer = .keywords(try await assistant.makeKeywords(
                    for: text.split(separator: " ").prefix(6).joined(separator: " "), description: text, language: language))
            case "similar":
                answer = .similar(try await assistant.makeSimilarEvents(to: text, language: language))
            default:
                throw HTTPError(.badRequest)
            }
        } catch let error as HTTPError {
            throw error
        } catch {
            return try await newStoryPage(
                values: form, error: handleAIError(error, language: ui.storyLanguage), status: .badGateway
            ).response(visit)
        }
        form.assist = nil
        return await answered(form, answer)
    }

    /// 303 to the form with its values in the query (as a retry link carries them, so a server restart loses
    /// nothing typed) and the answer kept in ``Drafts`` under an id.
    private func answered(_ form: StoryForm, _ answer: AssistantAnswer) async -> Response {
        let query = (try? URLEncodedFormEncoder().encode(form)) ?? ""
        let draft = await drafts.keep(answer)
        return seeOther("/stories/new?" + (query.isEmpty ? "" : query + "&") + "draft=\(draft)")
    }

    /// Puts a "Use this" button's value into its field; nil when the post came from another button.
    private func apply(_ form: inout StoryForm) -> AssistantAnswer? {
        defer { (form.useTitle, form.useCustom, form.useKeywords) = (nil, nil, nil) }
        if let title = form.useTitle {
            form.title = String(title.prefix(120))
            return .applied
        }
        if let keywords = form.useKeywords {
            form.keywords = String(keywords.prefix(300))
            return .applied
        }
        if let custom = form.useCustom {
            let previous = form.custom ?? ""
            form.custom = String(custom.prefix(1000))
            // The menu follows: the parent's own event is the story's now.
            form.event = ""
            return previous.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty ? .applied : .replaced(previous: previous)
        }
        return nil
    }
}
