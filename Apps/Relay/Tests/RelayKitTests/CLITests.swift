import AsyncHTTPClient
import Crypto
import Foundation
import RelayAuth
import RelayCore
import RelayStorage
import RelayTestSupport
import Testing

/// The `relay` executable as an operator runs it, in a temp folder, against a real SQLite file.
@Suite("relay CLI")
struct CLITests {
    @Test("init, projects, keys, tokens, rotate-master and usage work together; no provider key shows or is stored in plain text")
    func operatorFlow() async throws {
        let cli = try CLISession()
        defer { cli.remove() }

        let setup = try await cli.succeed(["init", "--port", "8799"])
        let adminToken = try #require(setup.standardOutput.split(separator: "\n").first { $0.hasPrefix("Admin token") }?
            .split(separator: " ").last.map(String.init))
        let configuration = try String(contentsOf: cli.file("relay-data/relay.json"), encoding: .utf8)
        #expect(configuration.contains(SHA256.hash(data: Data(adminToken.utf8)).map { String(format: "%02x", $0) }.joined()))
        #expect(!configuration.contains(adminToken))
        #expect(try cli.permissions("relay-data/master.keys") == 0o600)

        let created = try await cli.succeed([
            "projects", "create", "story", "--openai-url", "http://127.0.0.1:9", "--models", "gpt-4o-mini,gpt-4o*",
            "--rpm", "60", "--client-rpm", "10", "--spend-month-usd", "12.5", "--json",
        ])
        let createdJSON = try #require(try JSONSerialization.jsonObject(with: Data(created.standardOutput.utf8)) as? [String: Any])
        #expect((createdJSON["partialKey"] as? String)?.isEmpty == false)
        #expect(createdJSON["serviceURLs"] as? [String: String] == ["openai": "http://127.0.0.1:8799/story/openai"])

        let openAIKey = "sk-proj-CLITEST-\(UUID().uuidString)"
        let anthropicKey = "sk-ant-CLITEST-\(UUID().uuidString)"
        try await cli.succeed(["keys", "set", "story", "openai", "--key-env", "STORY_OPENAI_KEY"], environment: ["STORY_OPENAI_KEY": openAIKey])
        try await cli.succeed(["keys", "set", "story", "anthropic", "--key-file", "-"], input: anthropicKey + "\n")
        #expect(try await cli.succeed(["keys", "list", "story"]).standardOutput == "anthropic\nopenai\n")

        let shown = try await cli.succeed(["projects", "show", "story"])
        let project = try #require(try JSONSerialization.jsonObject(with: Data(shown.standardOutput.utf8)) as? [String: Any])
        #expect(project["secrets"] as? [String] == ["anthropic", "openai"])
        let limits = try #require(project["projectLimits"] as? [String: Any])
        #expect(limits["requestsPerMinute"] as? Int == 60)
        #expect(limits["spendPerMonthMicroUSD"] as? Int == 12_500_000)
        #expect((project["clientLimits"] as? [String: Any])?["requestsPerMinute"] as? Int == 10)

        let kid = try await cli.succeed(["tokens", "keygen", "--alg", "ES256", "--out", "backend"]).standardOutput
            .trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(try cli.permissions("backend.key") == 0o600)
        try await cli.succeed(["projects", "token-key", "add", "story", "--alg", "ES256", "--public-key-file", "backend.pub", "--kid", kid])
        let token = try await cli.succeed([
            "tokens", "mint", "--project", "story", "--subject", "alice", "--private-key-file", "backend.key", "--kid", kid,
            "--ttl", "10m", "--rpm", "5",
        ]).standardOutput.trimmingCharacters(in: .whitespacesAndNewlines)
        let store = try await RelayStore.open(cli.file("relay-data/relay.sqlite").path)
        let stored = try #require(try await store.project(id: "story"))
        let claims = try await ClientTokenVerifier().verify(token, for: stored, now: Date())
        #expect(claims.sub.value == "alice")
        #expect(claims.narrowing.requestsPerMinute == 5)
        #expect(stored.clientLimits.requestsPerMinute == 10)
        #expect(stored.projectLimits.allowedModels == ["gpt-4o-mini", "gpt-4o*"])

