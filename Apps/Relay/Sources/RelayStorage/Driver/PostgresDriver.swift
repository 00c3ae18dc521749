import Foundation
import Logging
import PostgresNIO

/// PostgreSQL through PostgresNIO's pooled `PostgresClient`. The pool reconnects by itself after the server
/// restarts; what this driver adds are two deadlines, so that while the database is down or restarting every call
/// fails with `.unavailable` in bounded time instead of waiting:
/// - getting a connection: `connectTimeout`, instead of queueing for the pool's minute-long backoff;
/// - the work on a connection: `operationTimeout`. PostgresNIO never answers a statement written to a connection
///   the server has just closed (the write fails with nobody to tell), so a restart could otherwise hold a call
///   forever. Statements are not sent on a connection known to be closed, and a call that still gets no answer
///   closes its connection and fails.
final class PostgresDriver: SQLDriver {
    let dialect = SQLDialect.postgres
    private let client: PostgresClient
    private let runTask: Task<Void, Never>
    private let leaseTimeout: Duration
    private let operationTimeout: Duration
    private let logger: Logger

    init(configuration: PostgresLocation, logger: Logger) {
        var config = PostgresClient.Configuration(
            host: configuration.host,
            port: configuration.port,
            username: configuration.username,
            password: configuration.password,
            database: configuration.database,
            tls: configuration.tls)
        config.options.connectTimeout = configuration.connectTimeout
        config.options.maximumConnections = configuration.maximumConnections
        if let schema = configuration.schema {
            config.options.additionalStartupParameters = [("search_path", schema)]
        }
        let client = PostgresClient(configuration: config, backgroundLogger: logger)
        self.client = client
        self.leaseTimeout = configuration.connectTimeout
        self.operationTimeout = configuration.operationTimeout
        self.logger = logger
        // The pool only hands out connections while `run()` runs; `close()` cancels this task to shut it down.
        self.runTask = Task { await client.run() }
    }

    func close() async {
        runTask.cancel()
        await runTask.value
    }

    func execute(_ sql: String, _ binds: [SQLValue]) async throws -> [SQLRow] {
        let logger = self.logger
        return try await withConnection { connection in
            try await Self.run(sql, binds, on: connection, logger: logger)
        }
    }

    func transaction<T: Sendable>(_ body: @escaping @Sendable (any SQLTransaction) async throws -> T) async throws -> T {
        let logger = self.logger
        return try await withConnection { connection in
            _ = try await Self.run("BEGIN", [], on: connection, logger: logger)
            do {
                let value = try await body(PostgresTransaction(connection: connection, logger: logger))
                _ = try await Self.run("COMMIT", [], on: connection, logger: logger)
                return value
            } catch {
                do {
                    _ = try await Self.run("ROLLBACK", [], on: connection, logger: logger)
                } catch {
                    // A connection whose transaction state is unknown must not go back to the pool.
                    try? await connection.close()
                }
                throw BodyFailure(underlying: error)
            }
        }
    }

