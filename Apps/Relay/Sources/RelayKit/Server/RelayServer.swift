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

    /// - Parameters:
    ///   - httpClient: the client for upstream requests; by default the shared one (`HTTPClient.shared`).
    public init(
        configuration: RelayConfiguration, store: RelayStore, secrets: SecretBox, logger: Logger = Logger(label: "relay"),
        httpClient: HTTPClient = .shared
    ) throws {
        self.configuration = configuration
        self.store = store
        self.secrets = secrets
        self.logger = logger
        self.metrics = RelayMetrics()
        self.httpClient = httpClient
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
            onServerRunning: { channel in await onRunning(channel.localAddress?.port ?? configuration.port) },
            logger: logger)
    }

    /// Serves until SIGTERM or SIGINT, then shuts down gracefully.
    public func run() async throws {
        var groupConfiguration = ServiceGroupConfiguration(
            services: [.init(service: application())], gracefulShutdownSignals: [.sigterm, .sigint], logger: logger)
        // Past the grace period, streams still running are cancelled so that the process does exit.
        groupConfiguration.maximumGracefulShutdownDuration = .seconds(configuration.shutdownGraceSeconds)
        try await ServiceGroup(configuration: groupConfiguration).run()
    }
}
