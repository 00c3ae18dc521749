import Foundation
import GRDB
import InfiniteStories

/// A row of `heroes`.
struct HeroRecord: Codable, FetchableRecord, PersistableRecord, Sendable {
    static let databaseTableName = "heroes"

    var id: String
    var name: String
    var traits: [String]
    var appearance: String
    var specialAbility: String
    var avatarFile: String?
    var createdAt: Date

    enum CodingKeys: String, CodingKey {
        case id, name, traits, appearance
        case specialAbility = "special_ability"
        case avatarFile = "avatar_file"
        case createdAt = "created_at"
    }

    init(_ hero: Hero, avatarFile: String?, createdAt: Date) {
        id = hero.id.uuidString.lowercased()
        name = hero.name
        traits = hero.traits
        appearance = hero.appearance
        specialAbility = hero.specialAbility
        self.avatarFile = avatarFile
        self.createdAt = createdAt
    }

    var hero: Hero {
        Hero(
            id: UUID(uuidString: id) ?? UUID(), name: name, traits: traits, appearance: appearance,
            specialAbility: specialAbility)
    }

    var stored: StoredHero { StoredHero(hero: hero, avatarFile: avatarFile, createdAt: createdAt) }
}
