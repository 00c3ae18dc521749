import ArgumentParser
import Crypto
import Foundation
import RelayCore
import RelayKit
import RelayStorage

/// `relay init`: a new relay's folder — master-key file, database, `relay.json` — and its admin token.
struct Init: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Set up a new relay: its folder, master-key file, database, relay.json and admin token.",
        discussion: """
            The admin token is printed once; only its SHA-256 is kept. Keep a copy of the master-key file apart \
            from the database: without it, the provider keys stored in the database can't be opened.
            """)

    @Option(help: "The folder to set the relay up in.")
    var dir = "relay-data"

    @Option(help: "A PostgreSQL URL (postgres://…) or SQLite path to use instead of DIR/relay.sqlite.")
    var database: String?

    @Option(help: "The address relay serve binds.")
    var host = "127.0.0.1"

    @Option(help: "The port relay serve listens on.")
    var port = 8787

    @Flag(help: "Replace an existing setup in DIR: a new master key, a new admin token and a new, empty DIR/relay.sqlite.")
    var force = false

    func validate() throws {
        guard (0...65535).contains(port) else { throw ValidationError("--port must be between 0 and 65535.") }
    }

    func run() async throws {
        let folder = URL(fileURLWithPath: dir, isDirectory: true)
        let configFile = folder.appendingPathComponent("relay.json").path
        let keyFile = folder.appendingPathComponent("master.keys").path
        let defaultDatabase = folder.appendingPathComponent("relay.sqlite").path
        let databaseLocation = database.map { DatabaseLocation.resolve($0, against: ConfigOptions.workingDirectory) }
            ?? defaultDatabase
        let existing = [configFile, keyFile, defaultDatabase].filter { FileManager.default.fileExists(atPath: $0) }
        if !existing.isEmpty {
            guard force else {
                let names = existing.map { URL(fileURLWithPath: $0).lastPathComponent }.joined(separator: ", ")
                throw CLIFailure("A relay is already set up in \(dir) (found \(names)); pass --force to replace it.")
            }
            for path in [defaultDatabase, defaultDatabase + "-wal", defaultDatabase + "-shm"] {
                try? FileManager.default.removeItem(atPath: path)
            }
        }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        let store = try await RelayStore.open(databaseLocation, logger: ConfigOptions.quietLogger)
        await store.close()
        try SecretFile.save(SecretBox.generateKeyLine(id: MasterKeyFile.newKeyID(existing: [])) + "\n", to: keyFile)

        let adminToken = "relay-admin-" + RandomToken.base64URL(bytes: 32)
        let configuration = RelayConfiguration(
            host: host, port: port,
            database: database == nil ? "relay.sqlite" : databaseLocation,
            masterKeyFile: "master.keys",
            adminTokenSHA256: SHA256.hash(data: Data(adminToken.utf8)).map { String(format: "%02x", $0) }.joined())
        try configuration.save(file: configFile)

        print("""
            Relay set up in \(dir):
              configuration  \(configFile)
              master keys    \(keyFile)  (mode 0600; back it up apart from the database)
              database       \(DatabaseLocation.describe(databaseLocation))
            Admin token (shown only now; only its SHA-256 is kept): \(adminToken)
            Next: relay projects create ID\(dir == "relay-data" ? "" : " --config \(configFile)")
            """)
    }
}
