import ArgumentParser
import Foundation
import RelayStorage

/// `relay attest`: the App Attest keys devices have registered.
struct Attest: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "List and revoke devices' App Attest keys.", subcommands: [List.self, Revoke.self])

    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "List a project's App Attest keys.")

        @Argument(help: "The project's id.") var project: String
        @Flag(help: "Print JSON.") var json = false
        @OptionGroup var options: ConfigOptions

        func run() async throws {
            let keys = try await options.withStore { _, store in
                _ = try await Projects.existing(project, in: store)
                return try await store.attestedKeys(projectID: project)
            }
            if json {
                print(try Output.json(keys.map(KeyView.init)))
                return
            }
            let rows = keys.map { key in
                [key.id, key.environment, "\(key.counter)", Projects.List.created(key.createdAt), key.revoked ? "revoked" : "active"]
            }
            print(Output.table(["key id", "environment", "counter", "created", "state"], rows))
        }

        /// A key without its public key and receipt bytes, which say nothing to an operator.
        struct KeyView: Encodable {
            var id: String
            var environment: String
            var counter: UInt32
            var createdAt: Date
            var revoked: Bool

            init(_ key: AttestedKey) {
                id = key.id
                environment = key.environment
                counter = key.counter
                createdAt = key.createdAt
                revoked = key.revoked
            }
        }
    }

    struct Revoke: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Revoke an App Attest key: its device's requests are refused until it attests a new key.")

        @Argument(help: "The key id (as `relay attest list` shows it).") var keyID: String
        @OptionGroup var options: ConfigOptions

        func run() async throws {
            let revoked = try await options.withStore { _, store in try await store.revokeAttestedKey(id: keyID) }
            guard revoked else { throw CLIFailure("No App Attest key \"\(keyID)\".") }
            print("Revoked the App Attest key \(keyID).")
        }
    }
}
