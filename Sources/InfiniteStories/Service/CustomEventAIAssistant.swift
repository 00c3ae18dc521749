import Foundation
import Logging
import SwiftOpenAI

/// Helps a parent write a custom event: a title from a description, an enhanced prompt seed, keywords and
/// similar events, with the InfiniteStories app's token limits (20 / 150 / 50, and 100 for suggestions), each in the story's
/// language (`language:`, English by default as in the InfiniteStories app).
///
/// The InfiniteStories app's methods never throw (an assistant is optional help: on failure they return nil, the
/// description, or an empty list, and log why at debug level); the `make…` variants throw
/// ``AIServiceError`` for callers that want to tell the parent what went wrong. The parent's text is
/// moderated before it reaches a prompt.
public final class CustomEventAIAssistant: Sendable {
    /// The InfiniteStories app's `max_tokens` per call.
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

    let calls: ServiceCalls

    public init(service: any SwiftOpenAI.OpenAIService, settings: StorySettings = .default, usage: APIUsageTracker? = nil, logger: Logger = Logger(label: "InfiniteStories.Assistant")) {
        calls = ServiceCalls(service: service, settings: settings, usage: usage, logger: logger, models: ModelAvailability())
    }

    /// A short, catchy title for an event in `language` (a ``SupportedLanguage`` name, as story requests take
    /// it: the title lands in that story's prompt), or nil when none could be made.
    public func generateTitle(from description: String, language: String = SupportedLanguage.english.rawValue) async -> String? {
        await quietly(nil) { try await self.makeTitle(from: description, language: language) }
    }

    /// A one-sentence prompt seed in `language` (the InfiniteStories app's prompt), or the description itself when none could be made.
    public func enhancePromptSeed(
        title: String, description: String, category: EventCategory, ageRange: AgeRange, tone: StoryTone,
        language: String = SupportedLanguage.english.rawValue
    ) async -> String {
        await quietly(description) {
            try await self.makePromptSeed(
                title: title, description: description, category: category, ageRange: ageRange, tone: tone, language: language)
        }
    }

    /// 5–8 keywords for an event in `language`, or none when they could not be made.
    public func generateKeywords(for event: String, description: String, language: String = SupportedLanguage.english.rawValue) async -> [String] {
        await quietly([]) { try await self.makeKeywords(for: event, description: description, language: language) }
    }

    /// Up to five similar event ideas in `language`, or none when they could not be made.
    public func suggestSimilarEvents(to description: String, language: String = SupportedLanguage.english.rawValue) async -> [String] {
        await quietly([]) { try await self.makeSimilarEvents(to: description, language: language) }
    }

    /// ``generateTitle(from:language:)``, throwing.
    public func makeTitle(from description: String, language: String = SupportedLanguage.english.rawValue) async throws -> String {
        let prompts = AssistantPrompts.forLanguage(language)
        return try await ask(
            [description], prompts: prompts, maxTokens: TokenLimit.title, temperature: 0.7, prompt: prompts.title(description)
        ) { answer in
            let title = StoryTextParser.cleanTitle(answer.split(whereSeparator: \.isNewline).first.map(String.init) ?? "")
            return title.isEmpty ? nil : title
        }
    }

    /// ``enhancePromptSeed(title:description:category:ageRange:tone:language:)``, throwing.
    public func makePromptSeed(
        title: String, description: String, category: EventCategory, ageRange: AgeRange, tone: StoryTone,
        language: String = SupportedLanguage.english.rawValue
    ) async throws -> String {
        let prompts = AssistantPrompts.forLanguage(language)
        return try await ask(
            [title, description], prompts: prompts, maxTokens: TokenLimit.enhancement, temperature: 0.7,
            prompt: prompts.promptSeed(title: title, description: description, category: category, ageRange: ageRange, tone: tone)
        ) { answer in
            let seed = StoryTextParser.cleanTitle(answer.replacingOccurrences(of: "\n", with: " "))
            return seed.isEmpty ? nil : seed
        }
    }

    /// ``generateKeywords(for:description:language:)``, throwing.
    public func makeKeywords(for event: String, description: String, language: String = SupportedLanguage.english.rawValue) async throws -> [String] {
        let prompts = AssistantPrompts.forLanguage(language)
        return try await ask(
            [event, description], prompts: prompts, maxTokens: TokenLimit.keywords, temperature: 0.5,
            prompt: prompts.keywords(event, description)
        ) { answer in
            let keywords = ListParser.items(from: answer, limit: 8)
            return keywords.isEmpty ? nil : keywords
        }
    }

    /// ``suggestSimilarEvents(to:language:)``, throwing.
    public func makeSimilarEvents(to description: String, language: String = SupportedLanguage.english.rawValue) async throws -> [String] {
        let prompts = AssistantPrompts.forLanguage(language)
        return try await ask(
            [description], prompts: prompts, maxTokens: TokenLimit.similarEvents, temperature: 0.8,
            prompt: prompts.similarEvents(description)
        ) { answer in
            let events = ListParser.items(from: answer, limit: 5)
            return events.isEmpty ? nil : events
        }
    }

    /// Moderates `userTexts`, asks, and reads the answer with `parse` (nil: the answer is unusable).
    private func ask<T>(
        _ userTexts: [String], prompts: AssistantPrompts, maxTokens: Int, temperature: Double, prompt: String,
        parse: (String) -> T?
    ) async throws -> T {
        do {
            try await calls.screen(userTexts, what: "event text")
            let answer = try await calls.complete(system: prompts.systemMessage, user: prompt, maxTokens: maxTokens, temperature: temperature)
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
