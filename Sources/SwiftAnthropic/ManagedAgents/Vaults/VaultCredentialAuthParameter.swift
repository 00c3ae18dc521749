import AICore
import Foundation

/// A new credential's authentication, secret included, for
/// ``AnthropicVaultsService/createVaultCredential(vaultID:auth:displayName:metadata:options:)``.
///
/// The secret goes to the API once and is never returned. Printing the value (`description`, `debugDescription`,
/// `dump`) shows `<redacted>` in place of every secret.
public enum VaultCredentialAuthParameter: Encodable, Sendable, CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    /// An OAuth access token for an MCP server; with `refresh`, the API renews it when it expires.
    ///
    /// - Parameter expiresAt: When the token expires (RFC 3339, in the future).
    case mcpOAuth(accessToken: String, mcpServerURL: String, expiresAt: String? = nil, refresh: VaultOAuthRefreshParameter? = nil)
    /// A fixed bearer token (an API key, a personal access token) for an MCP server.
    case staticBearer(token: String, mcpServerURL: String)
    /// A secret the agent refers to as environment variable `secretName`, substituted into its requests to the
    /// hosts `networking` allows.
    case environmentVariable(
        secretName: String, secretValue: String, networking: VaultCredentialNetworking, injectionLocation: VaultInjectionLocation? = nil)

    private enum CodingKeys: String, CodingKey {
        case type, token, networking, refresh
        case accessToken = "access_token"
        case mcpServerURL = "mcp_server_url"
        case expiresAt = "expires_at"
        case secretName = "secret_name"
        case secretValue = "secret_value"
        case injectionLocation = "injection_location"
    }

    /// Writes the auth with its `type` and secret.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        switch self {
        case .mcpOAuth(let token, let url, let expiresAt, let refresh):
            try container.encode("mcp_oauth", forKey: .type)
            try container.encode(token, forKey: .accessToken)
            try container.encode(url, forKey: .mcpServerURL)
            try container.encodeIfPresent(expiresAt, forKey: .expiresAt)
            try container.encodeIfPresent(refresh, forKey: .refresh)
        case .staticBearer(let token, let url):
            try container.encode("static_bearer", forKey: .type)
            try container.encode(token, forKey: .token)
            try container.encode(url, forKey: .mcpServerURL)
        case .environmentVariable(let name, let value, let networking, let location):
            try container.encode("environment_variable", forKey: .type)
            try container.encode(name, forKey: .secretName)
            try container.encode(value, forKey: .secretValue)
            try container.encode(networking, forKey: .networking)
            try container.encodeIfPresent(location, forKey: .injectionLocation)
        }
    }

    /// The auth with its secrets shown as `<redacted>`.
    public var description: String {
        switch self {
        case .mcpOAuth(_, let url, let expiresAt, let refresh):
            "mcpOAuth(accessToken: <redacted>, mcpServerURL: \(url), expiresAt: \(expiresAt ?? "nil"), refresh: \(refresh.map { "\($0)" } ?? "nil"))"
        case .staticBearer(_, let url): "staticBearer(token: <redacted>, mcpServerURL: \(url))"
        case .environmentVariable(let name, _, let networking, _):
            "environmentVariable(secretName: \(name), secretValue: <redacted>, networking: \(networking))"
        }
    }

    /// The same as ``description``: secrets redacted.
    public var debugDescription: String { description }

    /// What `dump` and debuggers show: the description, secrets redacted.
    public var customMirror: Mirror { Mirror(self, children: ["redacted": description]) }
}

/// How the API renews an MCP OAuth token: the refresh token and the client's credentials at the token endpoint.
/// Printing it shows `<redacted>` for the refresh token and client secret.
public struct VaultOAuthRefreshParameter: Encodable, Sendable, CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    /// The OAuth client id (it can't change later).
    public var clientID: String
    /// The refresh token.
    public var refreshToken: String
    /// The token endpoint.
    public var tokenEndpoint: String
    /// How the client authenticates at the token endpoint.
    public var tokenEndpointAuth: VaultTokenEndpointAuth
    /// The OAuth resource indicator.
    public var resource: String?
    /// The OAuth scope of refresh requests.
    public var scope: String?

    /// Refresh settings.
    public init(
        clientID: String, refreshToken: String, tokenEndpoint: String, tokenEndpointAuth: VaultTokenEndpointAuth, resource: String? = nil,
        scope: String? = nil
    ) {
        self.clientID = clientID
        self.refreshToken = refreshToken
        self.tokenEndpoint = tokenEndpoint
        self.tokenEndpointAuth = tokenEndpointAuth
        self.resource = resource
        self.scope = scope
    }

    enum CodingKeys: String, CodingKey {
        case resource, scope
        case clientID = "client_id"
        case refreshToken = "refresh_token"
        case tokenEndpoint = "token_endpoint"
        case tokenEndpointAuth = "token_endpoint_auth"
    }

    /// The settings with the refresh token and client secret shown as `<redacted>`.
    public var description: String {
        "VaultOAuthRefreshParameter(clientID: \(clientID), refreshToken: <redacted>, tokenEndpoint: \(tokenEndpoint), tokenEndpointAuth: \(tokenEndpointAuth), scope: \(scope ?? "nil"))"
    }

    /// The same as ``description``: secrets redacted.
    public var debugDescription: String { description }

    /// What `dump` and debuggers show: the description, secrets redacted.
    public var customMirror: Mirror { Mirror(self, children: ["redacted": description]) }
}

