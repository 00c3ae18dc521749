import Foundation
import RelayStorage

/// The databases a store test runs on: SQLite always, PostgreSQL when `TestPostgres.url` is set. Use as
/// `@Test(arguments: TestStoreBackend.available)`.
public enum TestStoreBackend: String, Sendable, CustomStringConvertible {
    case sqlite
    case postgres

    public static var available: [TestStoreBackend] {
        TestPostgres.url == nil ? [.sqlite] : [.sqlite, .postgres]
    }

    public var description: String { rawValue }
}

/// A database of a test's own: a SQLite file in a fresh temporary directory, or a fresh schema in the test
/// PostgreSQL. Open as many stores on it as the test needs (two stores = two relay instances), then `remove()`.
public struct TestStoreLocation: Sendable {
    public let backend: TestStoreBackend
    /// What `RelayStore.open` takes.
    public let location: String
    private let directory: URL?
    private let schema: String?

    /// `parameters`: extra `postgres://` URL parameters (`connect_timeout=2`); ignored for SQLite.
    public init(_ backend: TestStoreBackend, parameters: String? = nil) throws {
        self.backend = backend
        switch backend {
        case .sqlite:
            let directory = FileManager.default.temporaryDirectory
                .appendingPathComponent("relay-store-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            self.directory = directory
            self.schema = nil
            self.location = "sqlite:" + directory.appendingPathComponent("relay.sqlite").path
        case .postgres:
            let schema = TestPostgres.uniqueSchemaName()
            guard let url = TestPostgres.isolatedURL(schema: schema) else { throw TestStoreError.noPostgres }
            self.directory = nil
            self.schema = schema
            self.location = parameters.map { url + "&" + $0 } ?? url
        }
    }

    public func open() async throws -> RelayStore {
        try await RelayStore.open(location)
    }

    /// Deletes the file or drops the schema.
    public func remove() async {
        if let directory {
            try? FileManager.default.removeItem(at: directory)
        }
        if let schema, let store = try? await open() {
            try? await store.dropPostgresSchema(schema)
            await store.close()
        }
    }
}

public enum TestStore {
    /// Runs `body` with a store on a database of its own, then closes it and removes the database.
    public static func with<T>(
        _ backend: TestStoreBackend, _ body: (RelayStore) async throws -> T
    ) async throws -> T {
        try await withLocation(backend) { location in
            let store = try await location.open()
            do {
                let result = try await body(store)
                await store.close()
                return result
            } catch {
                await store.close()
                throw error
            }
        }
    }

    /// Runs `body` with a database of its own (on PostgreSQL, holding shared access to the test server), then
    /// removes it.
    public static func withLocation<T>(
        _ backend: TestStoreBackend, parameters: String? = nil, _ body: (TestStoreLocation) async throws -> T
    ) async throws -> T {
        if backend == .postgres {
            return try await TestPostgres.withSharedAccess { try await withFreshLocation(backend, parameters, body) }
        }
        return try await withFreshLocation(backend, parameters, body)
    }

    private static func withFreshLocation<T>(
        _ backend: TestStoreBackend, _ parameters: String?, _ body: (TestStoreLocation) async throws -> T
    ) async throws -> T {
        let location = try TestStoreLocation(backend, parameters: parameters)
        do {
            let result = try await body(location)
            await location.remove()
            return result
        } catch {
            await location.remove()
            throw error
        }
    }
}

public enum TestStoreError: Error {
    case noPostgres
}
