import AICore
import Foundation

/// A Managed Agents environment: the sandbox a session runs its tools in — Anthropic's cloud container with its
/// network policy and packages, or a machine the organization hosts.
public struct AgentEnvironment: Codable, Sendable, Hashable, Identifiable {
    /// The environment's id (`env_…`).
    public let id: String
    /// `environment`.
    public let type: String
    /// Human-readable name.
    public let name: String
    /// What the environment is for; nil when unset.
    public let description: String?
    /// Cloud or self-hosted, and how.
    public let config: AgentEnvironmentConfig
    /// Who sees it: `organization` (every account) or `account` (the owning account only).
    public let scope: String?
    /// Key-value pairs for the app's own use.
    public let metadata: [String: String]
    /// When it was created (RFC 3339).
    public let createdAt: String
    /// When it last changed (RFC 3339).
    public let updatedAt: String
    /// When it was archived (RFC 3339); nil while it is active.
    public let archivedAt: String?
    /// Fields of the answer this version of the library doesn't model.
    public let additionalFields: [String: JSONValue]

    /// Whether the environment is archived (it can no longer be changed or host new sessions).
    public var isArchived: Bool { archivedAt != nil }

    enum CodingKeys: String, CodingKey, CaseIterable {
        case id, type, name, description, config, scope, metadata
        case createdAt = "created_at"
        case updatedAt = "updated_at"
        case archivedAt = "archived_at"
    }

    /// Reads an environment, keeping the fields the library doesn't model.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decode(String.self, forKey: .id)
        type = try container.decodeIfPresent(String.self, forKey: .type) ?? "environment"
        name = try container.decode(String.self, forKey: .name)
        description = try container.decodeIfPresent(String.self, forKey: .description)
        config = try container.decode(AgentEnvironmentConfig.self, forKey: .config)
        scope = try container.decodeIfPresent(String.self, forKey: .scope)
        metadata = try container.decodeIfPresent([String: String].self, forKey: .metadata) ?? [:]
        createdAt = try container.decode(String.self, forKey: .createdAt)
        updatedAt = try container.decode(String.self, forKey: .updatedAt)
        archivedAt = try container.decodeIfPresent(String.self, forKey: .archivedAt)
        additionalFields = try AdditionalFields.additional(in: decoder, known: CodingKeys.allCases.map(\.rawValue))
    }

    /// Writes the environment as the API answers it, with the fields it kept.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode(type, forKey: .type)
        try container.encode(name, forKey: .name)
        try container.encode(description, forKey: .description)
        try container.encode(config, forKey: .config)
        try container.encodeIfPresent(scope, forKey: .scope)
        try container.encode(metadata, forKey: .metadata)
        try container.encode(createdAt, forKey: .createdAt)
        try container.encode(updatedAt, forKey: .updatedAt)
        try container.encode(archivedAt, forKey: .archivedAt)
        try AdditionalFields.encode(additionalFields, to: encoder)
    }
}

/// Where an environment runs: Anthropic's cloud or the organization's own machines.
public enum AgentEnvironmentConfig: Codable, Sendable, Hashable {
    /// A container in Anthropic's cloud, with its network policy and packages (`cloud`). In an update, what is
    /// left nil keeps its value.
    case cloud(networking: AgentEnvironmentNetworking? = nil, packages: AgentEnvironmentPackages? = nil)
    /// Machines the organization runs, which take the work from the environment's queue (`self_hosted`).
    case selfHosted
    /// A config type this version of the library doesn't know, as JSON.
    case unknown(JSONValue)

    private enum CodingKeys: String, CodingKey { case type, networking, packages }

    /// Reads the config by its `type`.
    public init(from decoder: any Decoder) throws {
        let raw = try JSONValue(from: decoder)
        switch decoder.stringField(named: "type") {
        case "cloud":
            do {
                let container = try decoder.container(keyedBy: CodingKeys.self)
                self = .cloud(
                    networking: try container.decodeIfPresent(AgentEnvironmentNetworking.self, forKey: .networking),
                    packages: try container.decodeIfPresent(AgentEnvironmentPackages.self, forKey: .packages))
            } catch {
                self = .unknown(raw)
            }
        case "self_hosted": self = .selfHosted
        default: self = .unknown(raw)
        }
    }

