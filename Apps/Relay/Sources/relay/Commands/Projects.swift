import ArgumentParser
import Foundation
import RelayCore
import RelayKit
import RelayStorage

/// `relay projects`: the apps (or backends) a relay serves.
struct Projects: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Create, inspect and configure projects.",
        subcommands: [
            Create.self, List.self, Show.self, Delete.self, SetLimits.self, AppAttest.self, DeviceCheck.self,
            TokenKey.self,
        ])

    struct Create: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Create a project; prints its partial key (for the app) and its service URLs.",
            discussion: """
                Without a provider URL the project reaches OpenAI and Anthropic at their public APIs. Without \
                --allow it may call the chat endpoints (POST /v1/chat/completions, POST /v1/responses, \
                POST /v1/messages, POST /openai/deployments/*/chat/completions) and nothing else.
                """)

        @Argument(help: "The project's id: the first segment of its URLs (letters, digits, '-', '_', '.').")
        var id: String

        @Option(help: "The OpenAI (or OpenAI-compatible) base URL.") var openaiUrl: String?
        @Option(help: "The Azure OpenAI resource URL (https://NAME.openai.azure.com).") var azureUrl: String?
        @Option(help: "The Anthropic base URL.") var anthropicUrl: String?

        @OptionGroup var limits: LimitOptions

        @Flag(help: "Let a request through with only the partial key and a client id (no device proof): for development.")
        var partialKeyOnly = false

        @Option(help: ArgumentHelp("Read a DeviceCheck bypass token (for the simulator) from this environment variable.", valueName: "name"))
        var bypassTokenEnv: String?

        @Flag(help: "Print the project id, partial key and service URLs as JSON.")
        var json = false

        @OptionGroup var options: ConfigOptions

        static let defaultEndpoints = [
            "POST /v1/chat/completions", "POST /v1/responses", "POST /v1/messages",
            "POST /openai/deployments/*/chat/completions",
        ]

        func validate() throws {
            try ProjectID.validate(id)
        }

        func run() async throws {
            var upstreams = try [(Provider.openai, openaiUrl), (.azure, azureUrl), (.anthropic, anthropicUrl)]
                .compactMap { provider, url in try url.map { Upstream(provider: provider, baseURL: try Self.checkedURL($0)) } }
            if upstreams.isEmpty {
                upstreams = [.openai, .anthropic].map { Upstream(provider: $0, baseURL: $0.defaultBaseURL) }
            }
            var projectLimits = Limits(allowedEndpoints: Self.defaultEndpoints)
            var clientLimits = projectLimits
            try limits.apply(project: &projectLimits, client: &clientLimits)
            var auth = ProjectAuth(allowPartialKeyOnly: partialKeyOnly)
            if let bypassTokenEnv {
                auth.deviceCheckBypassToken = try SecretSource.environment(bypassTokenEnv, holding: "the DeviceCheck bypass token")
            }
            let project = Project(
                id: id, partialKey: Project.generatePartialKey(), upstreams: upstreams,
                projectLimits: projectLimits, clientLimits: clientLimits, auth: auth)
            let configuration = try await options.withStore { configuration, store in
                try await store.createProject(project)
                return configuration
            }
            let urls = ServiceURLs(project: project, configuration: configuration)
            if json {
                print(try Output.json(CreatedProject(id: project.id, partialKey: project.partialKey, serviceURLs: urls.byProvider)))
                return
            }
            print("Project \(project.id) created.")
            print("Partial key (goes in the app): \(project.partialKey)")
            print("Service URLs:")
            for row in urls.rows { print("  \(row[0].padding(toLength: 10, withPad: " ", startingAt: 0))\(row[1])") }
            print("Allowed endpoints: \(projectLimits.allowedEndpoints.joined(separator: ", "))")
            Output.note("Next: relay keys set \(project.id) \(upstreams[0].provider.rawValue) --key-env NAME")
        }

        /// An http(s) URL with a host, without a trailing slash.
        static func checkedURL(_ text: String) throws -> String {
            guard let components = URLComponents(string: text), ["http", "https"].contains(components.scheme ?? ""),
                components.host?.isEmpty == false
            else { throw CLIFailure("\"\(text)\" is not an http(s) URL with a host.") }
            return text.hasSuffix("/") ? String(text.dropLast()) : text
        }

        struct CreatedProject: Encodable {
            var id: String
            var partialKey: String
            var serviceURLs: [String: String]
        }
    }
}

/// The rules for a project id: it is a URL path segment and a database key.
enum ProjectID {
    static func validate(_ id: String) throws {
        let allowed = id.unicodeScalars.allSatisfy {
            ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0) || "-_.".unicodeScalars.contains($0)
        }
        guard allowed, !id.isEmpty, id.count <= 64, id != ".", id != ".." else {
            throw ValidationError("\"\(id)\" can't be a project id: use 1 to 64 letters, digits, '-', '_' or '.'.")
        }
    }
}

/// Where an app reaches a project: `http://HOST:PORT/PROJECT/PROVIDER`, one per upstream.
struct ServiceURLs {
    let rows: [[String]]

    init(project: Project, configuration: RelayConfiguration) {
        rows = project.upstreams.map { upstream in
            [upstream.provider.rawValue, "http://\(configuration.host):\(configuration.port)/\(project.id)/\(upstream.provider.rawValue)"]
        }
    }

    var byProvider: [String: String] {
        Dictionary(rows.map { ($0[0], $0[1]) }, uniquingKeysWith: { first, _ in first })
    }
}
