import AIServerKit
import Foundation

/// Managed Agents' /v1/environments routes: cloud environments (networking, packages) and self-hosted ones,
/// created, changed (an archived one refuses with `environment_archived`; the config's type can't change), listed,
/// archived and deleted.
enum AnthropicEnvironments {
    static let kind = ManagedResourceKind(type: "environment", idPrefix: "env", noun: "environment", archivedCode: "environment_archived")

    static func register(on routes: inout SandboxRoutes) {
        ManagedResourceRoutes(
            kind: kind, path: "/v1/environments", idParameter: "environment_id", filtersByCreation: false,
            create: { body, _, _ in
                [
                    "name": .string(try body.requiredString("name", maxLength: 256)),
                    "description": JSON(try body.string("description")),
                    "config": try config(body.fields["config"], existing: nil),
                    "scope": .string(try scope(body) ?? "organization"),
                ]
            },
            update: { body, object, _ in
                if body.has("name") { object["name"] = .string(try body.requiredString("name", maxLength: 256)) }
                if body.has("description") { object["description"] = JSON(try body.string("description")) }
                if body.has("config"), !body.isNull("config") { object["config"] = try config(body.fields["config"], existing: object["config"]) }
                if let scope = try scope(body) { object["scope"] = .string(scope) }
            }
        ).register(on: &routes)
    }

    private static func scope(_ body: ManagedRequestBody) throws -> String? {
        guard let scope = try body.string("scope") else { return nil }
        guard scope == "organization" else {
            throw ManagedResourceFailure.invalid("scope: API organizations support only 'organization'; 'account' is rejected")
        }
        return scope
    }

    /// The config resolved: a cloud environment's networking and packages get their defaults, an update keeps
    /// what it doesn't send; the type can't change.
    static func config(_ value: JSON?, existing: JSON?) throws -> JSON {
        guard let value, !value.isNull else {
            if let existing { return existing }
            return ["type": "cloud", "networking": ["type": "unrestricted"], "packages": try packages(nil, existing: nil)]
        }
        guard let type = value["type"]?.string, type == "cloud" || type == "self_hosted" else {
            throw ManagedResourceFailure.invalid("config.type: Input tag does not match any of the expected tags: 'cloud', 'self_hosted'")
        }
        if let current = existing?["type"]?.string, current != type {
            throw ManagedResourceFailure.invalid(
                "config.type: an environment's type can't change from '\(current)' to '\(type)'", code: "invalid_config_type_change")
        }
        guard type == "cloud" else { return ["type": "self_hosted"] }
        let networking = try self.networking(value["networking"], existing: existing?["networking"])
        let packages = try self.packages(value["packages"], existing: existing?["packages"])
        let hasPackages = ["apt", "cargo", "gem", "go", "npm", "pip"].contains { !(packages[$0]?.array ?? []).isEmpty }
        if networking["type"]?.string == "limited", hasPackages, networking["allow_package_managers"]?.bool != true {
            throw ManagedResourceFailure.invalid("config.packages: limited networking needs allow_package_managers true to install packages")
        }
        return ["type": "cloud", "networking": networking, "packages": packages]
    }

    private static func networking(_ value: JSON?, existing: JSON?) throws -> JSON {
        guard let value, !value.isNull else { return existing ?? ["type": "unrestricted"] }
        switch value["type"]?.string {
        case "unrestricted": return ["type": "unrestricted"]
        case "limited":
            let hosts = value["allowed_hosts"]?.array ?? existing?["allowed_hosts"]?.array ?? []
            guard hosts.allSatisfy({ $0.string != nil }) else {
                throw ManagedResourceFailure.invalid("config.networking.allowed_hosts: Input should be a list of strings")
            }
            return [
                "type": "limited", "allowed_hosts": .array(hosts),
                "allow_mcp_servers": .bool(value["allow_mcp_servers"]?.bool ?? existing?["allow_mcp_servers"]?.bool ?? false),
                "allow_package_managers": .bool(value["allow_package_managers"]?.bool ?? existing?["allow_package_managers"]?.bool ?? false),
            ]
        default:
            throw ManagedResourceFailure.invalid("config.networking.type: Input should be 'unrestricted' or 'limited'")
        }
    }

    private static func packages(_ value: JSON?, existing: JSON?) throws -> JSON {
        var resolved: [String: JSON] = ["type": "packages"]
        for manager in ["apt", "cargo", "gem", "go", "npm", "pip"] {
            let sent = value?[manager]
            if let sent, !sent.isNull, sent.array?.allSatisfy({ $0.string != nil }) != true {
                throw ManagedResourceFailure.invalid("config.packages.\(manager): Input should be a list of strings")
            }
            resolved[manager] = (sent?.isNull == false ? sent : nil) ?? existing?[manager] ?? []
        }
        return .object(resolved)
    }
}
