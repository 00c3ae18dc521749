import ArgumentParser
import Foundation
import RelayCore
import RelayStorage

/// `relay keys`: the provider keys a project's requests are forwarded with, stored sealed under the master key.
struct Keys: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Store, list and delete provider keys; rotate the master key.",
        subcommands: [Set.self, List.self, Delete.self, RotateMaster.self])

    struct Set: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Store a project's key for a provider, sealed under the current master key.",
            discussion: "The key is read from an environment variable or a file, never from the command line (other users see it in `ps`).")

        @Argument(help: "The project's id.") var project: String
        @Argument(help: "openai, azure or anthropic.") var provider: Provider
        @OptionGroup var source: SecretSource
        @OptionGroup var options: ConfigOptions

        func run() async throws {
            let key = try source.read("the \(provider.rawValue) key")
            let configuration = try options.load()
            let box = try ConfigOptions.secretBox(configuration)
            let name = provider.rawValue
            let sealed = try box.seal(Data(key.utf8), context: SecretBox.context(projectID: project, name: name))
            let hasUpstream = try await options.withStore { _, store in
                let found = try await Projects.existing(project, in: store)
                try await store.putSecret(sealed, projectID: project, name: name)
                return found.upstream(for: provider) != nil
            }
            print("Stored the \(name) key of \(project) (sealed under master key \(box.currentKeyID)).")
            if !hasUpstream {
                Output.note("Note: \(project) has no \(name) upstream yet, so the key is not used until it has one.")
            }
        }
    }

    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "List the names of a project's stored keys (never their values).")

        @Argument(help: "The project's id.") var project: String
        @OptionGroup var options: ConfigOptions

        func run() async throws {
            let names = try await options.withStore { _, store in
                _ = try await Projects.existing(project, in: store)
                return try await store.secretNames(projectID: project)
            }
            for name in names { print(name) }
        }
    }

    struct Delete: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Delete one of a project's stored keys.")

        @Argument(help: "The project's id.") var project: String
        @Argument(help: "The key's name (as `keys list` shows it).") var name: String
        @OptionGroup var options: ConfigOptions

        func run() async throws {
            let deleted = try await options.withStore { _, store in
                _ = try await Projects.existing(project, in: store)
                return try await store.deleteSecret(projectID: project, name: name)
            }
            guard deleted else { throw CLIFailure("Project \(project) has no key \"\(name)\" (see `relay keys list \(project)`).") }
            print("Deleted the \(name) key of \(project).")
        }
    }
}
