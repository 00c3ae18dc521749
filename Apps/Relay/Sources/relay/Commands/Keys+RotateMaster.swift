import ArgumentParser
import Foundation
import RelayStorage

extension Keys {
    struct RotateMaster: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "rotate-master",
            abstract: "Add a new master key as the current one and re-seal every stored key with it.",
            discussion: """
                The old keys stay in the key file (so a relay still running with them keeps working until it is \
                restarted); --drop-old then removes every key no stored secret uses. Restart the relay instances \
                afterwards: they read the key file when they start.
                """)

        @Flag(help: "After re-sealing, remove from the key file every old key no stored secret uses.")
        var dropOld = false

        @OptionGroup var options: ConfigOptions

        func run() async throws {
            let configuration = try options.load()
            guard let path = configuration.masterKeyFile else {
                throw CLIFailure("The configuration names no master-key file (keys come from RELAY_MASTER_KEYS); add a key there and restart instead.")
            }
            var file = try MasterKeyFile(path: path)
            _ = try SecretBox.load(file: path, environment: [:])
            let newID = MasterKeyFile.newKeyID(existing: file.keyIDs)
            file.append(SecretBox.generateKeyLine(id: newID))
            try file.save()
            let box = try SecretBox.load(file: path, environment: [:])
            let (count, inUse) = try await options.withStore { _, store -> (Int, Swift.Set<String>) in
                let count = try await store.resealSecrets(with: box)
                return (count, dropOld ? try await Self.keyIDsInUse(store) : [])
            }
            print("Re-sealed \(count) secret\(count == 1 ? "" : "s") under the new master key \(newID).")
            if dropOld {
                let dropped = file.drop(keeping: inUse.union([newID]))
                try file.save()
                print(dropped.isEmpty ? "No old master key to drop." : "Dropped the old master keys: \(dropped.joined(separator: ", ")).")
            } else {
                Output.note("The old master keys stay in \(path); restart the relay instances, then delete their lines (or rotate with --drop-old).")
            }
        }

        /// The master keys the stored secrets are sealed with.
        static func keyIDsInUse(_ store: RelayStore) async throws -> Swift.Set<String> {
            var ids = Swift.Set<String>()
            for project in try await store.projects() {
                for name in try await store.secretNames(projectID: project.id) {
                    if let secret = try await store.secret(projectID: project.id, name: name) { ids.insert(secret.masterKeyID) }
                }
            }
            return ids
        }
    }
}
