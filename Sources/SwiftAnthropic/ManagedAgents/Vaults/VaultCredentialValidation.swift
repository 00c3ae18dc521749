import AICore
import Foundation

/// The result of probing an MCP OAuth credential against its server: whether it works, and if not, what failed.
public struct VaultCredentialValidation: Codable, Sendable, Hashable {
    /// `vault_credential_validation`.
    public let type: String
    /// The credential probed.
    public let credentialID: String
    /// Its vault.
    public let vaultID: String
    /// `valid`, `invalid` (the server refused it or no token is stored; the user usually has to authorize again)
    /// or `unknown` (e.g. a network error; try again).
    public let status: String
    /// Whether the credential has a refresh token.
    public let hasRefreshToken: Bool
    /// The failing MCP step, or nil when the probe succeeded or had no token to test.
    public let mcpProbe: Probe?
    /// The refresh attempted after a 401, or nil when none was.
    public let refresh: Refresh?
    /// When the probe ran (RFC 3339).
    public let validatedAt: String

    /// Whether the credential authenticated.
    public var isValid: Bool { status == "valid" }

    enum CodingKeys: String, CodingKey {
        case type, status, refresh
        case credentialID = "credential_id"
        case vaultID = "vault_id"
        case hasRefreshToken = "has_refresh_token"
        case mcpProbe = "mcp_probe"
        case validatedAt = "validated_at"
    }

    /// The MCP step that failed.
    public struct Probe: Codable, Sendable, Hashable {
        /// The MCP method, e.g. `initialize` or `tools/list`.
        public let method: String
        /// The server's error response, if it sent one.
        public let httpResponse: HTTPResponse?

        enum CodingKeys: String, CodingKey {
            case method
            case httpResponse = "http_response"
        }
    }

    /// The refresh-token exchange tried during the probe.
    public struct Refresh: Codable, Sendable, Hashable {
        /// `succeeded`, `failed`, `connect_error` or `no_refresh_token`.
        public let status: String
        /// The token endpoint's error response, when it failed.
        public let httpResponse: HTTPResponse?

        enum CodingKeys: String, CodingKey {
            case status
            case httpResponse = "http_response"
        }
    }

    /// An HTTP response captured by the probe (its body may be truncated and has sensitive values scrubbed).
    public struct HTTPResponse: Codable, Sendable, Hashable {
        /// The status code.
        public let statusCode: Int
        /// The `Content-Type`.
        public let contentType: String
        /// The body.
        public let body: String
        /// Whether ``body`` was truncated.
        public let bodyTruncated: Bool

        enum CodingKeys: String, CodingKey {
            case body
            case statusCode = "status_code"
            case contentType = "content_type"
            case bodyTruncated = "body_truncated"
        }
    }
}