/// How an OAuth client authenticates at the token endpoint. Printing it shows `<redacted>` for the secret.
public enum VaultTokenEndpointAuth: Encodable, Sendable, CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    /// No client authentication (a public client).
    case none
    /// The client secret in HTTP Basic authentication.
    case clientSecretBasic(clientSecret: String)
    /// The client secret in the POST body.
    case clientSecretPost(clientSecret: String)

    private enum CodingKeys: String, CodingKey {
        case type
        case clientSecret = "client_secret"
    }

    /// Writes the method with its `type` and secret.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        switch self {
        case .none: try container.encode("none", forKey: .type)
        case .clientSecretBasic(let secret):
            try container.encode("client_secret_basic", forKey: .type)
            try container.encode(secret, forKey: .clientSecret)
        case .clientSecretPost(let secret):
            try container.encode("client_secret_post", forKey: .type)
            try container.encode(secret, forKey: .clientSecret)
        }
    }

    /// The method with its secret shown as `<redacted>`.
    public var description: String {
        switch self {
        case .none: "none"
        case .clientSecretBasic: "clientSecretBasic(clientSecret: <redacted>)"
        case .clientSecretPost: "clientSecretPost(clientSecret: <redacted>)"
        }
    }

    /// The same as ``description``: secrets redacted.
    public var debugDescription: String { description }

    /// What `dump` and debuggers show: the description, secrets redacted.
    public var customMirror: Mirror { Mirror(self, children: ["redacted": description]) }
}

/// A change to a credential's authentication, for
/// ``AnthropicVaultsService/updateVaultCredential(vaultID:id:auth:displayName:metadata:options:)``: the type must be
/// the credential's own; what is left nil keeps its value (the MCP server URL and secret name can't change).
/// Printing it shows `<redacted>` for every secret.
public enum VaultCredentialAuthUpdate: Encodable, Sendable, CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    /// A new access token (send its `expiresAt` too, or it keeps the old expiry) or refresh settings.
    case mcpOAuth(accessToken: String? = nil, expiresAt: String? = nil, refresh: VaultOAuthRefreshUpdate? = nil)
    /// A new bearer token.
    case staticBearer(token: String? = nil)
    /// A new secret value, networking scope (replaced whole) or injection location.
    case environmentVariable(secretValue: String? = nil, networking: VaultCredentialNetworking? = nil, injectionLocation: VaultInjectionLocation? = nil)

    private enum CodingKeys: String, CodingKey {
        case type, token, networking, refresh
        case accessToken = "access_token"
        case expiresAt = "expires_at"
        case secretValue = "secret_value"
        case injectionLocation = "injection_location"
    }

    /// Writes the change with its `type`.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        switch self {
        case .mcpOAuth(let token, let expiresAt, let refresh):
            try container.encode("mcp_oauth", forKey: .type)
            try container.encodeIfPresent(token, forKey: .accessToken)
            try container.encodeIfPresent(expiresAt, forKey: .expiresAt)
            try container.encodeIfPresent(refresh, forKey: .refresh)
        case .staticBearer(let token):
            try container.encode("static_bearer", forKey: .type)
            try container.encodeIfPresent(token, forKey: .token)
        case .environmentVariable(let value, let networking, let location):
            try container.encode("environment_variable", forKey: .type)
            try container.encodeIfPresent(value, forKey: .secretValue)
            try container.encodeIfPresent(networking, forKey: .networking)
            try container.encodeIfPresent(location, forKey: .injectionLocation)
        }
    }

    /// The change with its secrets shown as `<redacted>`.
    public var description: String {
        func secret(_ value: String?) -> String { value == nil ? "nil" : "<redacted>" }
        switch self {
        case .mcpOAuth(let token, let expiresAt, let refresh):
            return "mcpOAuth(accessToken: \(secret(token)), expiresAt: \(expiresAt ?? "nil"), refresh: \(refresh.map { "\($0)" } ?? "nil"))"
        case .staticBearer(let token): return "staticBearer(token: \(secret(token)))"
        case .environmentVariable(let value, let networking, _):
            return "environmentVariable(secretValue: \(secret(value)), networking: \(networking.map { "\($0)" } ?? "nil"))"
        }
    }

    /// The same as ``description``: secrets redacted.
    public var debugDescription: String { description }

    /// What `dump` and debuggers show: the description, secrets redacted.
    public var customMirror: Mirror { Mirror(self, children: ["redacted": description]) }
}

/// A change to an MCP OAuth credential's refresh settings; nil keeps the stored value. Printing it shows
/// `<redacted>` for the refresh token and client secret.
public struct VaultOAuthRefreshUpdate: Encodable, Sendable, CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    /// A new refresh token.
    public var refreshToken: String?
    /// A new scope (`""` clears it).
    public var scope: String?
    /// New client authentication (`clientSecretBasic` or `clientSecretPost`).
    public var tokenEndpointAuth: VaultTokenEndpointAuth?

    /// A change; nil fields stay as they are.
    public init(refreshToken: String? = nil, scope: String? = nil, tokenEndpointAuth: VaultTokenEndpointAuth? = nil) {
        self.refreshToken = refreshToken
        self.scope = scope
        self.tokenEndpointAuth = tokenEndpointAuth
    }

    enum CodingKeys: String, CodingKey {
        case scope
        case refreshToken = "refresh_token"
        case tokenEndpointAuth = "token_endpoint_auth"
    }

    /// The change with its secrets shown as `<redacted>`.
    public var description: String {
        "VaultOAuthRefreshUpdate(refreshToken: \(refreshToken == nil ? "nil" : "<redacted>"), scope: \(scope ?? "nil"), tokenEndpointAuth: \(tokenEndpointAuth.map { "\($0)" } ?? "nil"))"
    }

    /// The same as ``description``: secrets redacted.
    public var debugDescription: String { description }

    /// What `dump` and debuggers show: the description, secrets redacted.
    public var customMirror: Mirror { Mirror(self, children: ["redacted": description]) }
}
