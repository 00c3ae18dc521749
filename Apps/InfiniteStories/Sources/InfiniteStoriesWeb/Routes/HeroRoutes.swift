import Foundation
import Hummingbird
import InfiniteStories
import InfiniteStoriesStore

/// The heroes (mounted at `/heroes`): list, add, edit, delete, draw and show the avatar.
struct HeroRoutes {
    let services: WebServices
    /// The image model's rewording of each avatar drawn, shown on the hero's page the drawing leads to.
    let drawnAvatars: Drafts<String>
    var library: StoryLibrary { services.library }

    var collection: RouteCollection<WebRequestContext> {
        let routes = RouteCollection(context: WebRequestContext.self)
        routes.get { _, context in
            HeroesPage(heroes: try await library.heroes()).response(context.visit)
        }
        routes.get("new") { _, context in HeroFormPage(estimates: avatarEstimates()).response(context.visit) }
        routes.post { request, context in try await save(request, context, id: nil) }
        routes.get(":id/edit") { request, context in
            HeroFormPage(
                hero: try await hero(context), revisedPrompt: await drawnAvatars.value(request.uri.queryParameters["drawn"]),
                justCreated: request.uri.queryParameters["created"] != nil, estimates: avatarEstimates()
            ).response(context.visit)
        }
        routes.post(":id") { request, context in try await save(request, context, id: try context.id()) }
        routes.addConfirmedDelete(
            ":id/delete", back: "/heroes", question: { ui in ui[.deleteHeroQ] }, name: { try await hero($0).name },
            remove: { try await library.removeHero(named: try await hero($0).name) })
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
        let name: String
        switch checkedName(form.name, ui: visit.ui) {
        case .success(let checked): name = checked
        case .failure(let problem):
            return HeroFormPage(
                hero: existing, values: form, error: problem.message, estimates: avatarEstimates(), status: .badRequest
            ).response(visit)
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
            return HeroFormPage(
                hero: existing, values: form, error: visit.ui[.heroExists], estimates: avatarEstimates(), status: .conflict
            ).response(visit)
        }
        // A new hero's page offers what comes next: a story for them, an avatar.
        return seeOther(existing == nil ? "/heroes/\(hero.id.uuidString.lowercased())/edit?created=1" : "/heroes")
    }

    /// Draws the avatar (after the monthly cap check), then 303 to the hero's page with the picture and the image
    /// model's rewording of the prompt, so a reload shows them rather than drawing (and paying) again.
    private func drawAvatar(_ request: Request, _ context: WebRequestContext) async throws -> Response {
        let form = try await request.postedForm(AvatarForm.self, context: context)
        let visit = context.visit
        let stored = try await hero(context)
        let stories = services.makeStoryService()
        let reservation: UUID
        do {
            // Reserved until what it spent is recorded, so avatars drawn together can't pass the cap between them.
            reservation = try await library.reserveWithinCap(.avatar(
                size: form.acceptedSize, quality: form.acceptedQuality, settings: stories.settings, prices: stories.usage.prices))
        } catch StoryLibraryError.overMonthlyCap(let cap, let spent, let estimate) {
            return HeroFormPage(
                hero: stored, error: visit.overCapMessage(cap: cap, spent: spent, estimate: estimate),
                estimates: avatarEstimates(), status: .paymentRequired
            ).response(visit)
        }
        do {
            let avatar = try await stories.generateAvatar(request: AvatarGenerationRequest(
                hero: stored.hero, prompt: heroAvatarPrompt(stored.hero), size: form.acceptedSize,
                quality: form.acceptedQuality))
            try? await library.recordUsage(await stories.usage.summary())
            await library.releaseReservation(reservation)
            _ = try await library.updateHero(stored.hero, avatar: avatar)
            let id = stored.id.uuidString.lowercased()
            guard let revised = avatar.revisedPrompt else { return seeOther("/heroes/\(id)/edit") }
            return seeOther("/heroes/\(id)/edit?drawn=\(await drawnAvatars.keep(revised))")
        } catch {
            try? await library.recordUsage(await stories.usage.summary())
            await library.releaseReservation(reservation)
            return HeroFormPage(
                hero: stored, error: handleAIError(error, language: visit.ui.storyLanguage), estimates: avatarEstimates(),
                status: .badGateway
            ).response(visit)
        }
    }

    /// An avatar's estimated cost for each size and quality the form offers.
    private func avatarEstimates() -> [String: CostEstimate] {
        let stories = services.makeStoryService()
        var estimates: [String: CostEstimate] = [:]
        for size in AvatarForm.sizes {
            for quality in AvatarForm.qualities {
                estimates["\(size) \(quality)"] = .avatar(
                    size: size, quality: quality, settings: stories.settings, prices: stories.usage.prices)
            }
        }
        return estimates
    }
}
