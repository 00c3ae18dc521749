import ArgumentParser
import Foundation
import Logging
import RelayKit
import RelayStorage

/// `relay serve`: runs the relay in the foreground until SIGTERM or SIGINT.
struct Serve: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Run the relay until SIGTERM or SIGINT (then it finishes the requests in flight).",
        discussion: """
            Master keys come from RELAY_MASTER_KEYS when it is set (id:base64key,id2:base64key; the last one \
            current), else from the configuration's key file.
            """)

    @OptionGroup var options: ConfigOptions

    @Option(help: "The address to bind instead of the configuration's (0.0.0.0 for every interface).")
    var host: String?

    @Option(help: "The port to listen on instead of the configuration's.")
    var port: Int?

    @Option(help: "The lowest level logged: trace, debug, info, notice, warning, error or critical.")
    var logLevel: Logger.Level = .info

    @Option(
        help: ArgumentHelp(
            "An OpenTelemetry collector to send traces to over OTLP/HTTP (e.g. http://127.0.0.1:4318).",
            discussion: "Each request gets a server span, and each forwarded call a GenAI span with its model, tokens and timings. Metrics stay at /metrics."))
    var otlpEndpoint: String?

    func validate() throws {
        if let port, !(0...65535).contains(port) { throw ValidationError("--port must be between 0 and 65535.") }
        if let otlpEndpoint { _ = try TraceExport.endpoint(otlpEndpoint) }
    }

    func run() async throws {
        let level = logLevel
        LoggingSystem.bootstrap { label in
            var handler = StreamLogHandler.standardError(label: label)
            handler.logLevel = level
            return handler
        }
        let logger = Logger(label: "relay")
        let exporter = try otlpEndpoint.map { try TraceExport.bootstrap(endpoint: $0) }
        var configuration = try options.load()
        if let host { configuration.host = host }
        if let port { configuration.port = port }
        let secrets = try ConfigOptions.secretBox(configuration)
        let store = try await RelayStore.open(configuration.database, logger: Logger(label: "relay.store"))
        logger.info(
            "Relay starting",
            metadata: [
                "address": "http://\(configuration.host):\(configuration.port)",
                "database": "\(DatabaseLocation.describe(configuration.database))",
                "backend": "\(store.backend)",
                "masterKey": "\(secrets.currentKeyID)",
                "adminAPI": "\(configuration.adminTokenSHA256 == nil ? "off" : "on")",
                "traces": "\(otlpEndpoint == nil ? "off" : "OTLP")",
            ])
        do {
            try await RelayServer(configuration: configuration, store: store, secrets: secrets, logger: logger)
                .run(companions: exporter.map { [$0] } ?? [])
        } catch {
            await store.close()
            throw error
        }
        await store.close()
        logger.info("Relay stopped")
    }
}

extension Logger.Level: @retroactive ExpressibleByArgument {}
