import Foundation
import Hummingbird
import InfiniteStories

extension StoryWritingRoutes {
    /// The custom event assistant's buttons on the New story form: suggest a title, enhance the description,
    /// keywords, similar events. Answers the same form, its values kept, with the assistant's answer below.
    func assist(_ request: Request, _ context: WebRequestContext) async throws -> Response {
        var form = try await request.postedForm(StoryForm.self, context: context)
        let visit = context.visit
        let ui = visit.ui
        guard let makeAssistant = services.makeAssistant else { throw HTTPError(.notFound) }
        guard let text = form.custom.nonBlank.map({ String($0.prefix(1000)) }) else {
            return try await newStoryPage(values: form, error: ui[.describeFirst], status: .badRequest).response(visit)
        }
        // The story's language as chosen on the form (the interface's otherwise): what the assistant writes lands in
        // that story's prompt.
        let language = SupportedLanguage.allCases.first { $0.rawValue == form.language }?.rawValue ?? ui.storyLanguage
        let stories = services.makeStoryService()
        let assistant = makeAssistant(stories)
        let library = library
        defer { Task { try? await library.recordUsage(await stories.usage.summary()) } }
        do {
            let answer: [Node]
            switch form.assist {
            case "title":
                let title = try await assistant.makeTitle(from: text, language: language)
                answer = [el("p", [:], t("\(ui[.suggestTitle]): \(title)"))]
            case "enhance":
                let title = try await assistant.makeTitle(from: text, language: language)
                let enhanced = try await assistant.makePromptSeed(
                    title: title, description: text, category: .adventure, ageRange: .preschool, tone: .gentle,
                    language: language)
                form.custom = String(enhanced.prefix(1000))
                answer = [el("p", [:], t(ui[.enhanced]))]
            case "keywords":
                let keywords = try await assistant.makeKeywords(
                    for: text.split(separator: " ").prefix(6).joined(separator: " "), description: text, language: language)
                answer = [el("p", [:], t("\(ui[.keywords]): \(keywords.joined(separator: ", "))"))]
            case "similar":
                let similar = try await assistant.makeSimilarEvents(to: text, language: language)
                answer = [el("p", [:], t(ui[.similar])), el("ul", [:], children: similar.map { el("li", [:], t($0)) })]
            default:
                throw HTTPError(.badRequest)
            }
            return try await newStoryPage(values: form, assistantAnswer: [
                el("div", ["class": "assistant-answer", "role": "status"], children: answer),
            ]).response(visit)
        } catch let error as HTTPError {
            throw error
        } catch {
            return try await newStoryPage(
                values: form, error: handleAIError(error, language: ui.storyLanguage), status: .badGateway
            ).response(visit)
        }
    }
}
