import Foundation

/// A file written under a temporary name, waiting to be moved into place when its rows are saved.
struct StagedFile: Sendable {
    let temporaryURL: URL
    let finalURL: URL
    /// The path relative to the library folder that the database stores.
    let relativePath: String

    /// Gives the file its real name (a rename within one folder, so it is atomic).
    func moveIntoPlace() throws {
        try FileManager.default.moveItem(at: temporaryURL, to: finalURL)
    }

    /// Removes the file under either name: used when the save that staged it fails.
    func discard() {
        try? FileManager.default.removeItem(at: temporaryURL)
        try? FileManager.default.removeItem(at: finalURL)
    }
}

extension Array where Element == StagedFile {
    /// Moves every file into place; the caller discards them all when this throws.
    func moveIntoPlace() throws {
        for file in self { try file.moveIntoPlace() }
    }

    /// Removes every file under either name.
    func discard() {
        for file in self { file.discard() }
    }
}
