import AIServerKit
import Foundation

/// Managed Agents' /v1/vaults routes: vaults and their credentials (MCP OAuth, static bearer, environment variable).
/// Secrets are kept but never answered; `mcp_oauth_validate` probes a credential by its stored expiry and refresh
/// token (the sandbox reaches no MCP server).
enum AnthropicVaults {
    static let vaultKind = ManagedResourceKind(type: "vault", idPrefix: "vlt", noun: "vault")
    static let credentialKind = ManagedResourceKind(type: "vault_credential", idPrefix: "vcrd", noun: "credential")

    static func register(on routes: inout SandboxRoutes) {
        ManagedResourceRoutes(
            kind: vaultKind, path: "/v1/vaults", idParameter: "vault_id", filtersByCreation: false,
            create: { body, _, _ in ["display_name": .string(try body.requiredString("display_name", maxLength: 255))] },
            update: { body, object, _ in
                if body.has("display_name"), !body.isNull("display_name") {
                    object["display_name"] = .string(try body.requiredString("display_name", maxLength: 255))
                }
            }
        ).register(on: &routes)

        let credentials = ManagedResourceRoutes(
            kind: credentialKind, path: "/v1/vaults/{vault_id}/credentials", idParameter: "credential_id",
            parent: .init(kind: vaultKind, parameter: "vault_id", field: "vault_id"), filtersByCreation: false,
            create: { body, _, _ in
                guard let auth = try body.object("auth") else { throw ManagedResourceFailure.invalid("auth: Field required") }
                let (shown, secrets) = try CredentialAuth.create(auth)
                return [
                    "display_name": JSON(try body.string("display_name", maxLength: 255)), "auth": shown, CredentialAuth.secretsKey: secrets,
                ]
            },
            update: { body, object, _ in
                if body.has("display_name") { object["display_name"] = JSON(try body.string("display_name", maxLength: 255)) }
                if let auth = try body.object("auth") {
                    let (shown, secrets) = try CredentialAuth.update(
                        auth, shown: object["auth"] ?? [:], secrets: object[CredentialAuth.secretsKey] ?? [:])
                    object["auth"] = shown
                    object[CredentialAuth.secretsKey] = secrets
                }
            },
            present: { object, _ in .object(object.filter { $0.key != CredentialAuth.secretsKey }) })
        credentials.register(on: &routes)
        routes.add(.post, "/v1/vaults/{vault_id}/credentials/{credential_id}/mcp_oauth_validate") { route in
            credentials.answer(route) { state in
                let credential = try credentials.find(route, state)
                return try CredentialAuth.validate(credential, now: state.now())
            }
        }
    }
}

/// A credential's `auth`: what answers show, and the secrets kept beside it under a key answers leave out.
enum CredentialAuth {
    static let secretsKey = "_sandbox_secrets"

    /// The shown auth and the secrets of a create.
    static func create(_ auth: [String: JSON]) throws -> (JSON, JSON) {
        func required(_ key: String) throws -> String {
            guard let value = auth[key]?.string, !value.isEmpty else { throw ManagedResourceFailure.invalid("auth.\(key): Field required") }
            return value
        }
        switch auth["type"]?.string {
        case "mcp_oauth":
            let token = try required("access_token")
            let url = try required("mcp_server_url")
            var shown: [String: JSON] = ["type": "mcp_oauth", "mcp_server_url": .string(url), "expires_at": try expiry(auth["expires_at"]), "refresh": nil]
            var secrets: [String: JSON] = ["access_token": .string(token)]
            if let refresh = auth["refresh"]?.object {
                let (shownRefresh, refreshSecrets) = try self.refresh(refresh)
                shown["refresh"] = shownRefresh
                secrets.merge(refreshSecrets) { _, new in new }
            }
            return (.object(shown), .object(secrets))
        case "static_bearer":
            let token = try required("token")
            return (["type": "static_bearer", "mcp_server_url": .string(try required("mcp_server_url"))], ["token": .string(token)])
        case "environment_variable":
            let name = try required("secret_name")
            guard name.range(of: "^[A-Za-z_][A-Za-z0-9_]*$", options: .regularExpression) != nil else {
                throw ManagedResourceFailure.invalid("auth.secret_name: must be a valid environment variable name")
            }
            let value = try required("secret_value")
            guard let networking = auth["networking"]?.object else { throw ManagedResourceFailure.invalid("auth.networking: Field required") }
            let shown: JSON = [
                "type": "environment_variable", "secret_name": .string(name), "networking": try self.networking(networking),
                "injection_location": injection(auth["injection_location"], existing: nil),
            ]
            return (shown, ["secret_value": .string(value)])
        case let type:
            throw ManagedResourceFailure.invalid(
                "auth.type: Input tag '\(type ?? "")' does not match any of the expected tags: 'mcp_oauth', 'static_bearer', 'environment_variable'")
        }
    }

