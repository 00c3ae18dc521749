import Foundation
import GRDB

/// SQLite through a GRDB `DatabasePool`: WAL (readers never wait for the writer), a busy timeout (several
/// processes, or several stores in one process, may share the file and take turns writing), and write
/// transactions that start with `BEGIN IMMEDIATE`, so a transaction holds the write lock from its first statement
/// and never fails half-way to upgrade a read lock.
final class GRDBDriver: SQLDriver {
    let dialect = SQLDialect.sqlite
    private let pool: DatabasePool

    /// How long a writer waits for another connection's write lock before the call fails as unavailable.
    static let busyTimeout: TimeInterval = 10

    init(path: String) throws {
        var configuration = Configuration()
        configuration.busyMode = .timeout(Self.busyTimeout)
        configuration.label = "relay.store"
        let directory = URL(fileURLWithPath: path).deletingLastPathComponent()
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            pool = try DatabasePool(path: path, configuration: configuration)
        } catch {
            throw RelayStoreError.invalidLocation("can't open the SQLite database at \(path): \(Self.describe(error))")
        }
    }

    func close() async {
        try? pool.close()
    }

    func execute(_ sql: String, _ binds: [SQLValue]) async throws -> [SQLRow] {
        do {
            if Self.isQuery(sql) {
                return try await pool.read { db in try Self.run(sql, binds, in: db) }
            }
            return try await pool.write { db in try Self.run(sql, binds, in: db) }
        } catch {
            throw Self.storeError(error)
        }
    }

    func transaction<T: Sendable>(_ body: @escaping @Sendable (any SQLTransaction) async throws -> T) async throws -> T {
        let bridge = SQLiteTransactionBridge()
        let pool = self.pool
        let writer = Task {
            do {
                try await pool.writeWithoutTransaction { db in
                    try db.inTransaction(.immediate) { bridge.serve(db) }
                }
                bridge.close(RelayStoreError.unavailable("the SQLite transaction has ended"))
            } catch {
                bridge.close(Self.storeError(error))
                throw Self.storeError(error)
            }
        }
        do {
            let value = try await body(bridge)
            bridge.finish(commit: true)
            try await writer.value
            return value
        } catch {
            bridge.finish(commit: false)
            _ = try? await writer.value
            throw error
        }
    }

    /// Runs one statement on GRDB's queue; `Row.fetchAll` also steps statements that return no rows.
    static func run(_ sql: String, _ binds: [SQLValue], in db: Database) throws -> [SQLRow] {
        let arguments = StatementArguments(binds.map(databaseValue(_:)))
        return try Row.fetchAll(db, sql: sql, arguments: arguments).map { row in
            SQLRow(values: row.databaseValues.map(sqlValue(_:)))
        }
    }

    static func storeError(_ error: any Error) -> RelayStoreError {
        switch error {
        case let error as RelayStoreError:
            return error
        case let error as DatabaseError:
            if error.resultCode == .SQLITE_CONSTRAINT {
                return .conflict(error.message ?? "constraint violated")
            }
            return .unavailable("SQLite error \(error.resultCode.rawValue): \(error.message ?? "no message")")
        case is CancellationError:
            return .unavailable("the database operation was cancelled")
        default:
            return .unavailable("SQLite failed: \(describe(error))")
        }
    }

    private static func describe(_ error: any Error) -> String {
        if let error = error as? DatabaseError { return error.message ?? "SQLite error \(error.resultCode.rawValue)" }
        return "\(error)"
    }

    private static func isQuery(_ sql: String) -> Bool {
        sql.drop { $0.isWhitespace }.prefix(6).uppercased() == "SELECT"
    }

    private static func databaseValue(_ value: SQLValue) -> DatabaseValue {
        switch value {
        case .null: .null
        case .integer(let integer): integer.databaseValue
        case .real(let real): real.databaseValue
        case .text(let text): text.databaseValue
        case .blob(let data): data.databaseValue
        }
    }

    private static func sqlValue(_ value: DatabaseValue) -> SQLValue {
        switch value.storage {
        case .null: .null
        case .int64(let integer): .integer(integer)
        case .double(let real): .real(real)
        case .string(let text): .text(text)
        case .blob(let data): .blob(data)
        }
    }
}
