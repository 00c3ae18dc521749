import Foundation
import InfiniteStories

/// What something is expected to cost before it is asked for (USD, estimated from the price table), so a parent
/// sees the price before spending: a story's text, narration and picture, or one avatar.
///
/// It errs on the high side: the text is priced at the words the prompt asks for (150 a minute) at 1.5 tokens a
/// word — more than English needs, about what Spanish, French, German and Italian need — up to the story
/// model's token limit, and the narration at 6 characters a word.
public struct CostEstimate: Sendable, Hashable {
    public var story: Double
    public var narration: Double
    public var pictures: Double

    public var total: Double { story + narration + pictures }

    public init(story: Double = 0, narration: Double = 0, pictures: Double = 0) {
        self.story = story
        self.narration = narration
        self.pictures = pictures
    }

    /// A story of `minutes`, narrated and illustrated (one picture, and `scenes` more) unless told otherwise.
    public static func story(
        minutes: Int, narrate: Bool = true, illustrate: Bool = true, scenes: Int = 0, settings: StorySettings = .default,
        prices: PriceTable = .default
    ) -> CostEstimate {
        let words = Double(max(1, minutes) * 150)
        let outputTokens = min(words * 1.5, Double(settings.maxTokens))
        let promptTokens = 600.0
        var estimate = CostEstimate()
        if let price = prices.tokenPrice(for: settings.storyModel) {
            estimate.story = (promptTokens * price.inputPerMillion + outputTokens * price.outputPerMillion) / 1_000_000
        }
        if narrate {
            let characters = outputTokens / 1.5 * 6
            estimate.narration = characters * (prices.speechPrice(for: settings.ttsModel) ?? 0) / 1_000_000
        }
        let pictures = (illustrate ? 1 : 0) + max(0, scenes)
        estimate.pictures = Double(pictures) * picture(settings: settings, prices: prices).total
        return estimate
    }

    /// The most one answer of the custom event assistant costs: a prompt of about 400 tokens (with its
    /// moderation, which is free) and its longest answer ("enhance": two calls, a title and a description).
    public static func assistantAnswer(settings: StorySettings = .default, prices: PriceTable = .default) -> CostEstimate {
        guard let price = prices.tokenPrice(for: settings.storyModel) else { return CostEstimate() }
        let output = Double(CustomEventAIAssistant.TokenLimit.title + CustomEventAIAssistant.TokenLimit.enhancement)
        return CostEstimate(story: (800 * price.inputPerMillion + output * price.outputPerMillion) / 1_000_000)
    }

    /// One story picture (a cover or a scene): square, standard quality.
    public static func picture(settings: StorySettings = .default, prices: PriceTable = .default) -> CostEstimate {
        avatar(size: "1024x1024", quality: "standard", settings: settings, prices: prices)
    }

    /// One avatar of `size` and `quality`.
    public static func avatar(
        size: String, quality: String, settings: StorySettings = .default, prices: PriceTable = .default
    ) -> CostEstimate {
        CostEstimate(pictures: prices.imagePrice(model: settings.imageModel, size: size, quality: quality) ?? 0)
    }
}

extension StoryLibrary {
    /// Throws ``StoryLibraryError/overMonthlyCap(cap:spent:estimate:)`` when spending `estimate` now would pass the
    /// monthly cap, counting what the stories being written now are expected to spend. A sandbox library checks its
    /// simulated spending, so the cap can be tried without paying.
    public func checkMonthlyCap(before estimate: CostEstimate) async throws {
        guard let cap = try await monthlyCap() else { return }
        let spent = try await spentThisMonth(simulated: recordsSimulatedUsage)
        let reserved = await reservations.total
        if spent + reserved + estimate.total > cap {
            throw StoryLibraryError.overMonthlyCap(cap: cap, spent: spent + reserved, estimate: estimate.total)
        }
    }

    /// Checks the cap as ``checkMonthlyCap(before:)`` does and, in the same step, reserves `estimate` until
    /// ``releaseReservation(_:)`` (call it once what was spent is recorded).
    public func reserveWithinCap(_ estimate: CostEstimate) async throws -> UUID {
        let cap = try await monthlyCap()
        let spent = cap == nil ? 0 : try await spentThisMonth(simulated: recordsSimulatedUsage)
        return try await reservations.reserve(estimate.total, cap: cap, spent: spent)
    }

    /// Ends a reservation made by ``reserveWithinCap(_:)``.
    public func releaseReservation(_ id: UUID) async {
        await reservations.release(id)
    }
}
