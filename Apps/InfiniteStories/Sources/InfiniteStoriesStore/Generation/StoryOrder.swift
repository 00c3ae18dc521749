import Foundation
import InfiniteStories

/// What a new story needs: its hero, its event (built in, or described in the user's words), its language and
/// length, its narrator, and whether to narrate and illustrate it. The CLI's `story new` and the web app's New
/// story form both fill one in and hand it to a ``StoryPipeline``.
public struct StoryOrder: Sendable, Hashable {
    /// How the order names its hero: the web form by id, the command line by name.
    public enum HeroChoice: Sendable, Hashable {
        case id(UUID)
        case name(String)
    }

    public var hero: HeroChoice
    /// A built-in event; nil when ``customText`` describes the event instead.
    public var event: StoryEvent?
    /// The event in the user's words, titled in the story's language by the custom event assistant.
    public var customText: String?
    /// The custom event's name as the user chose it (the assistant's suggestion, or typed); nil lets the
    /// assistant title it.
    public var customTitle: String?
    /// Words the custom event's story should weave in.
    public var keywords: [String] = []
    /// The story's language: "English", "Spanish", … (as ``SupportedLanguage`` names them).
    public var language: String
    /// How long the story takes to read aloud.
    public var targetDuration: TimeInterval
    public var voice: String
    public var narrate: Bool
    public var illustrate: Bool
    /// Pictures of scenes placed in the text (0–3), each priced before it is drawn.
    public var scenes = 0
    /// The child the story is for: their age band and what to avoid shape the prompt.
    public var childID: UUID?

    public init(
        hero: HeroChoice, event: StoryEvent?, customText: String?, language: String, targetDuration: TimeInterval,
        voice: String, narrate: Bool = true, illustrate: Bool = true
    ) {
        self.hero = hero
        self.event = event
        self.customText = customText
        self.language = language
        self.targetDuration = targetDuration
        self.voice = voice
        self.narrate = narrate
        self.illustrate = illustrate
    }

    /// An order as the New story form gives it: the hero by id, the length in minutes, narrated and illustrated.
    public init(
        heroID: UUID, event: StoryEvent?, customText: String?, customTitle: String? = nil, keywords: [String] = [],
        language: String, minutes: Int, voice: String
    ) {
        self.init(
            hero: .id(heroID), event: event, customText: customText, language: language,
            targetDuration: TimeInterval(minutes * 60), voice: voice)
        self.customTitle = customTitle
        self.keywords = keywords
    }
}
