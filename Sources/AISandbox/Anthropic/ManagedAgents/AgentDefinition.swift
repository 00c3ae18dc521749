import AIServerKit
import Foundation

/// An agent's definition as the API reads it from a create or update and writes it back resolved: the model as a
/// `model_config` object, toolsets with their default config, skills with a version, the execution identity.
enum AgentDefinition {
    typealias State = ManagedResourceStore.State

    static let efforts: Set<String> = ["low", "medium", "high", "xhigh", "max"]

    static func create(_ body: ManagedRequestBody, _ state: State) throws -> [String: JSON] {
        let name = try body.requiredString("name", maxLength: 256)
        guard body.has("model"), !body.isNull("model") else { throw ManagedResourceFailure.invalid("model: Field required") }
        let servers = try mcpServers(body.array("mcp_servers", maxCount: 20) ?? [])
        let tools = try tools(body.array("tools") ?? [], servers: servers)
        return [
            "name": .string(name),
            "model": try model(body.fields["model"] ?? nil),
            "description": JSON(try body.string("description", maxLength: 2048)),
            "system": JSON(try body.string("system")),
            "tools": .array(tools),
            "mcp_servers": .array(servers),
            "skills": .array(try skills(body.array("skills") ?? [])),
            "execution_identity": try executionIdentity(body.fields["execution_identity"]),
            "multiagent": try multiagent(body.fields["multiagent"], state),
        ]
    }

    /// Applies an update: fields sent replace the stored ones (`null` clears what can be cleared), a stale
    /// `version` is a 409.
    static func update(_ body: ManagedRequestBody, _ object: inout [String: JSON], _ state: State) throws {
        if let expected = try body.int("version", minimum: 1), expected != object["version"]?.int {
            throw ManagedResourceFailure.conflict(
                "Agent \(object["id"]?.string ?? "") is at version \(object["version"]?.int ?? 0), not \(expected); retrieve it and apply the change again.")
        }
        if body.has("name") {
            guard !body.isNull("name") else { throw ManagedResourceFailure.invalid("name: cannot be cleared") }
            object["name"] = .string(try body.requiredString("name", maxLength: 256))
        }
        if body.has("model") {
            guard !body.isNull("model") else { throw ManagedResourceFailure.invalid("model: cannot be cleared") }
            object["model"] = try model(body.fields["model"] ?? nil)
        }
        for key in ["description", "system"] where body.has(key) {
            let text = try body.string(key)
            object[key] = text.map { $0.isEmpty ? JSON.null : .string($0) } ?? .null
        }
        var servers = object["mcp_servers"]?.array ?? []
        if body.has("mcp_servers") { servers = try mcpServers(body.array("mcp_servers", maxCount: 20) ?? []) }
        let tools = body.has("tools") ? try body.array("tools") ?? [] : object["tools"]?.array ?? []
        // Tools are checked against the servers the agent will have, whichever of the two changed.
        if body.has("tools") || body.has("mcp_servers") {
            object["tools"] = .array(try self.tools(tools, servers: servers))
            object["mcp_servers"] = .array(servers)
        }
        if body.has("skills") { object["skills"] = .array(try skills(body.array("skills") ?? [])) }
        if body.has("execution_identity") { object["execution_identity"] = try executionIdentity(body.fields["execution_identity"]) }
        if body.has("multiagent") { object["multiagent"] = try multiagent(body.fields["multiagent"], state) }
    }

