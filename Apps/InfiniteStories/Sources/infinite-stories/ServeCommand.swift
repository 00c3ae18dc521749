import AISandbox
import ArgumentParser
import Foundation
import InfiniteStories
import InfiniteStoriesStore
import InfiniteStoriesSandbox
import InfiniteStoriesWeb
import SwiftOpenAI

/// `serve`: the web app on the same library, until SIGINT or SIGTERM (running generations finish saving first).
struct ServeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Serve the web app for the library (http://127.0.0.1:8080 by default).",
        discussion: """
            Try it offline with `infinite-stories serve --sandbox`. It listens on 127.0.0.1 by default; another \
            --host needs a password (--password-file PATH, or INFINITE_STORIES_PASSWORD: at least 10 characters, \
            5 of them different), a TLS proxy in front (--behind-tls-proxy) and the name browsers use \
            (--public-host). Every page then asks for the password once per browser session; 5 wrong ones from \
            an address (20 from everyone) within 15 minutes lock sign-in for 15 minutes. Requests for other \
            host names than 127.0.0.1, localhost, [::1] and the public host get 421.
            """)

    @Option(help: "The address to listen on; anything but loopback needs a password, --behind-tls-proxy and --public-host.")
    var host = "127.0.0.1"
    @Flag(help: "A TLS proxy (Caddy, nginx) fronts the app: allows a non-loopback --host, and makes every cookie Secure.")
    var behindTLSProxy = false
    @Option(help: ArgumentHelp(
        "A host name browsers use to reach the app through its proxy (repeatable); other names are refused.",
        valueName: "name"))
    var publicHost: [String] = []
    @Option(help: ArgumentHelp(
        "A file holding the password the pages ask for (first line).",
        discussion: "Or set INFINITE_STORIES_PASSWORD.", valueName: "path"))
    var passwordFile: String?
    @Option(help: "The port (0 picks a free one).") var port = 8080
    @Option(help: "How many stories may be written at once; more get a 'busy' page.") var maxGenerations = 2
    @OptionGroup var options: CommonOptions

    /// The password from --password-file or INFINITE_STORIES_PASSWORD; nil when neither gives one.
    func password() throws -> String? {
        if let passwordFile {
            let path = (passwordFile as NSString).expandingTildeInPath
            guard let text = try? String(contentsOfFile: path, encoding: .utf8) else {
                throw ValidationError("Can't read the password file \(passwordFile).")
            }
            let line = text.split(whereSeparator: \.isNewline).first.map(String.init) ?? ""
            guard !line.isEmpty else { throw ValidationError("The password file \(passwordFile) is empty.") }
            return line
        }
        let environment = ProcessInfo.processInfo.environment["INFINITE_STORIES_PASSWORD"] ?? ""
        return environment.isEmpty ? nil : environment
    }

    func validate() throws {
        do {
            try WebApp.checkServable(
                host: host, password: try password(), behindTLSProxy: behindTLSProxy, publicHosts: publicHost)
        } catch let error as WebServerError {
            throw ValidationError(error.description)
        }
        guard (0...65535).contains(port) else { throw ValidationError("--port must be between 0 and 65535.") }
        guard maxGenerations >= 1 else { throw ValidationError("--max-generations must be at least 1.") }
    }

    func run() async throws {
        try await runReportingErrors {
            let library = try options.openLibrary()
            if options.sandbox {
                try await Sandbox.withRunning(answerer: .stories) { sandbox in
                    let sdk = OpenAIServiceFactory.service(
                        apiKey: "sk-sandbox", overrideBaseURL: sandbox.baseURL.absoluteString)
                    try await serve(
                        library, sandbox: true,
                        makeAssistant: { CustomEventAIAssistant(service: sdk, usage: $0.usage) },
                        makeStoryService: { InfiniteStories.OpenAIService(service: sdk) })
                }
            } else {
                if APIKeyStore.currentKey() == nil {
                    note("No OpenAI API key yet: set one on the Settings page (or run with --sandbox).")
                }
                // The key is read for every job, so one set on the Settings page is used from then on.
                try await serve(
                    library, sandbox: false,
                    makeAssistant: { stories in
                        CustomEventAIAssistant(
                            service: OpenAIServiceFactory.service(apiKey: APIKeyStore.currentKey() ?? ""),
                            usage: stories.usage)
                    },
                    makeStoryService: {
                        InfiniteStories.OpenAIService(
                            service: OpenAIServiceFactory.service(apiKey: APIKeyStore.currentKey() ?? ""))
                    })
            }
        }
    }

    private func serve(
        _ library: StoryLibrary, sandbox: Bool,
        makeAssistant: @escaping @Sendable (InfiniteStories.OpenAIService) -> CustomEventAIAssistant,
        makeStoryService: @escaping @Sendable () -> InfiniteStories.OpenAIService
    ) async throws {
        let web = WebApp(
            services: WebServices(
                library: library, sandbox: sandbox, makeAssistant: makeAssistant, makeStoryService: makeStoryService),
            maxConcurrentGenerations: maxGenerations, password: try password(), behindTLSProxy: behindTLSProxy,
            publicHosts: publicHost)
        let host = host
        // With --otlp-endpoint, each request is a span (the SDK's model calls inside it) and the exporter runs and
        // stops with the app.
        let exporter = try options.otlpEndpoint.map(Telemetry.bootstrap(endpoint:))
        let app = try web.application(host: host, port: port, services: exporter.map { [$0] } ?? []) { port in
            let shown = host.contains(":") ? "[\(host)]" : host
            note("Infinite Stories\(sandbox ? " (sandbox)" : "") at http://\(shown):\(port)/ — library \(library.folder.path). Ctrl-C stops.")
        }
        try await app.runService(gracefulShutdownSignals: [.sigterm, .sigint])
        note("Stopped.")
    }
}
