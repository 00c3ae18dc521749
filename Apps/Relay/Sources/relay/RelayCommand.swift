import ArgumentParser
import Foundation

/// `relay`: the operator's program for a Relay — set one up, run it, and manage its projects, provider keys,
/// client-token keys, App Attest keys and usage. Nothing secret is ever taken from a command-line value (other
/// users see those in `ps`): keys come from files, environment variables or standard input.
@main
struct RelayCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "relay",
        abstract: "Run and manage a Relay: a backend that holds your provider keys so your apps never ship them.",
        subcommands: [Init.self, Serve.self, Projects.self, Keys.self, Tokens.self, Usage.self, Attest.self])

    /// Like ArgumentParser's own `main`, but a failure while running prints one line (`Error: …`), never a dump of
    /// a library's error value, which could be long or name internals.
    static func main() async {
        let command: any ParsableCommand
        do {
            command = try await asyncParseAsRoot()
        } catch {
            exit(withError: error)
        }
        do {
            if var asyncCommand = command as? any AsyncParsableCommand {
                try await asyncCommand.run()
            } else {
                var command = command
                try command.run()
            }
        } catch {
            exit(withError: CLIFailure.presentable(error))
        }
    }
}