    /// The shown auth and the secrets after an update of the same type.
    static func update(_ auth: [String: JSON], shown: JSON, secrets: JSON) throws -> (JSON, JSON) {
        guard let type = auth["type"]?.string else { throw ManagedResourceFailure.invalid("auth.type: Field required") }
        guard type == shown["type"]?.string else {
            throw ManagedResourceFailure.invalid("auth.type: a credential's type can't change from '\(shown["type"]?.string ?? "")' to '\(type)'")
        }
        var shown = shown
        var secrets = secrets.object ?? [:]
        switch type {
        case "mcp_oauth":
            if let token = auth["access_token"]?.string { secrets["access_token"] = .string(token) }
            if let sent = auth["expires_at"] { shown["expires_at"] = try expiry(sent) }
            if let refresh = auth["refresh"]?.object {
                guard var current = shown["refresh"], !current.isNull else {
                    throw ManagedResourceFailure.invalid("auth.refresh: the credential has no refresh configuration to update")
                }
                if let token = refresh["refresh_token"]?.string { secrets["refresh_token"] = .string(token) }
                if let scope = refresh["scope"]?.string { current["scope"] = scope.isEmpty ? .null : .string(scope) }
                if let method = refresh["token_endpoint_auth"]?.object {
                    current["token_endpoint_auth"] = ["type": .string(try endpointAuth(method, secrets: &secrets))]
                }
                shown["refresh"] = current
            }
        case "static_bearer":
            if let token = auth["token"]?.string { secrets["token"] = .string(token) }
        default:
            if let value = auth["secret_value"]?.string { secrets["secret_value"] = .string(value) }
            if let networking = auth["networking"]?.object { shown["networking"] = try self.networking(networking) }
            if let location = auth["injection_location"], !location.isNull { shown["injection_location"] = injection(location, existing: shown["injection_location"]) }
        }
        return (shown, .object(secrets))
    }

    /// `mcp_oauth_validate`: valid while the stored token hasn't expired; an expired one is refreshed when a
    /// refresh token is stored (the new token untested: `unknown`), invalid otherwise.
    static func validate(_ credential: [String: JSON], now: String) throws -> JSON {
        let auth = credential["auth"] ?? [:]
        guard auth["type"]?.string == "mcp_oauth" else {
            throw ManagedResourceFailure.invalid("Only mcp_oauth credentials can be validated.")
        }
        let secrets = credential[secretsKey] ?? [:]
        let hasRefresh = secrets["refresh_token"]?.string != nil
        let expired = auth["expires_at"]?.string.flatMap(ManagedResourceClock.parse).map { $0 <= Date() } ?? false
        var result: [String: JSON] = [
            "type": "vault_credential_validation", "credential_id": credential["id"] ?? "", "vault_id": credential["vault_id"] ?? "",
            "has_refresh_token": .bool(hasRefresh), "validated_at": .string(now), "mcp_probe": nil, "refresh": nil, "status": "valid",
        ]
        if expired {
            let unauthorized: JSON = [
                "status_code": 401, "content_type": "application/json", "body": "{\"error\":\"invalid_token\"}", "body_truncated": false,
            ]
            result["mcp_probe"] = ["method": "initialize", "http_response": unauthorized]
            result["refresh"] = ["status": hasRefresh ? "succeeded" : "no_refresh_token", "http_response": nil]
            result["status"] = hasRefresh ? "unknown" : "invalid"
        }
        return .object(result)
    }

    private static func expiry(_ value: JSON?) throws -> JSON {
        guard let value, !value.isNull else { return nil }
        guard let text = value.string, let date = ManagedResourceClock.parse(text) else {
            throw ManagedResourceFailure.invalid("auth.expires_at: Input should be a valid datetime")
        }
        guard date > Date() else { throw ManagedResourceFailure.invalid("auth.expires_at: must be in the future") }
        return .string(ManagedResourceClock.format(date))
    }

    private static func refresh(_ refresh: [String: JSON]) throws -> (JSON, [String: JSON]) {
        var secrets: [String: JSON] = [:]
        for key in ["client_id", "refresh_token", "token_endpoint"] where refresh[key]?.string?.isEmpty != false {
            throw ManagedResourceFailure.invalid("auth.refresh.\(key): Field required")
        }
        guard let method = refresh["token_endpoint_auth"]?.object else {
            throw ManagedResourceFailure.invalid("auth.refresh.token_endpoint_auth: Field required")
        }
        secrets["refresh_token"] = refresh["refresh_token"]
        let shown: JSON = [
            "client_id": refresh["client_id"] ?? "", "token_endpoint": refresh["token_endpoint"] ?? "",
            "token_endpoint_auth": ["type": .string(try endpointAuth(method, secrets: &secrets))],
            "resource": refresh["resource"] ?? nil, "scope": refresh["scope"] ?? nil,
        ]
        return (shown, secrets)
    }

    private static func endpointAuth(_ method: [String: JSON], secrets: inout [String: JSON]) throws -> String {
        switch method["type"]?.string {
        case "none": return "none"
        case let type? where type == "client_secret_basic" || type == "client_secret_post":
            guard let secret = method["client_secret"]?.string, !secret.isEmpty else {
                throw ManagedResourceFailure.invalid("auth.refresh.token_endpoint_auth.client_secret: Field required")
            }
            secrets["client_secret"] = .string(secret)
            return type
        default:
            throw ManagedResourceFailure.invalid(
                "auth.refresh.token_endpoint_auth.type: Input should be 'none', 'client_secret_basic' or 'client_secret_post'")
        }
    }

    private static func networking(_ networking: [String: JSON]) throws -> JSON {
        switch networking["type"]?.string {
        case "unrestricted": return ["type": "unrestricted"]
        case "limited":
            guard let hosts = networking["allowed_hosts"]?.array, hosts.count <= 16,
                hosts.allSatisfy({ host in host.string.map { !$0.isEmpty && !$0.contains("/") && !$0.contains(":") } ?? false })
            else {
                throw ManagedResourceFailure.invalid("auth.networking.allowed_hosts: up to 16 bare hostnames, IPv4 addresses or *. wildcards")
            }
            return ["type": "limited", "allowed_hosts": .array(hosts)]
        default:
            throw ManagedResourceFailure.invalid("auth.networking.type: Input should be 'unrestricted' or 'limited'")
        }
    }

    private static func injection(_ value: JSON?, existing: JSON?) -> JSON {
        [
            "body": .bool(value?["body"]?.bool ?? existing?["body"]?.bool ?? false),
            "header": .bool(value?["header"]?.bool ?? existing?["header"]?.bool ?? true),
        ]
    }
}
