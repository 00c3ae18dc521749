import Foundation
import InfiniteStories

/// A saved story: the generated text, what it was written for, and its narration and picture files.
public struct StoredStory: Sendable, Codable, Hashable, Identifiable {
    public var id: UUID
    public var title: String
    public var content: String
    /// The language's English name, e.g. "Spanish".
    public var language: String
    /// The built-in event, or nil for a custom one.
    public var event: StoryEvent?
    /// The custom event, or nil for a built-in one (also nil once that custom event is deleted).
    public var customEventID: UUID?
    public var customEventTitle: String?
    /// Estimated reading time in seconds.
    public var duration: TimeInterval
    public var createdAt: Date
    /// The hero, or nil once that hero has been removed.
    public var heroID: UUID?
    /// The hero's name when the story was written.
    public var heroName: String
    /// The narration (MP3), relative to the library folder; nil without narration or after a cleanup.
    public var audioFile: String?
    /// The illustration, relative to the library folder.
    public var avatarFile: String?
    /// The narrating voice, e.g. "coral".
    public var voice: String?
    /// Where each sentence starts in the text and in the narration (empty without narration).
    public var readAlong: [ReadAlongMark]
    /// The child it was written for, or nil (also once that child's profile is removed).
    public var childID: UUID?
    public var childName: String?
    public var favourite: Bool
    /// The pictures of its scenes, placed in the text.
    public var scenes: [ScenePicture]

    public init(
        id: UUID, title: String, content: String, language: String, event: StoryEvent?, customEventID: UUID?,
        customEventTitle: String?, duration: TimeInterval, createdAt: Date, heroID: UUID?, heroName: String,
        audioFile: String?, avatarFile: String?, voice: String?, readAlong: [ReadAlongMark] = [], childID: UUID? = nil,
        childName: String? = nil, favourite: Bool = false, scenes: [ScenePicture] = []
    ) {
        self.id = id
        self.title = title
        self.content = content
        self.language = language
        self.event = event
        self.customEventID = customEventID
        self.customEventTitle = customEventTitle
        self.duration = duration
        self.createdAt = createdAt
        self.heroID = heroID
        self.heroName = heroName
        self.audioFile = audioFile
        self.avatarFile = avatarFile
        self.voice = voice
        self.readAlong = readAlong
        self.childID = childID
        self.childName = childName
        self.favourite = favourite
        self.scenes = scenes
    }

    /// The story as the AI layer returned it.
    public var response: StoryGenerationResponse {
        StoryGenerationResponse(title: title, content: content, estimatedDuration: duration)
    }

    /// What the story was written for, as people read it: the event's name or the custom event's title.
    public var occasionName: String {
        event?.displayName ?? customEventTitle ?? "Custom event"
    }
}
