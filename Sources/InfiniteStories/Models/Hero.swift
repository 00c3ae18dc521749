import Foundation

/// The child's hero: who every story is about.
///
/// The name, traits, appearance and special ability are written by a parent, so they pass through the
/// moderations endpoint before they reach a prompt (see ``OpenAIService``).
public struct Hero: Codable, Hashable, Sendable, Identifiable {
    /// A stable identity for storage.
    public var id: UUID
    /// The hero's name, as it appears in the story.
    public var name: String
    /// Character traits the story should show, e.g. `["brave", "curious"]`.
    public var traits: [String]
    /// What the hero looks like (used in prompts and avatar pictures).
    public var appearance: String
    /// A special ability the story may use.
    public var specialAbility: String

    public init(id: UUID = UUID(), name: String, traits: [String] = [], appearance: String = "", specialAbility: String = "") {
        self.id = id
        self.name = name
        self.traits = traits
        self.appearance = appearance
        self.specialAbility = specialAbility
    }

    /// The user-written texts of this hero, for moderation.
    var userTexts: [String] { [name, traits.joined(separator: ", "), appearance, specialAbility] }
}
