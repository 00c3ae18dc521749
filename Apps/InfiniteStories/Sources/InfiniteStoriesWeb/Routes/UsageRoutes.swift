import Foundation
import Hummingbird
import InfiniteStoriesStore

/// `GET /usage`: what the stories cost, per model and per day.
struct UsageRoutes {
    let library: StoryLibrary

    var collection: RouteCollection<WebRequestContext> {
        let routes = RouteCollection(context: WebRequestContext.self)
        routes.get("/usage") { _, context in
            let summaries = try await library.usageSummary()
            return UsagePage(summaries: summaries, days: try await library.dailyCost(days: 14)).response(context.visit)
        }
        return routes
    }
}
