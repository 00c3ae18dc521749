import AICore
import Foundation

/// How a stored credential authenticates, as the API shows it (secrets are never returned).
public enum VaultCredentialAuth: Codable, Sendable, Hashable {
    /// An OAuth access token for an MCP server, refreshed by the API when it can (`mcp_oauth`).
    case mcpOAuth(VaultMCPOAuth)
    /// A fixed bearer token for an MCP server (`static_bearer`).
    case staticBearer(mcpServerURL: String)
    /// A secret the agent refers to by an environment variable's name, substituted into its outbound requests
    /// to the allowed hosts (`environment_variable`).
    case environmentVariable(VaultEnvironmentVariable)
    /// A credential type this version of the library doesn't know, as JSON.
    case unknown(JSONValue)

    private enum CodingKeys: String, CodingKey {
        case type
        case mcpServerURL = "mcp_server_url"
    }

    /// The MCP server the credential is for, where it has one.
    public var mcpServerURL: String? {
        switch self {
        case .mcpOAuth(let oauth): oauth.mcpServerURL
        case .staticBearer(let url): url
        case .environmentVariable: nil
        case .unknown(let raw): raw["mcp_server_url"]?.stringValue
        }
    }

    /// Reads the auth by its `type`; a known type whose fields don't decode is kept as ``unknown(_:)``.
    public init(from decoder: any Decoder) throws {
        let raw = try JSONValue(from: decoder)
        switch decoder.stringField(named: "type") {
        case "mcp_oauth": self = (try? .mcpOAuth(VaultMCPOAuth(from: decoder))) ?? .unknown(raw)
        case "static_bearer": self = raw["mcp_server_url"]?.stringValue.map { .staticBearer(mcpServerURL: $0) } ?? .unknown(raw)
        case "environment_variable": self = (try? .environmentVariable(VaultEnvironmentVariable(from: decoder))) ?? .unknown(raw)
        default: self = .unknown(raw)
        }
    }

    /// Writes the auth with its `type`.
    public func encode(to encoder: any Encoder) throws {
        switch self {
        case .mcpOAuth(let oauth): try oauth.encode(to: encoder)
        case .staticBearer(let url):
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode("static_bearer", forKey: .type)
            try container.encode(url, forKey: .mcpServerURL)
        case .environmentVariable(let variable): try variable.encode(to: encoder)
        case .unknown(let raw): try raw.encode(to: encoder)
        }
    }
}

/// An MCP OAuth credential as the API shows it.
public struct VaultMCPOAuth: Codable, Sendable, Hashable {
    /// The MCP server it authenticates against.
    public let mcpServerURL: String
    /// When the access token expires (RFC 3339), if known.
    public let expiresAt: String?
    /// How the API refreshes the token, when it can.
    public let refresh: VaultOAuthRefresh?

    enum CodingKeys: String, CodingKey {
        case type, refresh
        case mcpServerURL = "mcp_server_url"
        case expiresAt = "expires_at"
    }

    /// Reads the credential's OAuth details.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        mcpServerURL = try container.decode(String.self, forKey: .mcpServerURL)
        expiresAt = try container.decodeIfPresent(String.self, forKey: .expiresAt)
        refresh = try container.decodeIfPresent(VaultOAuthRefresh.self, forKey: .refresh)
    }

    /// Writes them with `"type": "mcp_oauth"`.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode("mcp_oauth", forKey: .type)
        try container.encode(mcpServerURL, forKey: .mcpServerURL)
        try container.encodeIfPresent(expiresAt, forKey: .expiresAt)
        try container.encodeIfPresent(refresh, forKey: .refresh)
    }
}

/// How the API refreshes an MCP OAuth token, as it shows it (the refresh token and client secret stay hidden).
public struct VaultOAuthRefresh: Codable, Sendable, Hashable {
    /// The OAuth client id.
    public let clientID: String
    /// The token endpoint.
    public let tokenEndpoint: String
    /// How the client authenticates at the token endpoint: `none`, `client_secret_basic` or `client_secret_post`.
    public let tokenEndpointAuthMethod: String
    /// The OAuth resource indicator.
    public let resource: String?
    /// The OAuth scope.
    public let scope: String?