    /// A model string or `{"id", "effort", "speed", "inference_geo"}`, resolved to the object form.
    static func model(_ value: JSON?) throws -> JSON {
        if let id = value?.string {
            guard !id.isEmpty else { throw ManagedResourceFailure.invalid("model: String should have at least 1 character") }
            return ["id": .string(id), "effort": ["type": "high"], "speed": "standard", "inference_geo": nil]
        }
        guard let config = value?.object else { throw ManagedResourceFailure.invalid("model: Input should be a valid string or object") }
        guard let id = config["id"]?.string, !id.isEmpty else { throw ManagedResourceFailure.invalid("model.id: Field required") }
        var effort = "high"
        if let sent = config["effort"], !sent.isNull {
            guard let level = sent.string ?? sent["type"]?.string, efforts.contains(level) else {
                throw ManagedResourceFailure.invalid("model.effort: Input should be 'low', 'medium', 'high', 'xhigh' or 'max'")
            }
            effort = level
        }
        let speed = config["speed"]?.string ?? "standard"
        guard speed == "standard" || speed == "fast" else {
            throw ManagedResourceFailure.invalid("model.speed: Input should be 'standard' or 'fast'")
        }
        return ["id": .string(id), "effort": ["type": .string(effort)], "speed": .string(speed), "inference_geo": config["inference_geo"] ?? nil]
    }

    static func mcpServers(_ items: [JSON]) throws -> [JSON] {
        var names: Set<String> = []
        return try items.enumerated().map { index, item in
            guard let name = item["name"]?.string, !name.isEmpty else {
                throw ManagedResourceFailure.invalid("mcp_servers.\(index).name: Field required")
            }
            guard item["type"]?.string == "url" else { throw ManagedResourceFailure.invalid("mcp_servers.\(index).type: Input should be 'url'") }
            guard let url = item["url"]?.string, url.hasPrefix("http") else {
                throw ManagedResourceFailure.invalid("mcp_servers.\(index).url: Input should be a valid URL")
            }
            guard names.insert(name).inserted else {
                throw ManagedResourceFailure.invalid("mcp_servers: server names must be unique; '\(name)' appears twice")
            }
            return ["name": .string(name), "type": "url", "url": .string(url)]
        }
    }

    /// The tools resolved; every MCP server must be used by an `mcp_toolset` and every toolset must name one.
    static func tools(_ items: [JSON], servers: [JSON]) throws -> [JSON] {
        let names = Set(servers.compactMap { $0["name"]?.string })
        var used: Set<String> = []
        let resolved = try items.enumerated().map { index, item -> JSON in
            switch item["type"]?.string {
            case "agent_toolset_20260401":
                return [
                    "type": "agent_toolset_20260401",
                    "default_config": try defaultConfig(item["default_config"], "tools.\(index).default_config", policy: "always_allow"),
                    "configs": .array(try toolConfigs(item["configs"], "tools.\(index).configs", builtIn: true)),
                ]
            case "mcp_toolset":
                guard let server = item["mcp_server_name"]?.string, names.contains(server) else {
                    throw ManagedResourceFailure.invalid("tools.\(index).mcp_server_name: must name a server in mcp_servers")
                }
                used.insert(server)
                return [
                    "type": "mcp_toolset", "mcp_server_name": .string(server),
                    "default_config": try defaultConfig(item["default_config"], "tools.\(index).default_config", policy: "always_ask"),
                    "configs": .array(try toolConfigs(item["configs"], "tools.\(index).configs", builtIn: false)),
                ]
            case "custom":
                guard let name = item["name"]?.string, !name.isEmpty else { throw ManagedResourceFailure.invalid("tools.\(index).name: Field required") }
                guard let description = item["description"]?.string else {
                    throw ManagedResourceFailure.invalid("tools.\(index).description: Field required")
                }
                guard let schema = item["input_schema"], schema.object != nil else {
                    throw ManagedResourceFailure.invalid("tools.\(index).input_schema: Field required")
                }
                return ["type": "custom", "name": .string(name), "description": .string(description), "input_schema": schema]
            case let type:
                throw ManagedResourceFailure.invalid(
                    "tools.\(index).type: Input tag '\(type ?? "")' does not match any of the expected tags: 'agent_toolset_20260401', 'mcp_toolset', 'custom'")
            }
        }
        if let unused = names.subtracting(used).sorted().first {
            throw ManagedResourceFailure.invalid("mcp_servers: server '\(unused)' is not referenced by any mcp_toolset in tools")
        }
        return resolved
    }

    static let builtInTools: Set<String> = ["bash", "edit", "read", "write", "glob", "grep", "web_fetch", "web_search"]

