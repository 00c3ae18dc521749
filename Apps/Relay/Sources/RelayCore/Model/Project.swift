import Foundation

/// One app (or backend) a relay serves: its upstreams, who may call it and its limits. Several projects share one
/// relay; the first path segment of every proxied request names the project (`/{project}/{provider}/…`).
public struct Project: Codable, Sendable, Equatable {
    /// A short URL-safe name, chosen at `relay projects create` (`story-app`).
    public var id: String
    /// The AIProxy-compatible partial key shipped in the app: it identifies the project, it is not a provider key.
    public var partialKey: String
    public var upstreams: [Upstream]
    public var projectLimits: Limits
    public var clientLimits: Limits
    public var auth: ProjectAuth
    public var createdAt: Date

    public init(
        id: String,
        partialKey: String,
        upstreams: [Upstream] = [],
        projectLimits: Limits = Limits(),
        clientLimits: Limits = Limits(),
        auth: ProjectAuth = ProjectAuth(),
        createdAt: Date = Date()
    ) {
        self.id = id
        self.partialKey = partialKey
        self.upstreams = upstreams
        self.projectLimits = projectLimits
        self.clientLimits = clientLimits
        self.auth = auth
        self.createdAt = createdAt
    }

    public func upstream(for provider: Provider) -> Upstream? {
        upstreams.first { $0.provider == provider }
    }
}

/// How a project's clients prove who they are. A request passes with any one method the project enables.
public struct ProjectAuth: Codable, Sendable, Equatable {
    /// AIProxy's DeviceCheck header (`aiproxy-devicecheck`), validated with Apple; needs `deviceCheck`.
    public var deviceCheck: DeviceCheckSettings?
    /// The simulator-only bypass token (`aiproxy-devicecheck-bypass`). Leave unset in production.
    public var deviceCheckBypassToken: String?
    /// App Attest: the app id (`TEAMID.bundle.id`) and which environments' keys are accepted.
    public var appAttest: AppAttestSettings?
    /// Public keys (PEM) whose signatures on client tokens the project accepts; the developer's backend holds the
    /// private keys and mints short-lived tokens for its users.
    public var clientTokenKeys: [ClientTokenKey]
    /// Accept a request with only the partial key and an `aiproxy-client-id` (no device proof): for development.
    public var allowPartialKeyOnly: Bool

    public init(
        deviceCheck: DeviceCheckSettings? = nil,
        deviceCheckBypassToken: String? = nil,
        appAttest: AppAttestSettings? = nil,
        clientTokenKeys: [ClientTokenKey] = [],
        allowPartialKeyOnly: Bool = false
    ) {
        self.deviceCheck = deviceCheck
        self.deviceCheckBypassToken = deviceCheckBypassToken
        self.appAttest = appAttest
        self.clientTokenKeys = clientTokenKeys
        self.allowPartialKeyOnly = allowPartialKeyOnly
    }
}

/// Apple DeviceCheck: the developer's team id and the DeviceCheck key (a `.p8` private key, stored encrypted by
/// the relay like a provider key, referenced by `keySecretName`).
public struct DeviceCheckSettings: Codable, Sendable, Equatable {
    public var teamID: String
    public var keyID: String
    /// The name of the relay secret that holds the `.p8` key's PEM.
    public var keySecretName: String
    /// Apple's endpoint; `https://api.devicecheck.apple.com` (production) or `https://api.development.devicecheck.apple.com`.
    public var endpoint: String

    public init(teamID: String, keyID: String, keySecretName: String, endpoint: String = "https://api.devicecheck.apple.com") {
        self.teamID = teamID
        self.keyID = keyID
        self.keySecretName = keySecretName
        self.endpoint = endpoint
    }
}

/// App Attest settings of a project.
public struct AppAttestSettings: Codable, Sendable, Equatable {
    /// `TEAMID.bundle.identifier`: its SHA-256 is the rpIdHash every attestation and assertion must carry.
    public var appID: String
    /// Accept keys attested in the development environment (`appattestdevelop`), for builds run from Xcode.
    public var allowDevelopment: Bool

    public init(appID: String, allowDevelopment: Bool = false) {
        self.appID = appID
        self.allowDevelopment = allowDevelopment
    }
}

/// A public key that signs client tokens.
public struct ClientTokenKey: Codable, Sendable, Equatable {
    /// The token header's `kid`.
    public var keyID: String
    public var algorithm: ClientTokenAlgorithm
    /// ES256: the PEM of a P-256 public key; EdDSA: the base64url of the raw Ed25519 public key.
    public var publicKey: String

    public init(keyID: String, algorithm: ClientTokenAlgorithm, publicKey: String) {
        self.keyID = keyID
        self.algorithm = algorithm
        self.publicKey = publicKey
    }
}

public enum ClientTokenAlgorithm: String, Codable, Sendable {
    case es256 = "ES256"
    case eddsa = "EdDSA"
}
