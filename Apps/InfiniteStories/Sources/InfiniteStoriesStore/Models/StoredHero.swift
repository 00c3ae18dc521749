import Foundation
import InfiniteStories

/// A hero as the library keeps it: the AI layer's ``Hero`` plus what only the library knows.
public struct StoredHero: Sendable, Codable, Hashable, Identifiable {
    public var hero: Hero
    /// The avatar image, relative to the library folder; nil when none was generated.
    public var avatarFile: String?
    public var createdAt: Date

    public var id: UUID { hero.id }
    public var name: String { hero.name }

    public init(hero: Hero, avatarFile: String? = nil, createdAt: Date = Date()) {
        self.hero = hero
        self.avatarFile = avatarFile
        self.createdAt = createdAt
    }
}