        let rotated = try await cli.succeed(["keys", "rotate-master"])
        #expect(rotated.standardOutput.contains("Re-sealed 2 secrets under the new master key k2."))
        try await expectSecret(openAIKey, "openai", sealedWith: "k2", store: store, keyFile: cli.file("relay-data/master.keys"))
        #expect(try cli.masterKeyIDs() == ["k1", "k2"])
        let dropped = try await cli.succeed(["keys", "rotate-master", "--drop-old"])
        #expect(dropped.standardOutput.contains("Re-sealed 2 secrets under the new master key k3."))
        #expect(dropped.standardOutput.contains("Dropped the old master keys: k1, k2."))
        #expect(try cli.masterKeyIDs() == ["k3"])
        try await expectSecret(anthropicKey, "anthropic", sealedWith: "k3", store: store, keyFile: cli.file("relay-data/master.keys"))
        await store.close()

        let usage = try await cli.succeed(["usage"])
        #expect(usage.standardOutput.hasPrefix("project  client  model  requests  tokens  cost USD\n"))
        #expect(usage.standardOutput.split(separator: "\n").count == 2)
        let usageJSON = try await cli.succeed(["usage", "--project", "story", "--since", "2026-01-01", "--json"]).standardOutput
        #expect(try JSONSerialization.jsonObject(with: Data(usageJSON.utf8)) as? [Any] != nil)
        #expect(try (JSONSerialization.jsonObject(with: Data(usageJSON.utf8)) as? [Any])?.isEmpty == true)

