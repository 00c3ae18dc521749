import Foundation
import GRDB

/// The story library: heroes, custom events, stories and usage in one SQLite database, with the stories'
/// narration and pictures as files beside it.
///
/// One folder holds everything (`library.sqlite`, `Audio/`, `Images/`), so a library is backed up or moved as a
/// folder. The database is opened in WAL mode through a `DatabasePool`, so the CLI and the web app can use one
/// library at the same time: readers never wait, and writers wait for each other (busy timeout) rather than fail.
public final class StoryLibrary: Sendable {
    /// The library folder.
    public let folder: URL
    /// The SQLite database file inside ``folder``.
    public var databaseURL: URL { folder.appendingPathComponent(Self.databaseFileName) }

    static let databaseFileName = "library.sqlite"

    let database: DatabasePool
    let media: MediaFolder
    /// True when this handle records the usage of sandbox runs: their costs are simulated, kept apart from what a
    /// real key spent (and never shown as money paid).
    public let recordsSimulatedUsage: Bool
    /// What the stories being written now are expected to spend (the monthly cap counts it).
    let reservations = SpendingReservations()

    /// Opens (creating when needed) the library in `folder`, brings its schema up to date, and removes files
    /// left behind by saves that never finished.
    ///
    /// - Parameter simulated: the program runs against the sandbox: what it records as usage is marked simulated.
    /// - Throws: ``StoryLibraryError/newerLibraryVersion`` when a newer program has changed the schema.
    public init(folder: URL = LibraryLocation.defaultFolder(), simulated: Bool = false) throws {
        self.folder = folder
        recordsSimulatedUsage = simulated
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        media = MediaFolder(root: folder)
        try media.prepare()
        var configuration = Configuration()
        configuration.busyMode = .timeout(10)
        configuration.label = "InfiniteStories"
        database = try DatabasePool(path: folder.appendingPathComponent(Self.databaseFileName).path, configuration: configuration)
        let migrator = Self.migrator
        try database.read { db in
            if try migrator.hasBeenSuperseded(db) { throw StoryLibraryError.newerLibraryVersion }
        }
        try migrator.migrate(database)
        _ = try database.write { db in
            media.removeOrphans(keeping: try Self.referencedFiles(db))
        }
    }

    /// The absolute URL of a file the library refers to by a relative path.
    public func url(forFile relativePath: String) -> URL {
        media.url(for: relativePath)
    }

    /// Every media path a row refers to.
    static func referencedFiles(_ db: Database) throws -> Set<String> {
        let sql = """
            SELECT avatar_file FROM heroes WHERE avatar_file IS NOT NULL
            UNION SELECT audio_file FROM stories WHERE audio_file IS NOT NULL
            UNION SELECT avatar_file FROM stories WHERE avatar_file IS NOT NULL
            """
        let scenes = try String.fetchAll(db, sql: "SELECT scenes FROM stories WHERE scenes IS NOT NULL")
            .flatMap { StoryRecord.decodeScenes($0).map(\.file) }
        return Set(try String.fetchAll(db, sql: sql)).union(scenes)
    }
}
