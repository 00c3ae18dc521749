import Foundation
import Hummingbird
import InfiniteStoriesStore

/// Reading the library: the story list with its search and filters (favourites, a child's), a story's page, its
/// narration, picture and scenes, marking it a favourite, downloading it (EPUB, or Markdown with its files in a
/// ZIP), deleting it.
struct LibraryRoutes {
    let library: StoryLibrary

    var collection: RouteCollection<WebRequestContext> {
        let routes = RouteCollection(context: WebRequestContext.self)
        routes.get("/") { request, context in
            let query = request.uri.queryParameters["q"].map(String.init)?.trimmingCharacters(in: .whitespaces) ?? ""
            var stories = try await library.stories()
            var filter: String?
            if request.uri.queryParameters["favourites"] != nil {
                filter = "favourites"
                stories = stories.filter(\.favourite)
            } else if let child = request.uri.queryParameters["child"].flatMap({ UUID(uuidString: String($0)) }) {
                filter = child.uuidString.lowercased()
                stories = stories.filter { $0.childID == child }
            }
            if !query.isEmpty {
                stories = stories.filter {
                    $0.title.localizedCaseInsensitiveContains(query) || $0.heroName.localizedCaseInsensitiveContains(query)
                }
            }
            return LibraryPage(
                stories: stories, query: query, hasHeroes: !(try await library.heroes().isEmpty),
                children: try await library.children(), filter: filter
            ).response(context.visit)
        }
        routes.get("/stories/:id") { _, context in
            StoryPage(story: try await story(context)).response(context.visit)
        }
        routes.addConfirmedDelete(
            "/stories/:id/delete", back: "/", question: { ui in ui[.deleteStoryQ] }, name: { try await story($0).title },
            remove: { try await library.removeStory(id: try $0.id()) })
        routes.get("/stories/:id/audio") { request, context in
            try MediaFile(library: library, path: try await story(context).audioFile).response(request)
        }
        routes.get("/stories/:id/image") { request, context in
            try MediaFile(library: library, path: try await story(context).avatarFile).response(request)
        }
        routes.get("/stories/:id/scenes/:number") { request, context in
            let scenes = try await story(context).scenes
            guard let number = context.parameters.get("number", as: Int.self), (1...max(1, scenes.count)).contains(number),
                  scenes.indices.contains(number - 1) else {
                throw HTTPError(.notFound)
            }
            return try MediaFile(library: library, path: scenes[number - 1].file).response(request)
        }
        routes.post("/stories/:id/favourite") { request, context in
            let form = try await request.postedForm(FavouriteForm.self, context: context)
            let id = try context.id()
            do {
                try await library.setFavourite(form.favourite == "1", storyID: id)
            } catch StoryLibraryError.storyNotFound {
                throw HTTPError(.notFound)
            }
            return seeOther("/stories/\(id.uuidString.lowercased())")
        }
        routes.get("/stories/:id/story.epub") { _, context in
            let story = try await story(context)
            return download(try StoryDocument(story: story, library: library).epub(), type: "application/epub+zip",
                            name: StoryDocument.slug(story.title) + ".epub")
        }
        routes.get("/stories/:id/story.zip") { _, context in
            let story = try await story(context)
            return download(try StoryDocument(story: story, library: library).zip(), type: "application/zip",
                            name: StoryDocument.slug(story.title) + ".zip")
        }
        return routes
    }

    private func story(_ context: WebRequestContext) async throws -> StoredStory {
        guard let story = try await library.story(id: try context.id()) else { throw HTTPError(.notFound) }
        return story
    }
}

/// The story page's favourite button: "1" marks, "0" unmarks.
struct FavouriteForm: Codable, Sendable {
    var favourite: String?
}

/// A file to save rather than show, named for the story (an ASCII name for old browsers, the title's own letters
/// for the rest).
func download(_ data: Data, type: String, name: String) -> Response {
    let ascii = String(name.unicodeScalars.map { $0.isASCII && $0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "-" || $0 == "." ? Character($0) : "-" })
    let encoded = name.addingPercentEncoding(withAllowedCharacters: .alphanumerics.union(CharacterSet(charactersIn: "-."))) ?? ascii
    return Response(
        status: .ok,
        headers: [
            .contentType: type, .cacheControl: "no-store",
            .contentDisposition: "attachment; filename=\"\(ascii)\"; filename*=UTF-8''\(encoded)",
        ],
        body: .init(byteBuffer: ByteBuffer(bytes: data)))
}
