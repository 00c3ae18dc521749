import Foundation
import GRDB
import InfiniteStories

extension StoryLibrary {
    /// Saves a custom event, replacing the one with the same id.
    public func saveCustomEvent(_ event: CustomStoryEvent, createdAt: Date = Date()) async throws {
        try await database.write { db in
            try CustomEventRecord(event, createdAt: createdAt).upsert(db)
        }
    }

    /// All custom events, newest first.
    public func customEvents() async throws -> [CustomStoryEvent] {
        try await database.read { db in
            try CustomEventRecord.order(sql: "created_at DESC").fetchAll(db).map(\.event)
        }
    }

    /// The custom event with this id.
    public func customEvent(id: UUID) async throws -> CustomStoryEvent? {
        try await database.read { db in
            try CustomEventRecord.fetchOne(db, key: id.uuidString.lowercased())?.event
        }
    }
}
