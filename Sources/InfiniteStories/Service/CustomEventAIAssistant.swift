import Foundation
import Logging
import SwiftOpenAI

/// Helps a parent write a custom event: a title from a description, an enhanced prompt seed, keywords and
/// similar events, with the seed's token limits (20 / 150 / 50, and 100 for suggestions).
///
/// The seed's methods never throw (an assistant is optional help: on failure they return nil, the
/// description, or an empty list, and log why at debug level); the `make…` variants throw
/// ``AIServiceError`` for callers that want to tell the parent what went wrong. The parent's text is
/// moderated before it reaches a prompt.
public final class CustomEventAIAssistant: Sendable {
    /// The seed's `max_tokens` per call.
    public enum TokenLimit {
        /// Titles: a few words.
        public static let title = 20
        /// Prompt seeds: one detailed sentence.
        public static let enhancement = 150
        /// Keywords: 5–8 words.
        public static let keywords = 50
        /// Similar events: a few short titles.
        public static let similarEvents = 100
    }

    static let systemMessage =
        "You help parents create events for children's bedtime stories. Keep everything gentle, positive and suitable for young children."

    let calls: ServiceCalls

    public init(service: any SwiftOpenAI.OpenAIService, settings: StorySettings = .default, usage: APIUsageTracker? = nil, logger: Logger = Logger(label: "InfiniteStories.Assistant")) {
        calls = ServiceCalls(service: service, settings: settings, usage: usage, logger: logger, models: ModelAvailability())
    }

    /// A short, catchy title for an event, or nil when none could be made.
    public func generateTitle(from description: String) async -> String? {
        await quietly(nil) { try await self.makeTitle(from: description) }
    }

    /// A one-sentence prompt seed (the seed's prompt), or the description itself when none could be made.
    public func enhancePromptSeed(title: String, description: String, category: EventCategory, ageRange: AgeRange, tone: StoryTone) async -> String {
        await quietly(description) {
            try await self.makePromptSeed(title: title, description: description, category: category, ageRange: ageRange, tone: tone)
        }
    }

    /// 5–8 keywords for an event, or none when they could not be made.
    public func generateKeywords(for event: String, description: String) async -> [String] {
        await quietly([]) { try await self.makeKeywords(for: event, description: description) }
    }

    /// Up to five similar event ideas, or none when they could not be made.
    public func suggestSimilarEvents(to description: String) async -> [String] {
        await quietly([]) { try await self.makeSimilarEvents(to: description) }
    }

    /// ``generateTitle(from:)``, throwing.
    public func makeTitle(from description: String) async throws -> String {
        try await ask(
            [description], maxTokens: TokenLimit.title, temperature: 0.7,
            prompt: """
                Create a short, catchy title (at most six words) for a children's bedtime story event described as:
                \(description)

                Respond with the title only.
                """
        ) { answer in
            let title = StoryTextParser.cleanTitle(answer.split(whereSeparator: \.isNewline).first.map(String.init) ?? "")
            return title.isEmpty ? nil : title
        }
    }

    /// ``enhancePromptSeed(title:description:category:ageRange:tone:)``, throwing.
    public func makePromptSeed(title: String, description: String, category: EventCategory, ageRange: AgeRange, tone: StoryTone) async throws -> String {
        try await ask(
            [title, description], maxTokens: TokenLimit.enhancement, temperature: 0.7,
            prompt: """
                Create an enhanced story prompt seed for children's bedtime stories.

                Event Title: \(title)
                Description: \(description)
                Category: \(category.rawValue)
                Age Range: \(ageRange.rawValue)
                Tone: \(tone.rawValue)

                Generate a one-sentence prompt seed that:
                1. Captures the essence of the event
                2. Is appropriate for \(ageRange.rawValue)
                3. Matches the \(tone.rawValue) tone
                4. Sparks imagination and wonder
                5. Is suitable for bedtime stories
                """
        ) { answer in
            let seed = StoryTextParser.cleanTitle(answer.replacingOccurrences(of: "\n", with: " "))
            return seed.isEmpty ? nil : seed
        }
    }

    /// ``generateKeywords(for:description:)``, throwing.
    public func makeKeywords(for event: String, description: String) async throws -> [String] {
        try await ask(
            [event, description], maxTokens: TokenLimit.keywords, temperature: 0.5,
            prompt: """
                Generate 5-8 keywords for a children's bedtime story event.

                Event: \(event)
                Description: \(description)

                Respond with the keywords as a comma-separated list.
                """
        ) { answer in
            let keywords = ListParser.items(from: answer, limit: 8)
            return keywords.isEmpty ? nil : keywords
        }
    }

    /// ``suggestSimilarEvents(to:)``, throwing.
    public func makeSimilarEvents(to description: String) async throws -> [String] {
        try await ask(
            [description], maxTokens: TokenLimit.similarEvents, temperature: 0.8,
            prompt: """
                Suggest 3 to 5 other children's bedtime story events similar to this one:
                \(description)

                Respond with one short event title per line.
                """
        ) { answer in
            let events = ListParser.items(from: answer, limit: 5)
            return events.isEmpty ? nil : events
        }
    }

    /// Moderates `userTexts`, asks, and reads the answer with `parse` (nil: the answer is unusable).
    private func ask<T>(
        _ userTexts: [String], maxTokens: Int, temperature: Double, prompt: String, parse: (String) -> T?
    ) async throws -> T {
        do {
            try await calls.screen(userTexts, what: "event text")
            let answer = try await calls.complete(system: Self.systemMessage, user: prompt, maxTokens: maxTokens, temperature: temperature)
            guard let value = parse(answer) else { throw AIServiceError.invalidResponse }
            return value
        } catch {
            throw OpenAIService.mapped(error)
        }
    }

    private func quietly<T>(_ fallback: T, _ body: () async throws -> T) async -> T {
        do {
            return try await body()
        } catch {
            calls.logger.debug("Assistant call failed", metadata: ["error": "\(String(describing: error))"])
            return fallback
        }
    }
}