    private static func defaultConfig(_ value: JSON?, _ path: String, policy: String) throws -> JSON {
        let sent = value?.object ?? [:]
        return [
            "enabled": .bool(sent["enabled"]?.bool ?? true),
            "permission_policy": try permissionPolicy(sent["permission_policy"], "\(path).permission_policy") ?? ["type": .string(policy)],
        ]
    }

    private static func toolConfigs(_ value: JSON?, _ path: String, builtIn: Bool) throws -> [JSON] {
        try (value?.array ?? []).enumerated().map { index, item in
            guard var config = item.object, let name = config["name"]?.string, !name.isEmpty else {
                throw ManagedResourceFailure.invalid("\(path).\(index).name: Field required")
            }
            if builtIn {
                guard builtInTools.contains(name) else {
                    throw ManagedResourceFailure.invalid("\(path).\(index).name: '\(name)' is not a tool of agent_toolset_20260401")
                }
                config["type"] = .string(name)
            }
            config["enabled"] = .bool(config["enabled"]?.bool ?? true)
            config["permission_policy"] = try permissionPolicy(config["permission_policy"], "\(path).\(index).permission_policy")
                ?? ["type": builtIn ? "always_allow" : "always_ask"]
            return .object(config)
        }
    }

    private static func permissionPolicy(_ value: JSON?, _ path: String) throws -> JSON? {
        guard let value, !value.isNull else { return nil }
        guard let type = value["type"]?.string, ["always_allow", "always_ask", "auto"].contains(type) else {
            throw ManagedResourceFailure.invalid("\(path).type: Input should be 'always_allow', 'always_ask' or 'auto'")
        }
        return ["type": .string(type)]
    }

    static func skills(_ items: [JSON]) throws -> [JSON] {
        try items.enumerated().map { index, item in
            guard let type = item["type"]?.string, type == "anthropic" || type == "custom" else {
                throw ManagedResourceFailure.invalid("skills.\(index).type: Input should be 'anthropic' or 'custom'")
            }
            guard let id = item["skill_id"]?.string, !id.isEmpty else { throw ManagedResourceFailure.invalid("skills.\(index).skill_id: Field required") }
            return ["type": .string(type), "skill_id": .string(id), "version": .string(item["version"]?.string ?? "latest")]
        }
    }

    static func executionIdentity(_ value: JSON?) throws -> JSON {
        guard let value, !value.isNull else { return ["type": "service_account"] }
        switch value["type"]?.string {
        case "service_account": return ["type": "service_account"]
        case "aws_role":
            guard let arn = value["role_arn"]?.string, arn.hasPrefix("arn:") else {
                throw ManagedResourceFailure.invalid("execution_identity.role_arn: Input should be an IAM role ARN")
            }
            return ["type": "aws_role", "role_arn": .string(arn)]
        default:
            throw ManagedResourceFailure.invalid("execution_identity.type: Input should be 'service_account' or 'aws_role'")
        }
    }

    /// A coordinator's roster resolved to versioned references of agents that exist; other topologies are kept.
    static func multiagent(_ value: JSON?, _ state: State) throws -> JSON {
        guard let value, !value.isNull else { return nil }
        switch value["type"]?.string {
        case "coordinator":
            guard let roster = value["agents"]?.array, (1...20).contains(roster.count) else {
                throw ManagedResourceFailure.invalid("multiagent.agents: List should have 1 to 20 items")
            }
            let agents = try roster.enumerated().map { index, entry -> JSON in
                if entry["type"]?.string == "self" { return ["type": "self"] }
                guard let id = entry.string ?? entry["id"]?.string, let agent = state.object(id, in: AnthropicAgents.kind.type) else {
                    throw ManagedResourceFailure.invalid("multiagent.agents.\(index): agent not found")
                }
                return ["type": "agent", "id": .string(id), "version": entry["version"] ?? agent["version"] ?? 1]
            }
            return ["type": "coordinator", "agents": .array(agents)]
        case "multiagent_20261001":
            return value
        default:
            throw ManagedResourceFailure.invalid("multiagent.type: Input should be 'coordinator' or 'multiagent_20261001'")
        }
    }
}
