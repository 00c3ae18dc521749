import AsyncHTTPClient
import Foundation
import Hummingbird
import Logging
import RelayAuth
import RelayCore
import RelayForwarding
import RelayStorage
import ServiceLifecycle
import SwiftASN1
import X509

/// A relay instance: the HTTP server in front of the upstreams, with its store, master keys and metrics.
///
/// `run()` serves until SIGTERM or SIGINT, then stops accepting connections and lets requests and streams in
/// flight finish (up to `shutdownGraceSeconds`) before it exits.
public struct RelayServer: Sendable {
    public let configuration: RelayConfiguration
    public let store: RelayStore
    public let metrics: RelayMetrics
    let secrets: SecretBox
    let logger: Logger
    let prices: PriceTable
    let appAttestRoots: [Certificate]?
    let httpClient: HTTPClient
    let ownsHTTPClient: Bool
    /// Settlements and usage records, written in batches after responses end; run as one of the application's
    /// services.
    let ledger: UsageLedger

    /// - Parameters:
    ///   - httpClient: the client for upstream requests. It must not decompress (the relay passes bodies through as
    ///     they came and reads usage from them) nor follow redirects (the upstream host is configuration). `nil`: one
    ///     made by ``makeHTTPClient()``, which ``shutdown()`` shuts down.
    public init(
        configuration: RelayConfiguration, store: RelayStore, secrets: SecretBox, logger: Logger = Logger(label: "relay"),
        httpClient: HTTPClient? = nil
    ) throws {
        self.configuration = configuration
        self.store = store
        self.secrets = secrets
        self.logger = logger
        self.metrics = RelayMetrics()
        self.ledger = UsageLedger(store: store, logger: logger)
        self.httpClient = httpClient ?? Self.makeHTTPClient()
        self.ownsHTTPClient = httpClient == nil
        self.prices = try configuration.priceTableFile.map { try PriceTable.load(from: URL(fileURLWithPath: $0)) } ?? .standard
        self.appAttestRoots = try configuration.appAttestRootFile.map { file in
            let pem = try String(contentsOfFile: file, encoding: .utf8)
            return try PEMDocument.parseMultiple(pemString: pem).map { try Certificate(pemDocument: $0) }
        }
    }

    /// The Hummingbird application; `onRunning` receives the bound port (useful with port 0).
    public func application(
        onRunning: @escaping @Sendable (_ port: Int) async -> Void = { _ in }
    ) -> some ApplicationProtocol {
        Application(
            router: router(),
            configuration: .init(
                address: .hostname(configuration.host, port: configuration.port), serverName: "Relay"),
            services: [ledger, StoreHousekeeping(store: store, logger: logger)],
            onServerRunning: { channel in await onRunning(channel.localAddress?.port ?? configuration.port) },
            logger: logger)
    }

    /// Writes the settlements and usage records still waiting for their batch (tests, before reading them).
    package func flushUsage() async {
        await ledger.flush()
    }

    /// Serves until SIGTERM or SIGINT, then shuts down gracefully.
    ///
    /// - Parameter companions: services that run as long as the server (e.g. the trace exporter), shut down
    ///   after it so that they see its last requests.
    public func run(companions: [any Service] = []) async throws {
        var groupConfiguration = ServiceGroupConfiguration(
            services: companions.map { .init(service: $0) } + [.init(service: application())],
            gracefulShutdownSignals: [.sigterm, .sigint], logger: logger)
        // Past the grace period, streams still running are cancelled so that the process does exit.
        groupConfiguration.maximumGracefulShutdownDuration = .seconds(configuration.shutdownGraceSeconds)
        do {
            try await ServiceGroup(configuration: groupConfiguration).run()
        } catch {
            try? await shutdown()
            throw error
        }
        try await shutdown()
    }

    /// Shuts down the upstream client the server made for itself (not one it was given).
    public func shutdown() async throws {
        if ownsHTTPClient { try await httpClient.shutdown() }
    }

    /// An upstream client as the relay needs it: no decompression, no redirects, room for many concurrent streams
    /// to one upstream, and connections kept for a minute between requests.
    public static func makeHTTPClient() -> HTTPClient {
        var configuration = HTTPClient.Configuration(redirectConfiguration: .disallow, decompression: .disabled)
        configuration.connectionPool = .init(idleTimeout: .seconds(60), concurrentHTTP1ConnectionsPerHostSoftLimit: 2048)
        configuration.timeout.connect = .seconds(10)
        // The relay's own span of each forwarded call (GenAI attributes, tokens, first chunk) is the one client
        // span: AsyncHTTPClient's would repeat it, and even with the no-op tracer it builds each request's span
        // attributes (about 2% of a request's CPU).
        configuration.tracing.tracer = nil
        return HTTPClient(eventLoopGroupProvider: .singleton, configuration: configuration)
    }
}
