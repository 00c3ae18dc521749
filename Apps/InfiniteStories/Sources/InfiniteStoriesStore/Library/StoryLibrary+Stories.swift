import Foundation
import GRDB
import InfiniteStories

extension StoryLibrary {
    /// Saves a story with its narration and picture, and its hero and custom event when they are new.
    ///
    /// One transaction; the files are written under temporary names first and moved into place just before the
    /// commit. A failure or a crash at any point leaves no half story: no row without its files, no file kept
    /// for a row that was never committed (such files are removed at the next open).
    ///
    /// - Parameters:
    ///   - audio: the narration (MP3), or nil for a story without one.
    ///   - avatar: the illustration, or nil.
    ///   - scenes: pictures of scenes, each with the paragraph it follows.
    ///   - childID: the child the story was written for.
    @discardableResult
    public func saveStory(
        _ response: StoryGenerationResponse, hero: Hero, occasion: StoryOccasion, language: String,
        voice: String? = nil, audio: Data? = nil, avatar: AvatarGenerationResponse? = nil,
        scenes: [(paragraph: Int, picture: AvatarGenerationResponse)] = [], childID: UUID? = nil, createdAt: Date = Date()
    ) async throws -> StoredStory {
        try await saveStory(
            response, hero: hero, occasion: occasion, language: language, voice: voice, audio: audio, avatar: avatar,
            scenes: scenes, childID: childID, createdAt: createdAt, afterStaging: nil)
    }

    /// ``saveStory(_:hero:occasion:language:voice:audio:avatar:createdAt:)`` with a hook that runs inside the
    /// transaction once the rows are written and the files staged, for tests that make the save fail at its worst
    /// moment.
    func saveStory(
        _ response: StoryGenerationResponse, hero: Hero, occasion: StoryOccasion, language: String, voice: String?,
        audio: Data?, avatar: AvatarGenerationResponse?, scenes: [(paragraph: Int, picture: AvatarGenerationResponse)] = [],
        childID: UUID? = nil, createdAt: Date, afterStaging: (@Sendable () throws -> Void)?
    ) async throws -> StoredStory {
        let media = media
        let id = UUID()
        return try await saving { db, staged in
            if try HeroRecord.fetchOne(db, key: hero.id.uuidString.lowercased()) == nil {
                try Self.checkNameIsFree(hero, db)
                try HeroRecord(hero, avatarFile: nil, createdAt: createdAt).insert(db)
            }
            var record = StoryRecord(
                id: id.uuidString.lowercased(), title: response.title, content: response.content, language: language,
                duration: response.estimatedDuration, createdAt: createdAt, heroID: hero.id.uuidString.lowercased(),
                heroName: hero.name, voice: voice)
            switch occasion {
            case .builtIn(let event):
                record.event = event.rawValue
            case .custom(let event):
                try CustomEventRecord(event, createdAt: createdAt).upsert(db)
                record.customEventID = event.id.uuidString.lowercased()
            }
            if let audio {
                let path = media.newPath(kind: .audio, prefix: "story", ownerID: id, date: createdAt, fileExtension: "mp3")
                staged.append(try media.stage(audio, at: path))
                record.audioFile = path
                let marks = MP3Joiner.duration(of: audio).map {
                    ReadAlongMark.marks(title: response.title, content: response.content, duration: $0)
                } ?? []
                record.readAlong = marks.isEmpty ? nil : (try? JSONEncoder().encode(marks)).map { String(decoding: $0, as: UTF8.self) }
            }
            if let avatar {
                let path = media.newPath(
                    kind: .images, prefix: "story", ownerID: id, date: createdAt, fileExtension: avatar.format.fileExtension)
                staged.append(try media.stage(avatar.imageData, at: path))
                record.avatarFile = path
            }
            var placed: [ScenePicture] = []
            for (index, scene) in scenes.enumerated() {
                let path = media.newPath(
                    kind: .images, prefix: "scene\(index + 1)", ownerID: id, date: createdAt,
                    fileExtension: scene.picture.format.fileExtension)
                staged.append(try media.stage(scene.picture.imageData, at: path))
                placed.append(ScenePicture(paragraph: scene.paragraph, file: path))
            }
            if !placed.isEmpty {
                record.scenes = (try? JSONEncoder().encode(placed)).map { String(decoding: $0, as: UTF8.self) }
            }
            record.childID = childID?.uuidString.lowercased()
            try record.insert(db)
            try afterStaging?()
            // Read back: the database keeps dates to the millisecond, and callers compare with what they read later.
            return try Self.fetchStories(db, sql: Self.storySelect + " WHERE stories.id = ?", arguments: [record.id])[0]
        }
    }

    /// Saved stories, newest first.
    /// - Parameters:
    ///   - heroID: only this hero's stories, when given.
    ///   - limit: at most this many, when given.
    public func stories(heroID: UUID? = nil, limit: Int? = nil) async throws -> [StoredStory] {
        try await database.read { db in
            var sql = Self.storySelect
            var arguments: StatementArguments = []
            if let heroID {
                sql += " WHERE stories.hero_id = ?"
                arguments += [heroID.uuidString.lowercased()]
            }
            sql += " ORDER BY stories.created_at DESC, stories.rowid DESC"
            if let limit {
                sql += " LIMIT ?"
                arguments += [limit]
            }
            return try Self.fetchStories(db, sql: sql, arguments: arguments)
        }
    }

    /// The story with this id.
    public func story(id: UUID) async throws -> StoredStory? {
        try await database.read { db in
            try Self.fetchStories(
                db, sql: Self.storySelect + " WHERE stories.id = ?", arguments: [id.uuidString.lowercased()]
            ).first
        }
    }

    /// The story whose id is or starts with `idOrPrefix` (as listed, e.g. its first 8 characters).
    /// - Throws: ``StoryLibraryError/storyNotFound(_:)`` or ``StoryLibraryError/ambiguousStoryID(_:)``.
    public func story(matching idOrPrefix: String) async throws -> StoredStory {
        let prefix = idOrPrefix.lowercased()
        let matches = try await database.read { db in
            try Self.fetchStories(
                db, sql: Self.storySelect + " WHERE substr(stories.id, 1, ?) = ? LIMIT 2",
                arguments: [prefix.count, prefix])
        }
        guard !prefix.isEmpty, let first = matches.first else { throw StoryLibraryError.storyNotFound(idOrPrefix) }
        guard matches.count == 1 else { throw StoryLibraryError.ambiguousStoryID(idOrPrefix) }
        return first
    }

    private static let storySelect = """
        SELECT stories.*, custom_events.title AS custom_event_title, children.name AS child_name FROM stories
        LEFT JOIN custom_events ON custom_events.id = stories.custom_event_id
        LEFT JOIN children ON children.id = stories.child_id
        """

    private static func fetchStories(_ db: Database, sql: String, arguments: StatementArguments) throws -> [StoredStory] {
        try Row.fetchAll(db, sql: sql, arguments: arguments).map { row in
            try StoryRecord(row: row).stored(customEventTitle: row["custom_event_title"], childName: row["child_name"])
        }
    }
}
