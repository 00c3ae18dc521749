import Foundation
import GRDB
import InfiniteStories

/// A row of `custom_events`.
struct CustomEventRecord: Codable, FetchableRecord, PersistableRecord, Sendable {
    static let databaseTableName = "custom_events"

    var id: String
    var title: String
    var description: String
    var category: String
    var ageRange: String
    var tone: String
    var promptSeed: String
    var keywords: [String]
    var createdAt: Date

    enum CodingKeys: String, CodingKey {
        case id, title, description, category, tone, keywords
        case ageRange = "age_range"
        case promptSeed = "prompt_seed"
        case createdAt = "created_at"
    }

    init(_ event: CustomStoryEvent, createdAt: Date) {
        id = event.id.uuidString.lowercased()
        title = event.title
        description = event.description
        category = event.category.rawValue
        ageRange = event.ageRange.rawValue
        tone = event.tone.rawValue
        promptSeed = event.promptSeed
        keywords = event.keywords
        self.createdAt = createdAt
    }

    /// The library's event; values a newer version wrote and this one does not know fall back to the defaults.
    var event: CustomStoryEvent {
        CustomStoryEvent(
            id: UUID(uuidString: id) ?? UUID(), title: title, description: description,
            category: EventCategory(rawValue: category) ?? .adventure,
            ageRange: AgeRange(rawValue: ageRange) ?? .preschool,
            tone: StoryTone(rawValue: tone) ?? .gentle,
            promptSeed: promptSeed, keywords: keywords)
    }
}
