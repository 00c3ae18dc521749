import Foundation
import Logging

/// Everything the relay keeps: projects, their sealed secrets, App Attest keys and challenges, the counters that
/// enforce limits, and usage. One schema on SQLite (one relay instance, or a few processes on one machine) or on
/// PostgreSQL (any number of instances); every operation is exact under concurrency on either.
public final class RelayStore: Sendable {
    let driver: any SQLDriver
    let logger: Logger

    private init(driver: any SQLDriver, logger: Logger) {
        self.driver = driver
        self.logger = logger
    }

    /// Opens the store and brings its schema up to date.
    ///
    /// - Parameter location: a file path or `sqlite:PATH` (created if missing; WAL, so readers don't wait for
    ///   writers), or `postgres://user[:password]@host[:port]/database[?sslmode=…&connect_timeout=…&max_connections=…&schema=…]`.
    /// - Throws: `.invalidLocation` for a location that can't be used, `.unavailable` when the database can't be
    ///   reached.
    public static func open(_ location: String, logger: Logger = Logger(label: "relay.store")) async throws -> RelayStore {
        let driver: any SQLDriver
        var schema: String?
        switch try StoreLocation(location) {
        case .sqlite(let path):
            driver = try GRDBDriver(path: path)
        case .postgres(let postgres):
            driver = PostgresDriver(configuration: postgres, logger: logger)
            schema = postgres.schema
        }
        do {
            try await Migrator.migrate(driver, schema: schema, logger: logger)
        } catch {
            await driver.close()
            throw error
        }
        return RelayStore(driver: driver, logger: logger)
    }

    /// Closes the database connections. The store must not be used afterwards.
    public func close() async {
        await driver.close()
    }

    /// `"sqlite"` or `"postgres"`: for the health endpoint and the logs.
    public var backend: String { driver.dialect.rawValue }
}
