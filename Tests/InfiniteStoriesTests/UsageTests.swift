import AISandbox
import Foundation
import InfiniteStories
import Testing

@Suite("Usage and cost")
struct UsageTests {
    static let prices = PriceTable(
        tokens: ["gpt-4o": .init(inputPerMillion: 1, outputPerMillion: 2), "gpt-4o-mini": .init(inputPerMillion: 0.5, outputPerMillion: 1)],
        speechPerMillionCharacters: ["gpt-4o-mini-tts": 10],
        images: ["dall-e-3": ["standard": ["1024x1024": 0.05]]])

    @Test("tokens, characters and images priced from the table")
    func arithmetic() async {
        let tracker = APIUsageTracker(prices: Self.prices)
        await tracker.record(model: "gpt-4o", inputTokens: 1_000_000, outputTokens: 500_000)
        await tracker.record(model: "gpt-4o-2024-08-06", inputTokens: 1_000_000, outputTokens: 0)
        await tracker.record(model: "gpt-4o-mini", inputTokens: 2_000_000, outputTokens: 0)
        await tracker.recordSpeech(model: "gpt-4o-mini-tts", characters: 250_000)
        await tracker.recordImage(model: "dall-e-3", size: "1024x1024", quality: "standard")
        await tracker.recordImage(model: "dall-e-3", size: "1024x1024", quality: "standard")
        await tracker.record(model: "unknown-model", inputTokens: 10, outputTokens: 10)
        #expect(await tracker.estimatedCost(model: "gpt-4o") == 2.0)
        #expect(await tracker.estimatedCost(model: "gpt-4o-2024-08-06") == 1.0)
        #expect(await tracker.estimatedCost(model: "gpt-4o-mini") == 1.0)
        #expect(await tracker.estimatedCost(model: "gpt-4o-mini-tts") == 2.5)
        #expect(abs(await tracker.estimatedCost(model: "dall-e-3") - 0.10) < 1e-12)
        #expect(await tracker.estimatedCost(model: "unknown-model") == 0)
        #expect(abs(await tracker.totalEstimatedCost - 6.6) < 1e-9)
        let summary = await tracker.summary()
        #expect(summary.map(\.model) == ["dall-e-3", "gpt-4o", "gpt-4o-2024-08-06", "gpt-4o-mini", "gpt-4o-mini-tts", "unknown-model"])
        #expect(summary.first { $0.model == "gpt-4o-mini-tts" }?.characters == 250_000)
        #expect(summary.first { $0.model == "dall-e-3" }?.images == 2)
    }

    @Test("a story and its narration record what the responses report")
    func recordedFromResponses() async throws {
        let tracker = APIUsageTracker(prices: Self.prices)
        try await withStories(usage: tracker) { sandbox, stories in
            let story = try await stories.generateStory(request: StoryGenerationRequest(hero: luna, event: .bedtime, targetDuration: 60))
            let entry = try #require(await tracker.summary().first { $0.model == "gpt-4o" })
            #expect(entry.inputTokens > 0 && entry.outputTokens > 0)
            #expect(abs(entry.estimatedCost - (Double(entry.inputTokens) * 1 + Double(entry.outputTokens) * 2) / 1_000_000) < 1e-12)
            _ = try await stories.narrate(text: story.content, voice: "coral", language: "English")
            let speech = try #require(await tracker.summary().first { $0.model == "gpt-4o-mini-tts" })
            #expect(speech.characters == story.content.count)
        }
    }

    @Test("the default table has today's list prices; a table loads from JSON")
    func table() throws {
        let defaults = PriceTable.default
        #expect(defaults.tokenPrice(for: "gpt-4o") == .init(inputPerMillion: 2.5, outputPerMillion: 10))
        #expect(defaults.tokenPrice(for: "gpt-4o-mini-2024-07-18") == .init(inputPerMillion: 0.15, outputPerMillion: 0.6))
        #expect(defaults.imagePrice(model: "dall-e-3", size: "1024x1024", quality: "standard") == 0.04)
        #expect(defaults.imagePrice(model: "dall-e-3", size: "1024x1792", quality: "hd") == 0.12)
        #expect(defaults.imagePrice(model: "gpt-image-1", size: "1024x1024", quality: "high") == 0.167)
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("prices-\(UUID().uuidString).json")
        defer { try? FileManager.default.removeItem(at: file) }
        try Data(
            #"{"tokens":{"gpt-4o":{"input_per_million":3,"output_per_million":12}},"speech_per_million_characters":{},"images":{}}"#.utf8
        ).write(to: file)
        let loaded = try PriceTable.load(from: file)
        #expect(loaded.tokenPrice(for: "gpt-4o")?.outputPerMillion == 12)
        let roundTrip = try JSONDecoder().decode(PriceTable.self, from: JSONEncoder().encode(defaults))
        #expect(roundTrip == defaults)
    }
}
