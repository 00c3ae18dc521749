import Foundation
import Hummingbird
import InfiniteStories
import InfiniteStoriesStore

/// The heroes (mounted at `/heroes`): list, add, edit, delete, draw and show the avatar.
struct HeroRoutes {
    let services: WebServices
    var library: StoryLibrary { services.library }

    var collection: RouteCollection<WebRequestContext> {
        let routes = RouteCollection(context: WebRequestContext.self)
        routes.get { _, context in
            HeroesPage(heroes: try await library.heroes()).response(context.visit)
        }
        routes.get("new") { _, context in HeroFormPage().response(context.visit) }
        routes.post { request, context in try await save(request, context, id: nil) }
        routes.get(":id/edit") { _, context in
            HeroFormPage(hero: try await hero(context)).response(context.visit)
        }
        routes.post(":id") { request, context in try await save(request, context, id: try context.id()) }
        routes.get(":id/delete") { _, context in
            let hero = try await hero(context)
            return context.visit.confirmDelete(
                context.visit.ui[.deleteHeroQ], name: hero.name,
                action: "/heroes/\(hero.id.uuidString.lowercased())/delete", cancel: "/heroes")
        }
        routes.post(":id/delete") { request, context in
            try await request.checkPostedToken(context: context)
            let hero = try await hero(context)
            try await library.removeHero(named: hero.name)
            return seeOther("/heroes")
        }
        routes.post(":id/avatar") { request, context in try await drawAvatar(request, context) }
        routes.get(":id/avatar") { request, context in
            try MediaFile(library: library, path: try await hero(context).avatarFile).response(request)
        }
        return routes
    }

    private func hero(_ context: WebRequestContext) async throws -> StoredHero {
        guard let hero = try await library.hero(id: try context.id()) else { throw HTTPError(.notFound) }
        return hero
    }

    private func save(_ request: Request, _ context: WebRequestContext, id: UUID?) async throws -> Response {
        let form = try await request.postedForm(HeroForm.self, context: context)
        let visit = context.visit
        var existing: StoredHero?
        if let id {
            guard let stored = try await library.hero(id: id) else { throw HTTPError(.notFound) }
            existing = stored
        }
        guard let name = form.name.nonBlank, name.count <= 80 else {
            return HeroFormPage(hero: existing, values: form, error: visit.ui[.nameNeeded], status: .badRequest).response(visit)
        }
        // The same limits as the form's maxlength, enforced here too.
        let traits = (form.traits ?? "").prefix(300).split(separator: ",")
            .map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        let hero = Hero(
            id: id ?? UUID(), name: name, traits: traits, appearance: String((form.appearance.nonBlank ?? "").prefix(1000)),
            specialAbility: String((form.ability.nonBlank ?? "").prefix(300)))
        do {
            if existing != nil {
                try await library.updateHero(hero)
            } else {
                try await library.addHero(hero)
            }
        } catch StoryLibraryError.duplicateHero {
            return HeroFormPage(hero: existing, values: form, error: visit.ui[.heroExists], status: .conflict).response(visit)
        }
        return seeOther("/heroes")
    }

    private func drawAvatar(_ request: Request, _ context: WebRequestContext) async throws -> Response {
        let form = try await request.postedForm(AvatarForm.self, context: context)
        let visit = context.visit
        let stored = try await hero(context)
        let stories = services.makeStoryService()
        do {
            let avatar = try await stories.generateAvatar(request: AvatarGenerationRequest(
                hero: stored.hero, prompt: heroAvatarPrompt(stored.hero), size: form.acceptedSize,
                quality: form.acceptedQuality))
            try? await library.recordUsage(await stories.usage.summary())
            let updated = try await library.updateHero(stored.hero, avatar: avatar) ?? stored
            return HeroFormPage(hero: updated, revisedPrompt: avatar.revisedPrompt).response(visit)
        } catch {
            try? await library.recordUsage(await stories.usage.summary())
            return HeroFormPage(
                hero: stored, error: handleAIError(error, language: visit.ui.storyLanguage), status: .badGateway
            ).response(visit)
        }
    }
}
