import Foundation

/// A story about a hero and a built-in event.
public struct StoryGenerationRequest: Codable, Hashable, Sendable {
    /// Who the story is about.
    public var hero: Hero
    /// The occasion the story is about.
    public var event: StoryEvent
    /// The wanted reading time, in seconds; the prompt asks for `minutes × 150` words.
    public var targetDuration: TimeInterval
    /// `"English"`, `"Spanish"`, `"French"`, `"German"` or `"Italian"` (see ``SupportedLanguage``).
    public var language: String
    /// The child the story is for (ages, vocabulary, what never to mention); nil asks for ages 4–10.
    public var audience: StoryAudience?

    public init(
        hero: Hero, event: StoryEvent, targetDuration: TimeInterval, language: String = "English",
        audience: StoryAudience? = nil
    ) {
        self.hero = hero
        self.event = event
        self.targetDuration = targetDuration
        self.language = language
        self.audience = audience
    }
}

/// A story about a hero and a parent-written event.
public struct CustomStoryGenerationRequest: Codable, Hashable, Sendable {
    /// Who the story is about.
    public var hero: Hero
    /// The parent-written occasion.
    public var customEvent: CustomStoryEvent
    /// The wanted reading time, in seconds.
    public var targetDuration: TimeInterval
    /// The story's language name (see ``SupportedLanguage``).
    public var language: String
    /// The child the story is for; its age band wins over the custom event's.
    public var audience: StoryAudience?

    public init(
        hero: Hero, customEvent: CustomStoryEvent, targetDuration: TimeInterval, language: String = "English",
        audience: StoryAudience? = nil
    ) {
        self.hero = hero
        self.customEvent = customEvent
        self.targetDuration = targetDuration
        self.language = language
        self.audience = audience
    }
}

/// A generated story: its title (from the reply's first line) and its text.
public struct StoryGenerationResponse: Codable, Hashable, Sendable {
    /// The title, from the reply's first line without brackets or markdown.
    public var title: String
    /// The story without its title line.
    public var content: String
    /// Reading time in seconds, from the word count at 150 words a minute.
    public var estimatedDuration: TimeInterval

    public init(title: String, content: String, estimatedDuration: TimeInterval) {
        self.title = title
        self.content = content
        self.estimatedDuration = estimatedDuration
    }

    /// A response whose duration is estimated from `content`.
    public init(title: String, content: String) {
        self.init(title: title, content: content, estimatedDuration: Self.readingTime(of: content))
    }

    /// Seconds to read `text` aloud at 150 words a minute.
    public static func readingTime(of text: String) -> TimeInterval {
        let words = text.split(whereSeparator: { $0.isWhitespace }).count
        return (Double(words) / 150 * 60).rounded()
    }
}

/// One step of a streamed story: text as it is written, then the parsed story.
public enum StoryStreamEvent: Sendable {
    /// More text of the reply (title line included), in order.
    case delta(String)
    /// The finished, parsed (and, when enabled, moderated) story; the last event.
    case completed(StoryGenerationResponse)
}
