import Foundation

/// What kind of occasion a custom event is.
public enum EventCategory: String, CaseIterable, Codable, Sendable {
    case adventure = "Adventure", friendship = "Friendship", learning = "Learning", family = "Family"
    case nature = "Nature", fantasy = "Fantasy", everyday = "Everyday", celebration = "Celebration"
}

/// The listener's age, which sets the story's vocabulary and themes.
public enum AgeRange: String, CaseIterable, Codable, Sendable {
    case toddler = "2-4 years", preschool = "4-6 years", earlyElementary = "6-8 years", elementary = "8-10 years"

    /// The bare range, e.g. `2-4`, for prompts that add their own word for "years".
    public var span: String { String(rawValue.prefix { $0 != " " }) }
}

/// The mood a custom story should have.
public enum StoryTone: String, CaseIterable, Codable, Sendable {
    case gentle = "Gentle", playful = "Playful", adventurous = "Adventurous", educational = "Educational"
    case magical = "Magical", funny = "Funny"
}

/// An occasion written by a parent, used instead of a built-in ``StoryEvent``.
///
/// Its title, description, prompt seed and keywords are user text: they are moderated before they reach a prompt.
public struct CustomStoryEvent: Codable, Hashable, Sendable, Identifiable {
    /// A stable identity for storage.
    public var id: UUID
    /// The event's short name, e.g. "First snow".
    public var title: String
    /// What happens, in the parent's words.
    public var description: String
    /// What kind of occasion it is.
    public var category: EventCategory
    /// Who the story is for (the prompt asks for that age).
    public var ageRange: AgeRange
    /// The mood the prompt asks for.
    public var tone: StoryTone
    /// A one-sentence idea that steers the story (see ``CustomEventAIAssistant/enhancePromptSeed(title:description:category:ageRange:tone:)``).
    public var promptSeed: String
    /// Words the story should weave in.
    public var keywords: [String]

    public init(
        id: UUID = UUID(), title: String, description: String, category: EventCategory = .adventure,
        ageRange: AgeRange = .preschool, tone: StoryTone = .gentle, promptSeed: String = "", keywords: [String] = []
    ) {
        self.id = id
        self.title = title
        self.description = description
        self.category = category
        self.ageRange = ageRange
        self.tone = tone
        self.promptSeed = promptSeed
        self.keywords = keywords
    }

    /// The user-written texts of this event, for moderation.
    var userTexts: [String] { [title, description, promptSeed, keywords.joined(separator: ", ")] }
}
