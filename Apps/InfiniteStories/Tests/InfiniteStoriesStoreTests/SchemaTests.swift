import Foundation
import GRDB
import Testing
@testable import InfiniteStoriesStore

@Suite("Story library schema")
struct SchemaTests {
    @Test("opening a new folder creates the database, the media folders and every migration")
    func migrationsOnARealFile() throws {
        let temporary = TemporaryLibrary()
        defer { temporary.remove() }
        let library = try temporary.open()
        #expect(FileManager.default.fileExists(atPath: library.databaseURL.path))
        #expect(FileManager.default.fileExists(atPath: temporary.folder.appendingPathComponent("Audio").path))
        #expect(FileManager.default.fileExists(atPath: temporary.folder.appendingPathComponent("Images").path))

        // Read the file with a connection of its own, as another program would.
        let database = try DatabaseQueue(path: library.databaseURL.path)
        try database.read { db in
            #expect(try StoryLibrary.migrator.appliedMigrations(db) == StoryLibrary.migrator.migrations)
            for table in ["heroes", "custom_events", "stories", "usage_records", "children", "settings"] {
                #expect(try db.tableExists(table), "\(table)")
            }
            let storyColumns = Set(try db.columns(in: "stories").map(\.name))
            #expect(storyColumns.isSuperset(of: [
                "id", "title", "content", "language", "event", "custom_event_id", "duration", "created_at", "hero_id",
                "hero_name", "audio_file", "avatar_file", "voice", "read_along", "child_id", "favourite", "scenes",
            ]))
            let usageColumns = Set(try db.columns(in: "usage_records").map(\.name))
            #expect(usageColumns.isSuperset(of: [
                "model", "input_tokens", "output_tokens", "characters", "images", "cost", "day", "simulated",
            ]))
            let foreignKeys = try db.foreignKeys(on: "stories").map(\.destinationTable).sorted()
            #expect(foreignKeys == ["children", "custom_events", "heroes"])
            #expect(try String.fetchOne(db, sql: "PRAGMA journal_mode") == "wal")
        }
    }

    @Test("reopening keeps the data and applies nothing twice")
    func reopen() async throws {
        let temporary = TemporaryLibrary()
        defer { temporary.remove() }
        try await temporary.open().addHero(Fixtures.hero)
        let reopened = try temporary.open()
        #expect(try await reopened.heroes().map(\.name) == ["Luna"])
        let applied = try await reopened.database.read { try StoryLibrary.migrator.appliedMigrations($0) }
        #expect(applied == StoryLibrary.migrator.migrations)
    }

    @Test("a library written by a newer version is refused, not damaged")
    func newerLibrary() throws {
        let temporary = TemporaryLibrary()
        defer { temporary.remove() }
        let path = try temporary.open().databaseURL.path
        let database = try DatabaseQueue(path: path)
        try database.write { db in
            try db.execute(sql: "INSERT INTO grdb_migrations (identifier) VALUES ('v99: from the future')")
        }
        #expect(throws: StoryLibraryError.newerLibraryVersion) { try temporary.open() }
    }
}
