import ArgumentParser
import Foundation
import Logging
import RelayKit
import RelayStorage

/// `--config` and `--database`, which every command that reaches a relay's state takes.
///
/// Relative paths inside `relay.json` are relative to the folder `relay.json` is in, so that folder can be moved
/// or mounted anywhere; paths given on the command line are relative to the working directory.
struct ConfigOptions: ParsableArguments {
    @Option(help: "The relay's configuration file, written by `relay init`.")
    var config = "relay-data/relay.json"

    @Option(help: "The database to use instead of the configuration's: a SQLite file path or a postgres:// URL.")
    var database: String?

    /// The configuration with its paths resolved and `--database` applied.
    func load() throws -> RelayConfiguration {
        guard FileManager.default.fileExists(atPath: config) else {
            throw CLIFailure("No configuration at \(config): run `relay init` first, or pass --config PATH.")
        }
        var configuration: RelayConfiguration
        do {
            configuration = try RelayConfiguration.load(file: config)
        } catch {
            throw CLIFailure("Can't read \(config): it is not a relay configuration (\(type(of: error))).")
        }
        let folder = URL(fileURLWithPath: config).deletingLastPathComponent()
        configuration.database = DatabaseLocation.resolve(configuration.database, against: folder)
        configuration.masterKeyFile = configuration.masterKeyFile.map { Self.resolve($0, against: folder) }
        configuration.priceTableFile = configuration.priceTableFile.map { Self.resolve($0, against: folder) }
        configuration.appAttestRootFile = configuration.appAttestRootFile.map { Self.resolve($0, against: folder) }
        if let database {
            configuration.database = DatabaseLocation.resolve(database, against: Self.workingDirectory)
        }
        return configuration
    }

    /// Opens (and migrates) the configured database.
    func openStore(_ configuration: RelayConfiguration) async throws -> RelayStore {
        try await RelayStore.open(configuration.database, logger: Self.quietLogger)
    }

    /// Opens the store, runs `body`, and closes the store whether `body` succeeds or not.
    func withStore<T>(_ body: (RelayConfiguration, RelayStore) async throws -> T) async throws -> T {
        let configuration = try load()
        let store = try await openStore(configuration)
        do {
            let result = try await body(configuration, store)
            await store.close()
            return result
        } catch {
            await store.close()
            throw error
        }
    }

    /// The master keys: `RELAY_MASTER_KEYS` when it is set (a container given its keys by its orchestrator's
    /// secrets), else the configuration's key file.
    static func secretBox(_ configuration: RelayConfiguration) throws -> SecretBox {
        let environment = ProcessInfo.processInfo.environment
        let fromEnvironment = environment[SecretBox.environmentVariable].map { !$0.isEmpty } ?? false
        return try SecretBox.load(file: fromEnvironment ? nil : configuration.masterKeyFile, environment: environment)
    }

    static func resolve(_ path: String, against folder: URL) -> String {
        path.hasPrefix("/") ? path : folder.appendingPathComponent(path).standardizedFileURL.path
    }

    static var workingDirectory: URL {
        URL(fileURLWithPath: FileManager.default.currentDirectoryPath, isDirectory: true)
    }

    /// The management commands print their own results; the store's own notes (migrations) stay out of them.
    static let quietLogger: Logger = {
        var logger = Logger(label: "relay.store")
        logger.logLevel = .warning
        return logger
    }()
}

/// The two kinds of database location an operator writes.
enum DatabaseLocation {
    static func isURL(_ location: String) -> Bool {
        location.contains("://")
    }

    /// A relative SQLite path (plain or `sqlite:PATH`) made absolute against `folder`; URLs unchanged.
    static func resolve(_ location: String, against folder: URL) -> String {
        guard !isURL(location) else { return location }
        let path = location.hasPrefix("sqlite:") ? String(location.dropFirst("sqlite:".count)) : location
        return ConfigOptions.resolve(path, against: folder)
    }

    /// What the logs and messages may say about a location: the SQLite path, or a PostgreSQL URL's host, port and
    /// database without its user or password.
    static func describe(_ location: String) -> String {
        guard isURL(location) else { return "SQLite at \(location)" }
        guard let components = URLComponents(string: location), let host = components.host else {
            return "PostgreSQL"
        }
        let port = components.port.map { ":\($0)" } ?? ""
        return "PostgreSQL at \(host)\(port)\(components.path)"
    }
}
