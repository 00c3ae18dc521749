import Foundation
import GRDB

/// Lets async code run the statements of one SQLite write transaction.
///
/// GRDB runs a transaction as a synchronous closure on its writer queue, but the store's transactions are written
/// once, as async code, for both databases. The bridge keeps GRDB's closure open on the writer queue (a dispatch
/// thread, never a cooperative one) and feeds it the statements the async side sends, one at a time, until the
/// async side says commit or roll back. While it waits, the transaction holds SQLite's write lock — exactly what a
/// write transaction does anyway.
final class SQLiteTransactionBridge: SQLTransaction, @unchecked Sendable {
    private enum Command {
        case statement(String, [SQLValue], CheckedContinuation<[SQLRow], any Error>)
        case finish(commit: Bool)
    }

    private let lock = NSLock()
    private let ready = DispatchSemaphore(value: 0)
    private var commands: [Command] = []
    /// Set once the writer's closure is over: statements sent after that fail with this error instead of waiting.
    private var ended: RelayStoreError?

    func execute(_ sql: String, _ binds: [SQLValue]) async throws -> [SQLRow] {
        try await withCheckedThrowingContinuation { continuation in
            lock.lock()
            if let ended {
                lock.unlock()
                continuation.resume(throwing: ended)
                return
            }
            commands.append(.statement(sql, binds, continuation))
            lock.unlock()
            ready.signal()
        }
    }

    func finish(commit: Bool) {
        lock.lock()
        commands.append(.finish(commit: commit))
        lock.unlock()
        ready.signal()
    }

    /// Called on GRDB's writer queue inside the transaction: runs statements until told to finish.
    func serve(_ db: Database) -> Database.TransactionCompletion {
        while true {
            ready.wait()
            lock.lock()
            let command = commands.removeFirst()
            lock.unlock()
            switch command {
            case .statement(let sql, let binds, let continuation):
                do {
                    continuation.resume(returning: try GRDBDriver.run(sql, binds, in: db))
                } catch {
                    continuation.resume(throwing: GRDBDriver.storeError(error))
                }
            case .finish(let commit):
                return commit ? .commit : .rollback
            }
        }
    }

    /// The writer's closure is over (committed, rolled back, or never started): fail what still waits.
    func close(_ error: RelayStoreError) {
        lock.lock()
        ended = error
        let pending = commands
        commands.removeAll()
        lock.unlock()
        for case .statement(_, _, let continuation) in pending {
            continuation.resume(throwing: error)
        }
    }
}