        for key in [openAIKey, anthropicKey] {
            #expect(!cli.everything.contains(key), "a provider key was printed")
            #expect(try cli.filesContaining(key).isEmpty, "a provider key is stored in plain text")
        }
        #expect(!cli.everything.contains(try cli.masterKeyMaterial()), "a master key was printed")
    }

    @Test("tokens keygen and mint make tokens the verifier accepts, for this project only", arguments: [ClientTokenAlgorithm.eddsa, .es256])
    func tokenAlgorithms(_ algorithm: ClientTokenAlgorithm) async throws {
        let cli = try CLISession()
        defer { cli.remove() }
        let kid = try await cli.succeed(["tokens", "keygen", "--alg", algorithm.rawValue, "--out", "k", "--kid", "kid-1"]).standardOutput
        #expect(kid == "kid-1\n")
        let token = try await cli.succeed([
            "tokens", "mint", "--project", "app", "--subject", "bob", "--private-key-file", "k.key", "--kid", "kid-1",
            "--models", "gpt-4o-mini",
        ]).standardOutput.trimmingCharacters(in: .whitespacesAndNewlines)
        let publicKey = try String(contentsOf: cli.file("k.pub"), encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)
        let project = Project(
            id: "app", partialKey: "pk",
            auth: ProjectAuth(clientTokenKeys: [ClientTokenKey(keyID: "kid-1", algorithm: algorithm, publicKey: publicKey)]))
        let claims = try await ClientTokenVerifier().verify(token, for: project, now: Date())
        #expect(claims.sub.value == "bob")
        #expect(claims.narrowing.models == ["gpt-4o-mini"])
        await #expect(throws: ClientTokenError.self) {
            try await ClientTokenVerifier().verify(token, for: Project(id: "other", partialKey: "pk", auth: project.auth), now: Date())
        }
    }

    @Test("mistakes end with one line on standard error and a non-zero status")
    func errors() async throws {
        let cli = try CLISession()
        defer { cli.remove() }
        try await cli.fail(["serve"], saying: "No configuration at relay-data/relay.json: run `relay init` first")
        try await cli.succeed(["init"])
        try await cli.fail(["init"], saying: "A relay is already set up in relay-data")
        try await cli.succeed(["init", "--force"])
        try await cli.fail(["projects", "show", "nope"], saying: "No project \"nope\"")
        try await cli.fail(["keys", "set", "nope", "openai", "--key-env", "CLI_TEST_KEY"], environment: ["CLI_TEST_KEY": "sk-x"], saying: "No project \"nope\"")
        try await cli.succeed(["projects", "create", "app"])
        try await cli.fail(["projects", "create", "app"], saying: "Already exists")
        try await cli.fail(["keys", "set", "app", "openai", "--key-env", "CLI_TEST_UNSET_VARIABLE"], saying: "CLI_TEST_UNSET_VARIABLE is not set")
        try await cli.fail(["keys", "set", "app", "openai", "--key-env", "CLI_TEST_EMPTY"], environment: ["CLI_TEST_EMPTY": ""], saying: "is empty")
        try await cli.fail(["keys", "set", "app", "openai"], saying: "--key-env NAME or --key-file PATH")
        try await cli.fail(["keys", "delete", "app", "openai"], saying: "has no key \"openai\"")
        try await cli.fail(["projects", "create", "bad/id"], saying: "can't be a project id")
        try await cli.fail(["attest", "revoke", "no-such-key"], saying: "No App Attest key")
        try await cli.fail(["usage", "--since", "yesterday"], saying: "is not a date")
        try await cli.fail(["tokens", "mint", "--project", "app", "--subject", "u", "--private-key-file", "missing.key", "--kid", "k"], saying: "Can't read missing.key")
        try await cli.fail(["projects", "list", "--database", "mysql://host/db"], saying: "Bad database location")
        #expect(try await cli.succeed(["attest", "list", "app"]).standardOutput.hasPrefix("key id"))
    }

    @Test("serve answers /health, logs its address and backend but never a secret, and exits 0 on SIGTERM")
    func serve() async throws {
        let cli = try CLISession()
        defer { cli.remove() }
        let port = try FreePort.find()
        try await cli.succeed(["init"])
        let directory = cli.directory
        async let run = CLIProcess.relay(["serve", "--port", "\(port)"], in: directory, terminateAfter: 5)
        var health: UInt?
        let deadline = ContinuousClock.now + .seconds(4)
        while health == nil, ContinuousClock.now < deadline {
            try await Task.sleep(for: .milliseconds(100))
            health = try? await HTTPClient.shared.execute(
                HTTPClientRequest(url: "http://127.0.0.1:\(port)/health"), timeout: .milliseconds(500)
            ).status.code
        }
        let result = try await run
        #expect(health == 200, "\(result.standardError)")
        #expect(result.standardError.contains("Relay starting"))
        #expect(result.standardError.contains("address=http://127.0.0.1:\(port)"))
        #expect(result.standardError.contains("backend=sqlite"))
        #expect(!result.allOutput.contains(try cli.masterKeyMaterial()))
        #expect(result.status == 0, "\(result.standardError)")
    }

    @Test("set-limits, app-attest, device-check and token-key change the stored project; the .p8 is stored sealed")
    func projectSettings() async throws {
        let cli = try CLISession()
        defer { cli.remove() }
        try await cli.succeed(["init"])
        try await cli.succeed(["projects", "create", "app", "--anthropic-url", "http://127.0.0.1:9/", "--rpm", "60", "--tpd", "1000"])
        try await cli.succeed([
            "projects", "set-limits", "app", "--clear", "rpm", "--tpm", "500", "--client-tpd", "100", "--allow", "post /v1/messages",
        ])
        try await cli.succeed(["projects", "app-attest", "app", "--app-id", "ABCDE12345.com.example.app", "--allow-development"])
        let p8 = P256.Signing.PrivateKey().pemRepresentation
        try FileManager.default.createDirectory(at: cli.file("keys"), withIntermediateDirectories: true)
        try Data(p8.utf8).write(to: cli.file("keys/AuthKey.p8"))
        try await cli.succeed(["projects", "device-check", "app", "--team-id", "ABCDE12345", "--key-id", "KEY123", "--p8-file", "keys/AuthKey.p8"])
        try FileManager.default.removeItem(at: cli.file("keys"))
        try await cli.succeed(["tokens", "keygen", "--out", "k", "--kid", "one"])
        try await cli.succeed(["projects", "token-key", "add", "app", "--alg", "ES256", "--public-key-file", "k.pub", "--kid", "one"])
        try await cli.fail(["projects", "token-key", "add", "app", "--alg", "ES256", "--public-key-file", "k.pub", "--kid", "one"], saying: "already has a token key")
        try await cli.fail(["projects", "token-key", "add", "app", "--alg", "ES256", "--public-key-file", "k.key", "--kid", "two"], saying: "not a PEM public key")

        let store = try await RelayStore.open(cli.file("relay-data/relay.sqlite").path)
        let project = try #require(try await store.project(id: "app"))
        let sealed = try #require(try await store.secret(projectID: "app", name: "devicecheck-p8"))
        await store.close()
        #expect(project.upstreams == [Upstream(provider: .anthropic, baseURL: "http://127.0.0.1:9")])
        #expect(project.projectLimits.requestsPerMinute == nil)
        #expect(project.projectLimits.tokensPerMinute == 500)
        #expect(project.projectLimits.tokensPerDay == 1000)
        #expect(project.clientLimits.tokensPerDay == 100)
        #expect(project.projectLimits.allowedEndpoints == ["POST /v1/messages"])
        #expect(project.clientLimits.allowedEndpoints == ["POST /v1/messages"])
        #expect(project.auth.appAttest == AppAttestSettings(appID: "ABCDE12345.com.example.app", allowDevelopment: true))
        #expect(project.auth.deviceCheck == DeviceCheckSettings(teamID: "ABCDE12345", keyID: "KEY123", keySecretName: "devicecheck-p8"))
        #expect(project.auth.clientTokenKeys.map(\.keyID) == ["one"])
        let box = try SecretBox.load(file: cli.file("relay-data/master.keys").path, environment: [:])
        #expect(String(decoding: try box.open(sealed, context: "app/devicecheck-p8"), as: UTF8.self) == p8)
        let keyBody = try #require(p8.split(separator: "\n").dropFirst().first.map(String.init))
        #expect(try cli.filesContaining(keyBody).isEmpty, "the .p8 is stored in plain text")
        #expect(!cli.everything.contains(keyBody))
        let shown = try await cli.succeed(["projects", "show", "app"]).standardOutput
        #expect(shown.contains("\"devicecheck-p8\""))
        #expect(!shown.contains(keyBody))
    }

    @Test("RELAY_MASTER_KEYS, when set, is the key ring instead of the key file")
    func masterKeysFromEnvironment() async throws {
        let cli = try CLISession()
        defer { cli.remove() }
        try await cli.succeed(["init"])
        try await cli.succeed(["projects", "create", "app"])
        let ring = [SecretBox.generateKeyLine(id: "env1"), SecretBox.generateKeyLine(id: "env2")].joined(separator: ",")
        let stored = try await cli.succeed(
            ["keys", "set", "app", "openai", "--key-env", "APP_KEY"],
            environment: ["APP_KEY": "sk-from-env", "RELAY_MASTER_KEYS": ring])
        #expect(stored.standardOutput.contains("sealed under master key env2"))
        try await cli.fail(["keys", "set", "app", "openai", "--key-env", "APP_KEY"],
            environment: ["APP_KEY": "sk-x", "RELAY_MASTER_KEYS": "env1:not-base64!"], saying: "Master keys: entry 1")
        let store = try await RelayStore.open(cli.file("relay-data/relay.sqlite").path)
        let sealed = try #require(try await store.secret(projectID: "app", name: "openai"))
        await store.close()
        let box = try SecretBox.load(file: nil, environment: ["RELAY_MASTER_KEYS": ring])
        #expect(String(decoding: try box.open(sealed, context: "app/openai"), as: UTF8.self) == "sk-from-env")
        #expect(!cli.everything.contains(ring))
    }

    @Test("init migrates a PostgreSQL database, and --database points every command at it", .enabled(if: TestPostgres.url != nil))
    func postgres() async throws {
        let schema = TestPostgres.uniqueSchemaName()
        let url = try #require(TestPostgres.isolatedURL(schema: schema))
        let cli = try CLISession()
        defer { cli.remove() }
        try await TestPostgres.withSharedAccess {
            let setup = try await cli.succeed(["init", "--database", url])
            #expect(setup.standardOutput.contains("PostgreSQL at "))
            #expect(!FileManager.default.fileExists(atPath: cli.file("relay-data/relay.sqlite").path))
            try await cli.succeed(["projects", "create", "pg-app"])
            try await cli.succeed(["keys", "set", "pg-app", "anthropic", "--key-env", "PG_KEY"], environment: ["PG_KEY": "sk-ant-pg"])
            #expect(try await cli.succeed(["keys", "list", "pg-app"]).standardOutput == "anthropic\n")
            let store = try await RelayStore.open(url)
            #expect(try await store.secretNames(projectID: "pg-app") == ["anthropic"])
            try await store.dropPostgresSchema(schema)
            await store.close()
        }
    }

    private func expectSecret(
        _ value: String, _ name: String, sealedWith keyID: String, store: RelayStore, keyFile: URL
    ) async throws {
        let sealed = try #require(try await store.secret(projectID: "story", name: name))
        #expect(sealed.masterKeyID == keyID)
        let box = try SecretBox.load(file: keyFile.path, environment: [:])
        let opened = try box.open(sealed, context: SecretBox.context(projectID: "story", name: name))
        #expect(String(decoding: opened, as: UTF8.self) == value)
    }
}