    /// Writes the config with its `type`.
    public func encode(to encoder: any Encoder) throws {
        switch self {
        case .cloud(let networking, let packages):
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode("cloud", forKey: .type)
            try container.encodeIfPresent(networking, forKey: .networking)
            try container.encodeIfPresent(packages, forKey: .packages)
        case .selfHosted:
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode("self_hosted", forKey: .type)
        case .unknown(let raw): try raw.encode(to: encoder)
        }
    }
}

/// What a cloud environment's container can reach on the network.
public enum AgentEnvironmentNetworking: Codable, Sendable, Hashable {
    /// Any host.
    case unrestricted
    /// Only the listed hosts, plus MCP servers and package registries where allowed. In an update, nil keeps the
    /// stored value.
    case limited(allowedHosts: [String]? = nil, allowMCPServers: Bool? = nil, allowPackageManagers: Bool? = nil)
    /// A policy this version of the library doesn't know, as JSON.
    case unknown(JSONValue)

    private enum CodingKeys: String, CodingKey {
        case type
        case allowedHosts = "allowed_hosts"
        case allowMCPServers = "allow_mcp_servers"
        case allowPackageManagers = "allow_package_managers"
    }

    /// Reads the policy by its `type`.
    public init(from decoder: any Decoder) throws {
        let raw = try JSONValue(from: decoder)
        switch decoder.stringField(named: "type") {
        case "unrestricted": self = .unrestricted
        case "limited":
            let container = try decoder.container(keyedBy: CodingKeys.self)
            self = .limited(
                allowedHosts: try container.decodeIfPresent([String].self, forKey: .allowedHosts),
                allowMCPServers: try container.decodeIfPresent(Bool.self, forKey: .allowMCPServers),
                allowPackageManagers: try container.decodeIfPresent(Bool.self, forKey: .allowPackageManagers))
        default: self = .unknown(raw)
        }
    }

    /// Writes the policy with its `type`.
    public func encode(to encoder: any Encoder) throws {
        switch self {
        case .unrestricted:
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode("unrestricted", forKey: .type)
        case .limited(let hosts, let mcp, let packages):
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode("limited", forKey: .type)
            try container.encodeIfPresent(hosts, forKey: .allowedHosts)
            try container.encodeIfPresent(mcp, forKey: .allowMCPServers)
            try container.encodeIfPresent(packages, forKey: .allowPackageManagers)
        case .unknown(let raw): try raw.encode(to: encoder)
        }
    }
}

/// The packages installed in a cloud environment, per package manager; a version can be pinned the manager's way
/// (`pandas==2.2.0` for pip).
public struct AgentEnvironmentPackages: Codable, Sendable, Hashable {
    /// Ubuntu/Debian packages.
    public var apt: [String]?
    /// Rust crates.
    public var cargo: [String]?
    /// Ruby gems.
    public var gem: [String]?
    /// Go modules.
    public var go: [String]?
    /// Node.js packages.
    public var npm: [String]?
    /// Python packages.
    public var pip: [String]?

    /// Packages to install; managers left nil install nothing (or, in an update, keep what they had).
    public init(
        apt: [String]? = nil, cargo: [String]? = nil, gem: [String]? = nil, go: [String]? = nil, npm: [String]? = nil, pip: [String]? = nil
    ) {
        self.apt = apt
        self.cargo = cargo
        self.gem = gem
        self.go = go
        self.npm = npm
        self.pip = pip
    }

    enum CodingKeys: String, CodingKey { case type, apt, cargo, gem, go, npm, pip }

    /// Reads the package lists.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        apt = try container.decodeIfPresent([String].self, forKey: .apt)
        cargo = try container.decodeIfPresent([String].self, forKey: .cargo)
        gem = try container.decodeIfPresent([String].self, forKey: .gem)
        go = try container.decodeIfPresent([String].self, forKey: .go)
        npm = try container.decodeIfPresent([String].self, forKey: .npm)
        pip = try container.decodeIfPresent([String].self, forKey: .pip)
    }

    /// Writes the package lists with `"type": "packages"`.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode("packages", forKey: .type)
        try container.encodeIfPresent(apt, forKey: .apt)
        try container.encodeIfPresent(cargo, forKey: .cargo)
        try container.encodeIfPresent(gem, forKey: .gem)
        try container.encodeIfPresent(go, forKey: .go)
        try container.encodeIfPresent(npm, forKey: .npm)
        try container.encodeIfPresent(pip, forKey: .pip)
    }
}
