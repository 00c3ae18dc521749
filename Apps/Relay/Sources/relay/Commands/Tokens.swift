import ArgumentParser
import Foundation
import RelayAuth
import RelayCore

/// `relay tokens`: the key pairs and short-lived JWTs with which a developer's own backend lets its users through.
struct Tokens: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Make client-token keys and tokens (for your backend's scripts and for testing).",
        subcommands: [Keygen.self, Mint.self])

    struct Keygen: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Write a new key pair: PREFIX.key (private, mode 0600, for your backend) and PREFIX.pub (for `relay projects token-key add`); prints its kid.")

        @Option(name: .customLong("alg"), help: "The signing algorithm: ES256 or EdDSA.")
        var algorithm: ClientTokenAlgorithm = .es256

        @Option(help: ArgumentHelp("Where to write the files: PREFIX.key and PREFIX.pub.", valueName: "prefix"))
        var out: String

        @Option(help: "The key id to use (default: a new UUID).")
        var kid: String?

        func run() throws {
            let (privateKey, key) = kid.map { ClientTokens.generateKey(algorithm, keyID: $0) } ?? ClientTokens.generateKey(algorithm)
            for path in [out + ".key", out + ".pub"] where FileManager.default.fileExists(atPath: path) {
                throw CLIFailure("\(path) already exists; choose another --out prefix.")
            }
            try SecretFile.save(privateKey + "\n", to: out + ".key")
            guard FileManager.default.createFile(atPath: out + ".pub", contents: Data((key.publicKey + "\n").utf8)) else {
                throw CLIFailure("Can't write \(out).pub.")
            }
            print(key.keyID)
            Output.note("Wrote \(out).key (private: keep it on your backend) and \(out).pub. Next: relay projects token-key add PROJECT --alg \(algorithm.rawValue) --public-key-file \(out).pub --kid \(key.keyID)")
        }
    }

    struct Mint: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Print a client token for one user of a project, signed with a private key from `tokens keygen`.")

        @Option(help: "The project the token is for (its `aud`).") var project: String
        @Option(help: "The user the token is for (its `sub`): their limits and usage are kept under it.") var subject: String
        @Option(help: "The private key file written by `tokens keygen`.") var privateKeyFile: String
        @Option(help: "The key id the project knows the public key by.") var kid: String

        @Option(name: .customLong("alg"), help: "ES256 or EdDSA (default: read from the key file).")
        var algorithm: ClientTokenAlgorithm?

        @Option(help: "How long the token is valid: 90s, 15m, 2h, 1d.") var ttl = "15m"

        @Option(help: "Narrow the user's models, comma-separated.") var models: String?
        @Option(name: .customLong("endpoint"), help: "Narrow the user's endpoints (\"POST /v1/chat/completions\"); repeat for more.")
        var endpoints: [String] = []
        @Option(help: "Narrow the user's output tokens per request.") var maxOutputTokens: Int?
        @Option(help: "Narrow the user's requests per minute.") var rpm: Int?
        @Option(help: "Narrow the user's tokens per minute.") var tpm: Int?
        @Option(help: "Narrow the user's tokens per day.") var tpd: Int?
        @Option(help: "Narrow the user's spend per calendar month, in US dollars.") var spendMonthUsd: Double?

        func validate() throws {
            let counts = [maxOutputTokens, rpm, tpm, tpd].compactMap { $0 }
            guard counts.allSatisfy({ $0 >= 0 }), (0...1_000_000_000).contains(spendMonthUsd ?? 0) else {
                throw ValidationError("Narrowing limits must be between 0 and 1,000,000,000.")
            }
        }

        func run() async throws {
            let privateKey = try SecretFile.readText(privateKeyFile).trimmingCharacters(in: .whitespacesAndNewlines)
            let algorithm = algorithm ?? (privateKey.contains("BEGIN") ? .es256 : .eddsa)
            let narrowing = ClientTokenNarrowing(
                models: models.map { $0.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) } },
                endpoints: endpoints.isEmpty ? nil : endpoints,
                maxOutputTokens: maxOutputTokens,
                requestsPerMinute: rpm,
                tokensPerMinute: tpm,
                tokensPerDay: tpd,
                spendPerMonthMicroUSD: spendMonthUsd.map { Int64(($0 * 1_000_000).rounded()) })
            let token = try await ClientTokens.mint(
                privateKey: privateKey, keyID: kid, algorithm: algorithm, subject: subject, projectID: project,
                lifetime: TimeInterval(try TimeSpec.seconds(ttl)), narrowing: narrowing)
            print(token)
        }
    }
}
