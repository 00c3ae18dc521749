import Foundation
import Hummingbird
import InfiniteStories

/// `GET /voices/{id}/preview`: a few seconds of a narration voice in the visitor's language, as MP3.
struct VoiceRoutes {
    let services: WebServices
    let previews: VoicePreviews

    var collection: RouteCollection<WebRequestContext> {
        let routes = RouteCollection(context: WebRequestContext.self)
        routes.get("/voices/:id/preview") { request, context in
            let id = context.parameters.get("id")
            guard let voice = InfiniteStories.OpenAIService.availableVoices.first(where: { $0.id == id }) else {
                throw HTTPError(.notFound)
            }
            let language = context.visit.ui.storyLanguage
            do {
                let data = try await previews.sample(voice: voice.id, language: language, services: services)
                return MediaResponse(data: data, contentType: "audio/mpeg").response(request)
            } catch {
                throw HTTPError(.badGateway, message: handleAIError(error, language: language))
            }
        }
        return routes
    }
}
