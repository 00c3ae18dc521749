import Foundation
import GRDB

extension StoryLibrary {
    /// Runs `body` in one write transaction in which it may stage files; the files are moved into place just
    /// before the commit. When anything fails (the body, a move, the commit), the transaction rolls back and
    /// every staged file is removed under either name, so a failed save leaves nothing behind.
    ///
    /// The files are written inside the transaction on purpose: the orphan sweep at open runs in a write
    /// transaction too, so it can never mistake another process's save in progress for leftovers.
    func saving<T: Sendable>(
        _ body: @escaping @Sendable (Database, inout [StagedFile]) throws -> T
    ) async throws -> T {
        try await database.writeWithoutTransaction { db in
            var staged: [StagedFile] = []
            var result: T?
            do {
                try db.inTransaction {
                    result = try body(db, &staged)
                    try staged.moveIntoPlace()
                    return .commit
                }
            } catch {
                staged.discard()
                throw error
            }
            return result!
        }
    }
}
