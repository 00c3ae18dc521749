import Foundation
import GRDB
import InfiniteStories

/// A row of `stories`.
struct StoryRecord: Codable, FetchableRecord, PersistableRecord, Sendable {
    static let databaseTableName = "stories"

    var id: String
    var title: String
    var content: String
    var language: String
    /// A built-in ``StoryEvent`` raw value, or nil for a custom event.
    var event: String?
    var customEventID: String?
    /// Seconds.
    var duration: Double
    var createdAt: Date
    var heroID: String?
    /// The hero's name when the story was written, so the story still reads well once the hero is removed.
    var heroName: String
    var audioFile: String?
    var avatarFile: String?
    var voice: String?
    /// The read-along marks as JSON (`[{"at": 0, "start": 1.2}, …]`); nil without narration.
    var readAlong: String?
    /// The child the story was written for.
    var childID: String?
    var favourite: Bool = false
    /// The scene pictures as JSON (`[{"paragraph": 2, "file": "Images/…"}]`); nil without any.
    var scenes: String?

    enum CodingKeys: String, CodingKey {
        case id, title, content, language, event, duration, voice
        case customEventID = "custom_event_id"
        case createdAt = "created_at"
        case heroID = "hero_id"
        case heroName = "hero_name"
        case audioFile = "audio_file"
        case avatarFile = "avatar_file"
        case readAlong = "read_along"
        case childID = "child_id"
        case favourite, scenes
    }

    /// The scene pictures in a `scenes` value (none when nil or unreadable).
    static func decodeScenes(_ json: String?) -> [ScenePicture] {
        json.flatMap { try? JSONDecoder().decode([ScenePicture].self, from: Data($0.utf8)) } ?? []
    }

    /// The story with the title of its custom event and the name of its child, when it has them.
    func stored(customEventTitle: String?, childName: String? = nil) -> StoredStory {
        StoredStory(
            id: UUID(uuidString: id) ?? UUID(), title: title, content: content, language: language,
            event: event.flatMap(StoryEvent.init(rawValue:)), customEventID: customEventID.flatMap(UUID.init(uuidString:)),
            customEventTitle: customEventTitle, duration: duration, createdAt: createdAt,
            heroID: heroID.flatMap(UUID.init(uuidString:)), heroName: heroName, audioFile: audioFile,
            avatarFile: avatarFile, voice: voice,
            readAlong: readAlong.flatMap { try? JSONDecoder().decode([ReadAlongMark].self, from: Data($0.utf8)) } ?? [],
            childID: childID.flatMap(UUID.init(uuidString:)), childName: childName, favourite: favourite,
            scenes: Self.decodeScenes(scenes))
    }
}
