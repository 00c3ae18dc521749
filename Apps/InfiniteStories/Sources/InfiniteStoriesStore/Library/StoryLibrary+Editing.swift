import Foundation
import GRDB
import InfiniteStories

extension StoryLibrary {
    /// Replaces a stored hero's details (found by id), and its avatar when `avatar` is given; the old avatar file
    /// is removed after the commit. Returns nil when no hero has that id.
    @discardableResult
    public func updateHero(_ hero: Hero, avatar: AvatarGenerationResponse? = nil, now: Date = Date()) async throws
        -> StoredHero?
    {
        let media = media
        let result: (StoredHero, String?)? = try await saving { db, staged in
            guard var record = try HeroRecord.fetchOne(db, key: hero.id.uuidString.lowercased()) else { return nil }
            try Self.checkNameIsFree(hero, db)
            var replaced: String?
            var updated = HeroRecord(hero, avatarFile: record.avatarFile, createdAt: record.createdAt)
            if let avatar {
                let path = media.newPath(
                    kind: .images, prefix: "hero", ownerID: hero.id, date: now,
                    fileExtension: avatar.format.fileExtension)
                staged.append(try media.stage(avatar.imageData, at: path))
                replaced = record.avatarFile
                updated.avatarFile = path
            }
            record = updated
            try record.update(db)
            return (try HeroRecord.fetchOne(db, key: record.id)!.stored, replaced)
        }
        guard let result else { return nil }
        if let replaced = result.1 { _ = media.remove([replaced]) }
        return result.0
    }

    /// Deletes a story and, after the commit, its narration and picture. Returns false when there is no such story.
    @discardableResult
    public func removeStory(id: UUID) async throws -> Bool {
        let removed: StoryRecord? = try await database.write { db in
            guard let record = try StoryRecord.fetchOne(db, key: id.uuidString.lowercased()) else { return nil }
            try record.delete(db)
            return record
        }
        guard let removed else { return false }
        _ = media.remove([removed.audioFile, removed.avatarFile].compactMap { $0 }
            + StoryRecord.decodeScenes(removed.scenes).map(\.file))
        return true
    }
}