    /// Leases a connection for `work`, or fails with `.unavailable` when none comes within the lease timeout or the
    /// work takes longer than the operation timeout. Exactly one of "work starts" and "lease deadline passes" wins,
    /// so an operation reported unavailable for want of a connection never ran; one that timed out while running may
    /// have committed (the store's callers treat its outcome as unknown: a reservation kept is budget unused, never
    /// overspent).
    private func withConnection<T: Sendable>(
        _ work: @escaping @Sendable (PostgresConnection) async throws -> T
    ) async throws -> T {
        let race = LeaseRace()
        let client = self.client
        let (leaseTimeout, operationTimeout) = (self.leaseTimeout, self.operationTimeout)
        let answer = OneAnswer<T>()
        // The lease runs in a task of its own rather than a child task: while PostgreSQL restarts, waiting for a
        // connection (or for a statement's answer) may not end when cancelled, and a caller must get its typed
        // "unavailable" in bounded time rather than wait for the pool. The work never starts once the lease deadline
        // has passed (`LeaseRace`).
        let lease = Task {
            do {
                let value = try await client.withConnection { connection in
                    guard race.start(on: connection) else { throw CancellationError() }
                    return try await work(connection)
                }
                answer.give(.success(value))
            } catch {
                answer.give(.failure(error))
            }
        }
        let deadline = Task {
            try? await Task.sleep(for: leaseTimeout)
            if Task.isCancelled { return }
            if race.expire() {
                answer.give(.failure(RelayStoreError.unavailable("no PostgreSQL connection within \(leaseTimeout)")))
                lease.cancel()
                return
            }
            guard let connection = race.connection else { return }
            try? await Task.sleep(for: operationTimeout)
            if Task.isCancelled { return }
            if answer.give(.failure(RelayStoreError.unavailable("PostgreSQL did not answer within \(operationTimeout)"))) {
                lease.cancel()
                // Its state is unknown: it must not go back to the pool.
                try? await connection.close().get()
            }
        }
        let result = await withTaskCancellationHandler {
            await answer.value()
        } onCancel: {
            lease.cancel()
        }
        deadline.cancel()
        switch result {
        case .success(let value): return value
        case .failure(let failure as BodyFailure): throw failure.underlying
        case .failure(let error): throw Self.storeError(error)
        }
    }

    fileprivate static func run(
        _ sql: String, _ binds: [SQLValue], on connection: PostgresConnection, logger: Logger
    ) async throws -> [SQLRow] {
        let query = try PostgresQuery(unsafeSQL: numberedPlaceholders(sql), binds: bindings(binds))
        // A statement written to a closed connection is never answered (see the type's comment).
        guard !connection.isClosed else { throw RelayStoreError.unavailable("the PostgreSQL connection closed") }
        do {
            let sequence = try await connection.query(query, logger: logger)
            var rows: [SQLRow] = []
            for try await row in sequence {
                rows.append(SQLRow(values: try row.map(value(of:))))
            }
            return rows
        } catch {
            throw storeError(error)
        }
    }
}

/// An error a transaction's body threw (after the rollback), kept apart from the pool's errors so that it reaches
/// the caller as it was thrown.
private struct BodyFailure: Error {
    let underlying: any Error
}

/// One transaction's statements, all on the connection the transaction holds.
private struct PostgresTransaction: SQLTransaction {
    let connection: PostgresConnection
    let logger: Logger

    func execute(_ sql: String, _ binds: [SQLValue]) async throws -> [SQLRow] {
        try await PostgresDriver.run(sql, binds, on: connection, logger: logger)
    }
}

/// Who won between a leased connection and the lease deadline, and the connection the work runs on.
private final class LeaseRace: @unchecked Sendable {
    private enum State {
        case waiting
        case started(PostgresConnection)
        case expired
    }
    private let lock = NSLock()
    private var state = State.waiting

    func start(on connection: PostgresConnection) -> Bool { transition(to: .started(connection)) }
    func expire() -> Bool { transition(to: .expired) }

    var connection: PostgresConnection? {
        lock.withLock {
            if case .started(let connection) = state { return connection }
            return nil
        }
    }

    private func transition(to next: State) -> Bool {
        lock.lock()
        defer { lock.unlock() }
        guard case .waiting = state else { return false }
        state = next
        return true
    }
}

/// The first answer of a lease or its deadline, awaited once.
private final class OneAnswer<T: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var result: Result<T, any Error>?
    private var waiter: CheckedContinuation<Result<T, any Error>, Never>?

    /// Whether this was the first answer (the one the caller gets).
    @discardableResult
    func give(_ answer: Result<T, any Error>) -> Bool {
        lock.lock()
        guard result == nil else {
            lock.unlock()
            return false
        }
        result = answer
        let waiter = self.waiter
        self.waiter = nil
        lock.unlock()
        waiter?.resume(returning: answer)
        return true
    }

    func value() async -> Result<T, any Error> {
        await withCheckedContinuation { continuation in
            lock.lock()
            if let result {
                lock.unlock()
                continuation.resume(returning: result)
            } else {
                waiter = continuation
                lock.unlock()
            }
        }
    }
}
