import Foundation

/// What one model was used for, and what that cost.
public struct UsageSummary: Codable, Sendable, Hashable {
    /// The model id as requested.
    public var model: String
    /// Prompt tokens, as the responses reported them.
    public var inputTokens: Int
    /// Completion tokens, as the responses reported them.
    public var outputTokens: Int
    /// Characters sent to a speech model.
    public var characters: Int
    /// Images generated.
    public var images: Int
    /// USD, from the tracker's ``PriceTable``.
    public var estimatedCost: Double

    public init(model: String, inputTokens: Int = 0, outputTokens: Int = 0, characters: Int = 0, images: Int = 0, estimatedCost: Double = 0) {
        self.model = model
        self.inputTokens = inputTokens
        self.outputTokens = outputTokens
        self.characters = characters
        self.images = images
        self.estimatedCost = estimatedCost
    }
}

/// Counts tokens, speech characters and images per model, and prices them with a ``PriceTable``.
///
/// An actor because stories, narration parts and avatars are generated concurrently. The service records
/// each chat response's own `usage` (streams ask for it with `stream_options.include_usage`), so the numbers
/// are what OpenAI bills, not an estimate from text length.
public actor APIUsageTracker {
    /// The prices used by ``estimatedCost(model:)``.
    public nonisolated let prices: PriceTable
    private var entries: [String: UsageSummary] = [:]

    public init(prices: PriceTable = .default) {
        self.prices = prices
    }

    /// Adds the tokens of one chat response.
    public func record(model: String, inputTokens: Int, outputTokens: Int) {
        var entry = entries[model] ?? UsageSummary(model: model)
        entry.inputTokens += inputTokens
        entry.outputTokens += outputTokens
        if let price = prices.tokenPrice(for: model) {
            entry.estimatedCost += Double(inputTokens) * price.inputPerMillion / 1_000_000
            entry.estimatedCost += Double(outputTokens) * price.outputPerMillion / 1_000_000
        }
        entries[model] = entry
    }

    /// Adds the input characters of one speech request.
    public func recordSpeech(model: String, characters: Int) {
        var entry = entries[model] ?? UsageSummary(model: model)
        entry.characters += characters
        entry.estimatedCost += Double(characters) * (prices.speechPrice(for: model) ?? 0) / 1_000_000
        entries[model] = entry
    }

    /// Adds one generated image.
    public func recordImage(model: String, size: String, quality: String) {
        var entry = entries[model] ?? UsageSummary(model: model)
        entry.images += 1
        entry.estimatedCost += prices.imagePrice(model: model, size: size, quality: quality) ?? 0
        entries[model] = entry
    }

    /// The estimated USD spent on `model` so far.
    public func estimatedCost(model: String) -> Double {
        entries[model]?.estimatedCost ?? 0
    }

    /// The estimated USD spent on every model so far.
    public var totalEstimatedCost: Double {
        entries.values.reduce(0) { $0 + $1.estimatedCost }
    }

    /// One summary per model used, sorted by model id.
    public func summary() -> [UsageSummary] {
        entries.values.sorted { $0.model < $1.model }
    }

    /// Forgets everything recorded.
    public func reset() {
        entries.removeAll()
    }

    /// ``summary()`` and ``reset()`` in one step: what was spent since the last take, so that a program that records
    /// its spending in more than one place (after each story, and when it ends) never counts anything twice.
    public func takeSummary() -> [UsageSummary] {
        defer { entries.removeAll() }
        return summary()
    }
}
