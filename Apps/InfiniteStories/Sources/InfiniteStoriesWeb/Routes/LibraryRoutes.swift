import Foundation
import Hummingbird
import InfiniteStoriesStore

/// Reading the library: the story list with its search, a story's page, its narration and picture, deleting it.
struct LibraryRoutes {
    let library: StoryLibrary

    var collection: RouteCollection<WebRequestContext> {
        let routes = RouteCollection(context: WebRequestContext.self)
        routes.get("/") { request, context in
            let query = request.uri.queryParameters["q"].map(String.init)?.trimmingCharacters(in: .whitespaces) ?? ""
            var stories = try await library.stories()
            if !query.isEmpty {
                stories = stories.filter {
                    $0.title.localizedCaseInsensitiveContains(query) || $0.heroName.localizedCaseInsensitiveContains(query)
                }
            }
            return LibraryPage(stories: stories, query: query, hasHeroes: !(try await library.heroes().isEmpty)).response(context.visit)
        }
        routes.get("/stories/:id") { _, context in
            StoryPage(story: try await story(context)).response(context.visit)
        }
        routes.get("/stories/:id/delete") { _, context in
            let story = try await story(context)
            return context.visit.confirmDelete(
                context.visit.ui[.deleteStoryQ], name: story.title,
                action: "/stories/\(story.id.uuidString.lowercased())/delete", cancel: "/")
        }
        routes.post("/stories/:id/delete") { request, context in
            try await request.checkPostedToken(context: context)
            try await library.removeStory(id: try context.id())
            return seeOther("/")
        }
        routes.get("/stories/:id/audio") { request, context in
            try MediaFile(library: library, path: try await story(context).audioFile).response(request)
        }
        routes.get("/stories/:id/image") { request, context in
            try MediaFile(library: library, path: try await story(context).avatarFile).response(request)
        }
        return routes
    }

    private func story(_ context: WebRequestContext) async throws -> StoredStory {
        guard let story = try await library.story(id: try context.id()) else { throw HTTPError(.notFound) }
        return story
    }
}
