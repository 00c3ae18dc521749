import Foundation
import GRDB
import InfiniteStories

extension StoryLibrary {
    /// Adds a hero, with its avatar image when one was generated.
    ///
    /// The avatar is written first under a temporary name and moved into place inside the transaction that
    /// inserts the row, so the hero and its picture are saved together or not at all.
    /// - Throws: ``StoryLibraryError/duplicateHero(_:)`` when a hero already has this name (in any case).
    @discardableResult
    public func addHero(_ hero: Hero, avatar: AvatarGenerationResponse? = nil, createdAt: Date = Date()) async throws -> StoredHero {
        let media = media
        return try await saving { db, staged in
            try Self.checkNameIsFree(hero, db)
            var avatarFile: String?
            if let avatar {
                let path = media.newPath(
                    kind: .images, prefix: "hero", ownerID: hero.id, date: createdAt,
                    fileExtension: avatar.format.fileExtension)
                staged.append(try media.stage(avatar.imageData, at: path))
                avatarFile = path
            }
            try HeroRecord(hero, avatarFile: avatarFile, createdAt: createdAt).insert(db)
            // Read back: the database keeps dates to the millisecond, and callers compare with what they read later.
            return try HeroRecord.fetchOne(db, key: hero.id.uuidString.lowercased())!.stored
        }
    }

    /// All heroes, by name.
    public func heroes() async throws -> [StoredHero] {
        try await database.read { db in
            try HeroRecord.order(sql: "name COLLATE NOCASE").fetchAll(db).map(\.stored)
        }
    }

    /// The hero with this name, compared case-insensitively.
    public func hero(named name: String) async throws -> StoredHero? {
        try await database.read { db in
            try HeroRecord.filter(sql: "name = ? COLLATE NOCASE", arguments: [name]).fetchOne(db)?.stored
        }
    }

    /// The hero with this id.
    public func hero(id: UUID) async throws -> StoredHero? {
        try await database.read { db in
            try HeroRecord.fetchOne(db, key: id.uuidString.lowercased())?.stored
        }
    }

    /// Removes a hero and its avatar file. Its stories stay (they keep the hero's name).
    /// - Returns: false when no hero has this name.
    @discardableResult
    public func removeHero(named name: String) async throws -> Bool {
        let removed: HeroRecord? = try await database.write { db in
            guard let record = try HeroRecord.filter(sql: "name = ? COLLATE NOCASE", arguments: [name]).fetchOne(db)
            else { return nil }
            try record.delete(db)
            return record
        }
        guard let removed else { return false }
        // After the commit: a crash before this line leaves an unreferenced file, which the next open removes.
        media.remove([removed.avatarFile].compactMap { $0 })
        return true
    }

    static func checkNameIsFree(_ hero: Hero, _ db: Database) throws {
        let taken = try HeroRecord
            .filter(sql: "name = ? COLLATE NOCASE AND id <> ?", arguments: [hero.name, hero.id.uuidString.lowercased()])
            .fetchCount(db) > 0
        if taken { throw StoryLibraryError.duplicateHero(hero.name) }
    }
}
