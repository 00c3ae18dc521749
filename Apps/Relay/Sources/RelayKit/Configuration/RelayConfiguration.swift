import Foundation

/// How one relay instance runs: where it listens, which database and master keys it uses, and its safety limits.
///
/// `relay init` writes one as `relay.json` next to the SQLite database and the master-key file; `relay serve` reads
/// it, and its flags override single values (`--database postgres://…` to share state between instances).
/// Nothing here is secret: the admin token is kept only as its SHA-256, the master keys live in their own file
/// (or the environment), and provider keys are sealed in the database.
public struct RelayConfiguration: Codable, Sendable, Equatable {
    /// The address to bind. `127.0.0.1` by default; `0.0.0.0` behind a load balancer.
    public var host: String
    public var port: Int
    /// A SQLite file path or a `postgres://` URL. A relative path is relative to the folder of `relay.json`.
    public var database: String
    /// The master-key file (`id:base64key` lines, the last one current), relative to the folder of `relay.json`.
    /// `nil`: only `RELAY_MASTER_KEYS`.
    public var masterKeyFile: String?
    /// SHA-256 (hex) of the admin API's bearer token; `nil` turns the admin API off.
    public var adminTokenSHA256: String?
    /// The largest request body accepted, in bytes (413 above it). Uploads of audio or files need room.
    public var maxBodyBytes: Int
    /// A JSON price table replacing the built-in one (micro-USD per million tokens by model prefix).
    public var priceTableFile: String?
    /// A PEM file of the App Attest root to trust instead of Apple's (tests and staging only).
    public var appAttestRootFile: String?
    /// How long an upstream may take to start answering, in seconds (streams may then run as long as they last).
    public var upstreamTimeoutSeconds: Int
    /// How long `SIGTERM` waits for requests and streams in flight before the relay exits, in seconds.
    public var shutdownGraceSeconds: Int

    public init(
        host: String = "127.0.0.1",
        port: Int = 8787,
        database: String = "relay.sqlite",
        masterKeyFile: String? = "master.keys",
        adminTokenSHA256: String? = nil,
        maxBodyBytes: Int = 32 << 20,
        priceTableFile: String? = nil,
        appAttestRootFile: String? = nil,
        upstreamTimeoutSeconds: Int = 600,
        shutdownGraceSeconds: Int = 60
    ) {
        self.host = host
        self.port = port
        self.database = database
        self.masterKeyFile = masterKeyFile
        self.adminTokenSHA256 = adminTokenSHA256
        self.maxBodyBytes = maxBodyBytes
        self.priceTableFile = priceTableFile
        self.appAttestRootFile = appAttestRootFile
        self.upstreamTimeoutSeconds = upstreamTimeoutSeconds
        self.shutdownGraceSeconds = shutdownGraceSeconds
    }
}

extension RelayConfiguration {
    /// Reads a `relay.json`; missing keys take their defaults, so a file stays valid as options are added.
    public static func load(file: String) throws -> RelayConfiguration {
        let data = try Data(contentsOf: URL(fileURLWithPath: file))
        return try JSONDecoder().decode(RelayConfiguration.self, from: data)
    }

    /// Writes the configuration as pretty-printed JSON.
    public func save(file: String) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        try encoder.encode(self).write(to: URL(fileURLWithPath: file), options: .atomic)
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let defaults = RelayConfiguration()
        host = try container.decodeIfPresent(String.self, forKey: .host) ?? defaults.host
        port = try container.decodeIfPresent(Int.self, forKey: .port) ?? defaults.port
        database = try container.decodeIfPresent(String.self, forKey: .database) ?? defaults.database
        masterKeyFile = try container.decodeIfPresent(String.self, forKey: .masterKeyFile)
        adminTokenSHA256 = try container.decodeIfPresent(String.self, forKey: .adminTokenSHA256)
        maxBodyBytes = try container.decodeIfPresent(Int.self, forKey: .maxBodyBytes) ?? defaults.maxBodyBytes
        priceTableFile = try container.decodeIfPresent(String.self, forKey: .priceTableFile)
        appAttestRootFile = try container.decodeIfPresent(String.self, forKey: .appAttestRootFile)
        upstreamTimeoutSeconds =
            try container.decodeIfPresent(Int.self, forKey: .upstreamTimeoutSeconds) ?? defaults.upstreamTimeoutSeconds
        shutdownGraceSeconds =
            try container.decodeIfPresent(Int.self, forKey: .shutdownGraceSeconds) ?? defaults.shutdownGraceSeconds
    }
}
