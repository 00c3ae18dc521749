import ArgumentParser
import Foundation
import InfiniteStories

/// `key set/show/delete`: the OpenAI API key, kept by `KeychainHelper`.
struct KeyCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "key", abstract: "Save, show (masked) or delete the OpenAI API key.",
        subcommands: [SetKey.self, Show.self, Delete.self])

    struct SetKey: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "set",
            abstract: "Save the API key (read from standard input when not given, which keeps it out of shell history).")

        @Argument(help: "The key (sk-…).") var key: String?
        @OptionGroup var options: CommonOptions

        func run() async throws {
            try await runReportingErrors {
                let key = (key ?? readLine(strippingNewline: true) ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
                guard KeychainHelper.isValidAPIKeyFormat(key) else { throw CLIError.invalidAPIKey }
                guard KeychainHelper.shared.saveString(key, for: APIKeyStore.identifier) else {
                    throw CLIError.invalidArgument("The key could not be saved.")
                }
                out("Saved \(KeychainHelper.masked(key)).")
                if APIKeyStore.environmentKey != nil { note("Note: OPENAI_API_KEY is set and takes precedence.") }
            }
        }
    }

    struct Show: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Show the API key in use, masked, and where it comes from.")

        @OptionGroup var options: CommonOptions

        func run() async throws {
            try await runReportingErrors {
                if let key = APIKeyStore.environmentKey {
                    out("\(KeychainHelper.masked(key)) (from OPENAI_API_KEY)")
                } else if let key = APIKeyStore.savedKey {
                    out("\(KeychainHelper.masked(key)) (saved)")
                } else {
                    throw CLIError.missingAPIKey
                }
            }
        }
    }

    struct Delete: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Delete the saved API key.")

        @OptionGroup var options: CommonOptions

        func run() async throws {
            try await runReportingErrors {
                guard APIKeyStore.savedKey != nil else { return out("No saved key.") }
                guard KeychainHelper.shared.delete(key: APIKeyStore.identifier) else {
                    throw CLIError.invalidArgument("The key could not be deleted.")
                }
                out("Deleted the saved key.")
            }
        }
    }
}
