import Foundation
import Hummingbird
import InfiniteStories
import InfiniteStoriesStore

/// The children (mounted at `/children`): list, add, edit, delete. Each story can be for one of them.
struct ChildRoutes {
    let library: StoryLibrary

    var collection: RouteCollection<WebRequestContext> {
        let routes = RouteCollection(context: WebRequestContext.self)
        routes.get { _, context in ChildrenPage(children: try await library.children()).response(context.visit) }
        routes.get("new") { _, context in ChildFormPage().response(context.visit) }
        routes.post { request, context in try await save(request, context, id: nil) }
        routes.get(":id/edit") { _, context in ChildFormPage(child: try await child(context)).response(context.visit) }
        routes.post(":id") { request, context in try await save(request, context, id: try context.id()) }
        routes.addConfirmedDelete(
            ":id/delete", back: "/children", question: { ui in ui[.deleteChildQ] }, name: { try await child($0).name },
            remove: { try await library.removeChild(id: try $0.id()) })
        return routes
    }

    private func child(_ context: WebRequestContext) async throws -> ChildProfile {
        guard let child = try await library.child(id: try context.id()) else { throw HTTPError(.notFound) }
        return child
    }

    private func save(_ request: Request, _ context: WebRequestContext, id: UUID?) async throws -> Response {
        let form = try await request.postedForm(ChildForm.self, context: context)
        let visit = context.visit
        var existing: ChildProfile?
        if let id {
            guard let stored = try await library.child(id: id) else { throw HTTPError(.notFound) }
            existing = stored
        }
        let name: String
        switch checkedName(form.name, ui: visit.ui) {
        case .success(let checked): name = checked
        case .failure(let problem):
            return ChildFormPage(child: existing, values: form, error: problem.message, status: .badRequest).response(visit)
        }
        let child = ChildProfile(
            id: id ?? UUID(), name: name, ageRange: form.age.flatMap(AgeRange.init(rawValue:)) ?? .preschool,
            avoid: form.avoidList)
        do {
            try await library.saveChild(child)
        } catch StoryLibraryError.duplicateChild {
            return ChildFormPage(child: existing, values: form, error: visit.ui[.childExists], status: .conflict).response(visit)
        }
        return seeOther("/children")
    }
}
