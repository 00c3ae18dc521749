import ArgumentParser
import Foundation
import RelayCore
import RelayStorage

extension Projects {
    struct SetLimits: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "set-limits", abstract: "Change a project's limits; limits not named keep their value.")

        @Argument(help: "The project's id.") var id: String
        @OptionGroup var limits: LimitOptions

        @Option(help: ArgumentHelp("Remove a limit (no limit of that kind); repeat for more.", valueName: "limit"))
        var clear: [ClearableLimit] = []

        @OptionGroup var options: ConfigOptions

        func validate() throws {
            guard !limits.isEmpty || !clear.isEmpty else { throw ValidationError("Name at least one limit to change.") }
        }

        func run() async throws {
            let project = try await Projects.update(id, options: options) { project in
                for limit in clear { limit.clear(project: &project.projectLimits, client: &project.clientLimits) }
                try limits.apply(project: &project.projectLimits, client: &project.clientLimits)
            }
            print(try Output.json(["projectLimits": project.projectLimits, "clientLimits": project.clientLimits]))
        }
    }

    struct AppAttest: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "app-attest", abstract: "Let the project's app in with App Attest.")

        @Argument(help: "The project's id.") var id: String
        @Option(help: ArgumentHelp("The app's id: TEAMID.bundle.identifier.", valueName: "TEAM.bundle")) var appId: String
        @Flag(help: "Also accept keys attested in the development environment (builds run from Xcode).")
        var allowDevelopment = false
        @OptionGroup var options: ConfigOptions

        func validate() throws {
            let parts = appId.split(separator: ".", maxSplits: 1)
            guard parts.count == 2, parts[0].count == 10, parts[0].allSatisfy({ $0.isLetter || $0.isNumber }) else {
                throw ValidationError("--app-id must be TEAMID.bundle.identifier, with the 10-character team id first.")
            }
        }

        func run() async throws {
            _ = try await Projects.update(id, options: options) { project in
                project.auth.appAttest = AppAttestSettings(appID: appId, allowDevelopment: allowDevelopment)
            }
            print("App Attest enabled for \(id): \(appId)\(allowDevelopment ? " (development keys accepted)" : "").")
        }
    }

    struct DeviceCheck: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "device-check",
            abstract: "Let the project's app in with DeviceCheck (AIProxy's aiproxy-devicecheck header).",
            discussion: "The .p8 key is stored sealed under the master key, as the secret \"\(secretName)\".")

        static let secretName = "devicecheck-p8"

        @Argument(help: "The project's id.") var id: String
        @Option(help: "Your Apple developer team id.") var teamId: String
        @Option(help: "The DeviceCheck key's id.") var keyId: String
        @Option(help: "The DeviceCheck key's .p8 file (`-`: standard input).") var p8File: String
        @Option(help: "Apple's DeviceCheck endpoint (https://api.development.devicecheck.apple.com for development).")
        var endpoint = "https://api.devicecheck.apple.com"
        @OptionGroup var options: ConfigOptions

        func run() async throws {
            let pem = try SecretFile.readText(p8File).trimmingCharacters(in: .whitespacesAndNewlines)
            guard pem.contains("-----BEGIN PRIVATE KEY-----") else {
                throw CLIFailure("\(p8File) is not a .p8 key (no BEGIN PRIVATE KEY block).")
            }
            _ = try Projects.Create.checkedURL(endpoint)
            let configuration = try options.load()
            let box = try ConfigOptions.secretBox(configuration)
            let sealed = try box.seal(Data(pem.utf8), context: SecretBox.context(projectID: id, name: Self.secretName))
            _ = try await Projects.update(id, options: options) { project in
                project.auth.deviceCheck = DeviceCheckSettings(
                    teamID: teamId, keyID: keyId, keySecretName: Self.secretName, endpoint: endpoint)
            } first: { store in
                try await store.putSecret(sealed, projectID: id, name: Self.secretName)
            }
            print("DeviceCheck enabled for \(id) (team \(teamId), key \(keyId)).")
        }
    }

    /// Reads project `id`, changes it with `change`, runs `first` (what the changed project relies on, such as
    /// its secret) and stores it; returns the stored project.
    static func update(
        _ id: String, options: ConfigOptions, _ change: (inout Project) throws -> Void,
        first: (RelayStore) async throws -> Void = { _ in }
    ) async throws -> Project {
        try await options.withStore { _, store in
            var project = try await existing(id, in: store)
            try change(&project)
            try await first(store)
            try await store.updateProject(project)
            return project
        }
    }
}