    enum CodingKeys: String, CodingKey {
        case resource, scope
        case clientID = "client_id"
        case tokenEndpoint = "token_endpoint"
        case tokenEndpointAuth = "token_endpoint_auth"
    }

    private enum AuthKeys: String, CodingKey { case type }

    /// Reads the refresh settings.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        clientID = try container.decode(String.self, forKey: .clientID)
        tokenEndpoint = try container.decode(String.self, forKey: .tokenEndpoint)
        tokenEndpointAuthMethod = try container.nestedContainer(keyedBy: AuthKeys.self, forKey: .tokenEndpointAuth).decode(String.self, forKey: .type)
        resource = try container.decodeIfPresent(String.self, forKey: .resource)
        scope = try container.decodeIfPresent(String.self, forKey: .scope)
    }

    /// Writes them as the API answers them.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(clientID, forKey: .clientID)
        try container.encode(tokenEndpoint, forKey: .tokenEndpoint)
        var auth = container.nestedContainer(keyedBy: AuthKeys.self, forKey: .tokenEndpointAuth)
        try auth.encode(tokenEndpointAuthMethod, forKey: .type)
        try container.encodeIfPresent(resource, forKey: .resource)
        try container.encodeIfPresent(scope, forKey: .scope)
    }
}

/// An environment-variable credential as the API shows it.
public struct VaultEnvironmentVariable: Codable, Sendable, Hashable {
    /// The variable's name, which the agent uses in place of the secret.
    public let secretName: String
    /// Where in outbound requests the secret is substituted.
    public let injectionLocation: VaultInjectionLocation
    /// Which hosts' requests get the secret.
    public let networking: VaultCredentialNetworking

    enum CodingKeys: String, CodingKey {
        case type, networking
        case secretName = "secret_name"
        case injectionLocation = "injection_location"
    }

    /// Reads the variable's details.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        secretName = try container.decode(String.self, forKey: .secretName)
        injectionLocation = try container.decode(VaultInjectionLocation.self, forKey: .injectionLocation)
        networking = try container.decode(VaultCredentialNetworking.self, forKey: .networking)
    }

    /// Writes them with `"type": "environment_variable"`.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode("environment_variable", forKey: .type)
        try container.encode(secretName, forKey: .secretName)
        try container.encode(injectionLocation, forKey: .injectionLocation)
        try container.encode(networking, forKey: .networking)
    }
}

/// Where in an outbound request a secret may be substituted for its placeholder.
public struct VaultInjectionLocation: Codable, Sendable, Hashable {
    /// In the request body.
    public var body: Bool?
    /// In header values.
    public var header: Bool?

    /// A location; nil leaves the API's default (or, in an update, the stored value).
    public init(body: Bool? = nil, header: Bool? = nil) {
        self.body = body
        self.header = header
    }
}

/// Which outbound requests a credential's secret is substituted into.
public enum VaultCredentialNetworking: Codable, Sendable, Hashable {
    /// Requests to any host.
    case unrestricted
    /// Requests to the listed hosts only: bare hostnames, IPv4 addresses or `*.` wildcards (at most 16).
    case limited(allowedHosts: [String])
    /// A scope this version of the library doesn't know, as JSON.
    case unknown(JSONValue)

    private enum CodingKeys: String, CodingKey {
        case type
        case allowedHosts = "allowed_hosts"
    }

    /// Reads the scope by its `type`.
    public init(from decoder: any Decoder) throws {
        let raw = try JSONValue(from: decoder)
        switch decoder.stringField(named: "type") {
        case "unrestricted": self = .unrestricted
        case "limited":
            let hosts = raw["allowed_hosts"].flatMap { value -> [String]? in
                guard case .array(let items) = value else { return nil }
                return items.compactMap(\.stringValue)
            }
            self = hosts.map { .limited(allowedHosts: $0) } ?? .unknown(raw)
        default: self = .unknown(raw)
        }
    }

    /// Writes the scope with its `type`.
    public func encode(to encoder: any Encoder) throws {
        switch self {
        case .unrestricted:
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode("unrestricted", forKey: .type)
        case .limited(let hosts):
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode("limited", forKey: .type)
            try container.encode(hosts, forKey: .allowedHosts)
        case .unknown(let raw): try raw.encode(to: encoder)
        }
    }
}
