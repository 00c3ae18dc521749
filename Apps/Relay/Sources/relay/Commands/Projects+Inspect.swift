import ArgumentParser
import Foundation
import RelayCore
import RelayKit
import RelayStorage

extension Projects {
    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "List the projects.")

        @Flag(help: "Print JSON (as `projects show`, for every project).") var json = false
        @OptionGroup var options: ConfigOptions

        func run() async throws {
            let (projects, configuration) = try await options.withStore { configuration, store in
                (try await store.projects(), configuration)
            }
            if json {
                print(try Output.json(projects.map { ProjectView($0, secretNames: nil, configuration: configuration) }))
                return
            }
            let rows = projects.map { project in
                [
                    project.id, project.upstreams.map(\.provider.rawValue).joined(separator: ","),
                    Self.authSummary(project.auth), Self.created(project.createdAt),
                ]
            }
            print(Output.table(["id", "providers", "auth", "created"], rows))
        }

        static func authSummary(_ auth: ProjectAuth) -> String {
            var methods: [String] = []
            if auth.appAttest != nil { methods.append("app-attest") }
            if auth.deviceCheck != nil { methods.append("device-check") }
            if !auth.clientTokenKeys.isEmpty { methods.append("tokens(\(auth.clientTokenKeys.count))") }
            if auth.allowPartialKeyOnly { methods.append("partial-key-only") }
            return methods.isEmpty ? "none" : methods.joined(separator: ",")
        }

        static func created(_ date: Date) -> String {
            let formatter = ISO8601DateFormatter()
            formatter.formatOptions = [.withFullDate]
            return formatter.string(from: date)
        }
    }

    struct Show: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Print a project as JSON: upstreams, service URLs, limits, auth and the names of its keys (never their values).")

        @Argument(help: "The project's id.") var id: String
        @OptionGroup var options: ConfigOptions

        func run() async throws {
            let view = try await options.withStore { configuration, store in
                let project = try await Projects.existing(id, in: store)
                return ProjectView(project, secretNames: try await store.secretNames(projectID: id), configuration: configuration)
            }
            print(try Output.json(view))
        }
    }

    struct Delete: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Delete a project with its keys and App Attest keys (its usage history stays).")

        @Argument(help: "The project's id.") var id: String
        @OptionGroup var options: ConfigOptions

        func run() async throws {
            let deleted = try await options.withStore { _, store in try await store.deleteProject(id: id) }
            guard deleted else { throw Projects.unknown(id) }
            print("Project \(id) deleted.")
        }
    }

    /// The project `id`, or the error an operator reads when there is none.
    static func existing(_ id: String, in store: RelayStore) async throws -> Project {
        guard let project = try await store.project(id: id) else { throw unknown(id) }
        return project
    }

    static func unknown(_ id: String) -> CLIFailure {
        CLIFailure("No project \"\(id)\" (see `relay projects list`).")
    }
}

/// A project as `projects show` prints it: everything but secrets (the DeviceCheck bypass token is only said to
/// be set).
struct ProjectView: Encodable {
    struct Auth: Encodable {
        var appAttest: AppAttestSettings?
        var deviceCheck: DeviceCheckSettings?
        var deviceCheckBypassTokenSet: Bool
        var clientTokenKeys: [ClientTokenKey]
        var allowPartialKeyOnly: Bool
    }

    var id: String
    var partialKey: String
    var upstreams: [Upstream]
    var serviceURLs: [String: String]
    var projectLimits: Limits
    var clientLimits: Limits
    var auth: Auth
    /// The names of the project's stored keys; `nil` where they weren't looked up (`projects list --json`).
    var secrets: [String]?
    var createdAt: Date

    init(_ project: Project, secretNames: [String]?, configuration: RelayConfiguration) {
        id = project.id
        partialKey = project.partialKey
        upstreams = project.upstreams
        serviceURLs = ServiceURLs(project: project, configuration: configuration).byProvider
        projectLimits = project.projectLimits
        clientLimits = project.clientLimits
        auth = Auth(
            appAttest: project.auth.appAttest, deviceCheck: project.auth.deviceCheck,
            deviceCheckBypassTokenSet: project.auth.deviceCheckBypassToken != nil,
            clientTokenKeys: project.auth.clientTokenKeys, allowPartialKeyOnly: project.auth.allowPartialKeyOnly)
        secrets = secretNames
        createdAt = project.createdAt
    }
}
