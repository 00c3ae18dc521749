import Foundation
import GRDB
import InfiniteStories

/// A row of `children`.
struct ChildRecord: Codable, FetchableRecord, PersistableRecord, Sendable {
    static let databaseTableName = "children"

    var id: String
    var name: String
    var ageRange: String
    var avoid: [String]
    var createdAt: Date

    enum CodingKeys: String, CodingKey {
        case id, name, avoid
        case ageRange = "age_range"
        case createdAt = "created_at"
    }

    init(_ child: ChildProfile, createdAt: Date) {
        id = child.id.uuidString.lowercased()
        name = child.name
        ageRange = child.ageRange.rawValue
        avoid = child.avoid
        self.createdAt = createdAt
    }

    var profile: ChildProfile {
        ChildProfile(
            id: UUID(uuidString: id) ?? UUID(), name: name, ageRange: AgeRange(rawValue: ageRange) ?? .preschool,
            avoid: avoid)
    }
}
