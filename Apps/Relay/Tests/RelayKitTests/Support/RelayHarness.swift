import AISandbox
import Crypto
import Foundation
import Hummingbird
import Logging
import RelayAuth
import RelayCore
import RelayKit
import RelayStorage
import RelayTestSupport
import ServiceLifecycle
import Testing

/// A relay in front of an AISandbox, on loopback, with one project (`app`) whose OpenAI, Azure and Anthropic
/// upstreams are the sandbox, for end-to-end tests: the SDKs, curl and the official Python SDKs call the relay,
/// and the sandbox records what reached it.
struct RelayHarness: Sendable {
    enum Database: Sendable, CustomTestStringConvertible {
        case sqlite
        case postgres
        var testDescription: String { self == .sqlite ? "SQLite" : "PostgreSQL" }
        /// SQLite always; PostgreSQL where one runs (CI starts one: Apps/Relay/scripts/start-test-postgres).
        static var available: [Database] { TestPostgres.url == nil ? [.sqlite] : [.sqlite, .postgres] }
    }

    static let openAIKey = "sk-upstream-openai-7f3a"
    static let anthropicKey = "sk-ant-upstream-91c2"
    static let azureKey = "azure-upstream-55d0"
    static let bypassToken = "bypass-4e1b-simulator-only"
    static let allowed = [
        "POST /v1/chat/completions", "POST /v1/responses", "POST /v1/messages", "POST /v1/embeddings", "GET /v1/models",
        "POST /openai/deployments/*/chat/completions", "POST /v1/realtime/client_secrets",
    ]

    let sandbox: Sandbox
    let store: RelayStore
    let server: RelayServer
    let port: Int
    let project: Project
    /// The private key (PEM) of the project's client-token key `test-key`.
    let tokenPrivateKey: String
    let serviceGroup: ServiceGroup

    var baseURL: String { "http://127.0.0.1:\(port)" }
    func serviceURL(_ provider: Provider, project: String? = nil) -> String {
        "\(baseURL)/\(project ?? self.project.id)/\(provider.rawValue)"
    }

    /// A client token for `subject`, valid `lifetime` seconds.
    func token(subject: String = "user-1", lifetime: TimeInterval = 300) async throws -> String {
        try await ClientTokens.mint(
            privateKey: tokenPrivateKey, keyID: "test-key", algorithm: .es256, subject: subject, projectID: project.id,
            lifetime: lifetime)
    }

    static func database(_ database: Database, directory: URL) async throws -> RelayStore {
        switch database {
        case .sqlite: try await RelayStore.open(directory.appendingPathComponent("relay.sqlite").path)
        // A generous connection deadline: the whole suite runs in parallel on small CI machines.
        case .postgres: try await RelayStore.open(try #require(TestPostgres.url) + "?connect_timeout=30")
        }
    }

    /// Runs `body` with a relay in front of a fresh sandbox; `configure` adjusts the project before it is stored.
    ///
    /// On PostgreSQL the run holds shared access to the tests' server (`TestPostgres`), so a test that restarts it
    /// waits; `restartsDatabase` takes exclusive access instead, for that test.
    static func with<T: Sendable>(
        database: Database = .sqlite,
        restartsDatabase: Bool = false,
        configuration: RelayConfiguration = RelayConfiguration(host: "127.0.0.1", port: 0),
        configure: (inout Project) -> Void = { _ in },
        _ body: (RelayHarness) async throws -> T
    ) async throws -> T {
        guard database == .postgres else {
            return try await run(database: database, configuration: configuration, configure: configure, body)
        }
        let run = { try await Self.run(database: database, configuration: configuration, configure: configure, body) }
        return restartsDatabase ? try await TestPostgres.withExclusiveAccess(run) : try await TestPostgres.withSharedAccess(run)
    }

    private static func run<T: Sendable>(
        database: Database, configuration: RelayConfiguration, configure: (inout Project) -> Void,
        _ body: (RelayHarness) async throws -> T
    ) async throws -> T {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("relay-test-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let sandbox = try await Sandbox.start()
        let store = try await Self.database(database, directory: directory)
        let secrets = try SecretBox(keys: ["k1": SymmetricKey(size: .bits256)], currentKeyID: "k1")
        let (privateKey, tokenKey) = ClientTokens.generateKey(.es256, keyID: "test-key")
        let upstream = sandbox.baseURL.absoluteString
        var project = Project(
            id: "app-\(UUID().uuidString.prefix(8).lowercased())", partialKey: Project.generatePartialKey(),
            upstreams: [
                Upstream(provider: .openai, baseURL: upstream), Upstream(provider: .anthropic, baseURL: upstream),
                Upstream(provider: .azure, baseURL: upstream),
            ],
            projectLimits: Limits(allowedEndpoints: allowed),
            clientLimits: Limits(allowedEndpoints: allowed, maxOutputTokens: 4096),
            auth: ProjectAuth(
                deviceCheckBypassToken: bypassToken,
                clientTokenKeys: [tokenKey]))
        configure(&project)
        try await store.createProject(project)
        for (provider, key) in [(Provider.openai, openAIKey), (.anthropic, anthropicKey), (.azure, azureKey)] {
            let name = provider.rawValue
            try await store.putSecret(try secrets.seal(Data(key.utf8), context: "\(project.id)/\(name)"), projectID: project.id, name: name)
        }
        let server = try RelayServer(configuration: configuration, store: store, secrets: secrets, logger: Logger(label: "relay-test"))
        let (ports, portContinuation) = AsyncStream.makeStream(of: Int.self)
        let app = server.application(onRunning: { port in portContinuation.yield(port) })
        var groupConfiguration = ServiceGroupConfiguration(services: [.init(service: app)], logger: Logger(label: "relay-test"))
        // A test that leaves a request hanging fails instead of holding up the whole run.
        groupConfiguration.maximumGracefulShutdownDuration = .seconds(20)
        let serviceGroup = ServiceGroup(configuration: groupConfiguration)
        let running = Task { try await serviceGroup.run() }
        var iterator = ports.makeAsyncIterator()
        guard let port = await iterator.next() else { throw CancellationError() }
        let harness = RelayHarness(
            sandbox: sandbox, store: store, server: server, port: port, project: project, tokenPrivateKey: privateKey,
            serviceGroup: serviceGroup)
        let result: Result<T, any Error>
        do { result = .success(try await body(harness)) } catch { result = .failure(error) }
        await serviceGroup.triggerGracefulShutdown()
        _ = await running.result
        try? await server.shutdown()
        await store.close()
        try? await sandbox.shutdown()
        return try result.get()
    }
}
