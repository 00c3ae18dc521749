import Foundation
import Hummingbird
import InfiniteStoriesStore

/// `GET /usage`: what the stories cost, per model and per day, real and simulated apart.
struct UsageRoutes {
    let library: StoryLibrary

    var collection: RouteCollection<WebRequestContext> {
        let routes = RouteCollection(context: WebRequestContext.self)
        routes.get("/usage") { _, context in
            UsagePage(
                real: try await section(simulated: false), simulated: try await section(simulated: true),
                cap: try await library.monthlyCap()
            ).response(context.visit)
        }
        return routes
    }

    private func section(simulated: Bool) async throws -> UsagePage.Section {
        UsagePage.Section(
            summaries: try await library.usageSummary(simulated: simulated),
            days: try await library.dailyCost(days: 14, simulated: simulated),
            spentThisMonth: try await library.spentThisMonth(simulated: simulated))
    }
}
