import Foundation
import GRDB
import InfiniteStories

extension StoryLibrary {
    /// Adds a child or updates one with the same id.
    /// - Throws: ``StoryLibraryError/duplicateChild(_:)`` when another child has this name (in any case).
    public func saveChild(_ child: ChildProfile, createdAt: Date = Date()) async throws {
        try await database.write { db in
            if let clash = try ChildRecord.filter(sql: "name = ? COLLATE NOCASE", arguments: [child.name]).fetchOne(db),
               clash.id != child.id.uuidString.lowercased() {
                throw StoryLibraryError.duplicateChild(child.name)
            }
            if var existing = try ChildRecord.fetchOne(db, key: child.id.uuidString.lowercased()) {
                existing.name = child.name
                existing.ageRange = child.ageRange.rawValue
                existing.avoid = child.avoid
                try existing.update(db)
            } else {
                try ChildRecord(child, createdAt: createdAt).insert(db)
            }
        }
    }

    /// Every child, by name.
    public func children() async throws -> [ChildProfile] {
        try await database.read { db in
            try ChildRecord.order(sql: "name COLLATE NOCASE").fetchAll(db).map(\.profile)
        }
    }

    public func child(id: UUID) async throws -> ChildProfile? {
        try await database.read { db in try ChildRecord.fetchOne(db, key: id.uuidString.lowercased())?.profile }
    }

    /// The child with this name, compared case-insensitively.
    public func child(named name: String) async throws -> ChildProfile? {
        try await database.read { db in
            try ChildRecord.filter(sql: "name = ? COLLATE NOCASE", arguments: [name]).fetchOne(db)?.profile
        }
    }

    /// Removes a child; their stories stay, for no one in particular.
    @discardableResult
    public func removeChild(id: UUID) async throws -> Bool {
        try await database.write { db in try ChildRecord.deleteOne(db, key: id.uuidString.lowercased()) }
    }

    /// Marks a story as a favourite, or not.
    /// - Throws: ``StoryLibraryError/storyNotFound(_:)`` when no story has this id.
    public func setFavourite(_ favourite: Bool, storyID: UUID) async throws {
        try await database.write { db in
            try db.execute(
                sql: "UPDATE stories SET favourite = ? WHERE id = ?", arguments: [favourite, storyID.uuidString.lowercased()])
            if db.changesCount == 0 { throw StoryLibraryError.storyNotFound(storyID.uuidString) }
        }
    }
}
