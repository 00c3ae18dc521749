import AIServerKit
import Foundation

extension AnthropicSessions {
    /// Creates a session: the agent (latest, a pinned version, or with overrides) and the environment must exist;
    /// the agent is snapshotted, the resources mounted, a primary thread started, and the initial events played.
    static func create(_ route: SandboxRouteRequest, _ state: inout State) throws -> JSON {
        let body = try ManagedRequestBody(route)
        let agent = try resolveAgent(body.fields["agent"], state)
        let environmentID = try body.requiredString("environment_id")
        guard let environment = state.object(environmentID, in: AnthropicEnvironments.kind.type) else {
            throw ManagedResourceFailure.notFound("Environment \(environmentID) not found.")
        }
        if environment["archived_at"]?.isNull == false {
            throw ManagedResourceFailure.invalid("Environment \(environmentID) is archived.", code: "environment_archived")
        }
        let metadata = try body.metadata()
        let title = try body.string("title")
        let vaultIDs = try (body.array("vault_ids") ?? []).enumerated().map { index, value in
            guard let id = value.string else { throw ManagedResourceFailure.invalid("vault_ids.\(index): Input should be a valid string") }
            return JSON.string(id)
        }
        let budget = try body.object("budget").map { try Self.budget($0, key: "budget") }
        let initialEvents = try body.array("initial_events", maxCount: 50) ?? []
        for (index, event) in initialEvents.enumerated() {
            let type = event["type"]?.string ?? ""
            guard type == "user.message" || type == "user.define_outcome" else {
                throw ManagedResourceFailure.invalid(
                    "initial_events.\(index).type: Input tag '\(type)' found using 'type' does not match any of the expected tags: 'user.message', 'user.define_outcome'")
            }
        }
        try validate(initialEvents, key: "initial_events", pending: [])
        let now = state.now()
        let id = state.newID(kind.idPrefix)
        let resources = try (body.array("resources") ?? []).enumerated().map { index, value in
            JSON.object(try resource(value, key: "resources.\(index)", now: now, &state))
        }
        let session: [String: JSON] = [
            "id": .string(id), "type": "session", "agent": .object(agent), "archived_at": nil, "budget": budget ?? nil,
            "created_at": .string(now), "updated_at": .string(now), "environment_id": .string(environmentID),
            "metadata": metadata, "outcome_evaluations": [], "resources": .array(resources),
            "stats": ["active_seconds": 0.0, "duration_seconds": 0.0], "status": "idle", "title": JSON(title),
            "usage": ["input_tokens": 0, "output_tokens": 0, "cache_read_input_tokens": 0], "vault_ids": .array(vaultIDs),
            "deployment_id": nil,
        ]
        state.put(session, in: kind.type)
        state.put(
            [
                "id": .string(state.newID("sthr")), "type": "session_thread", "session_id": .string(id), "agent": .object(agent),
                "archived_at": nil, "created_at": .string(now), "updated_at": .string(now), "parent_thread_id": nil,
                "status": "idle", "stats": ["active_seconds": 0.0, "duration_seconds": 0.0, "startup_seconds": 0.0],
                "usage": ["input_tokens": 0, "output_tokens": 0], "workflow_run_id": nil,
            ], in: threads)
        _ = try receive(initialEvents, in: id, &state)
        return .object(state.object(id, in: kind.type) ?? session)
    }

    /// The agent snapshot a session runs: from the stored agent (its latest version, or the one asked for), with
    /// `agent_with_overrides` fields applied.
    private static func resolveAgent(_ value: JSON?, _ state: State) throws -> [String: JSON] {
        let id: String
        var version: Int?
        var overrides: [String: JSON] = [:]
        switch value {
        case .string(let text)?:
            id = text
        case .object(let object)?:
            let type = object["type"]?.string ?? ""
            guard type == "agent" || type == "agent_with_overrides" else {
                throw ManagedResourceFailure.invalid(
                    "agent.type: Input tag '\(type)' found using 'type' does not match any of the expected tags: 'agent', 'agent_with_overrides'")
            }
            guard let text = object["id"]?.string, !text.isEmpty else { throw ManagedResourceFailure.invalid("agent.id: Field required") }
            id = text
            if let number = object["version"], !number.isNull {
                guard let value = number.int else { throw ManagedResourceFailure.invalid("agent.version: Input should be a valid integer") }
                version = value
            }
            if type == "agent_with_overrides" {
                for key in ["model", "system", "tools", "mcp_servers", "skills"] where object[key] != nil { overrides[key] = object[key] }
            }
        case nil, .null?:
            throw ManagedResourceFailure.invalid("agent: Field required")
        default:
            throw ManagedResourceFailure.invalid("agent: Input should be a valid string or object")
        }
        guard var agent = state.object(id, in: AnthropicAgents.kind.type) else {
            throw ManagedResourceFailure.notFound("Agent \(id) not found.")
        }
        if agent["archived_at"]?.isNull == false {
            throw ManagedResourceFailure.invalid("Agent \(id) is archived.", code: "agent_archived")
        }
        if let version, version != agent["version"]?.int {
            guard let snapshot = state.history[AnthropicAgents.kind.type]?[id]?.first(where: { $0["version"]?.int == version })?.object else {
                throw ManagedResourceFailure.notFound("Agent \(id) has no version \(version).")
            }
            agent = snapshot
        }
        for key in ["created_at", "updated_at", "archived_at", "metadata"] { agent[key] = nil }
        agent["type"] = "agent"
        for (key, value) in overrides {
            agent[key] = key == "model" && value.string != nil ? ["id": value] : value
        }
        return agent
    }

    /// A `budget` object checked: `{"type": "limit", "max_list_cost": {"amount": "2500", "currency": "USD"}}`.
    static func budget(_ object: [String: JSON], key: String) throws -> JSON {
        guard object["type"]?.string == "limit" else { throw ManagedResourceFailure.invalid("\(key).type: Input should be 'limit'") }
        guard let cost = object["max_list_cost"]?.object else { throw ManagedResourceFailure.invalid("\(key).max_list_cost: Field required") }
        guard let amount = cost["amount"]?.string, !amount.isEmpty, amount.allSatisfy(\.isNumber) else {
            throw ManagedResourceFailure.invalid("\(key).max_list_cost.amount: Input should be a string of decimal digits")
        }
        return ["type": "limit", "max_list_cost": ["amount": .string(amount), "currency": cost["currency"] ?? "USD"]]
    }

    /// A resource to mount, checked and completed (ids, mount paths, timestamps); a repository's token is kept
    /// out of the answer.
    static func resource(_ value: JSON, key: String, now: String, _ state: inout State) throws -> [String: JSON] {
        guard let object = value.object else { throw ManagedResourceFailure.invalid("\(key): Input should be a valid dictionary or object") }
        func required(_ field: String) throws -> String {
            guard let text = object[field]?.string, !text.isEmpty else { throw ManagedResourceFailure.invalid("\(key).\(field): Field required") }
            return text
        }
        let type = object["type"]?.string ?? ""
        switch type {
        case "file":
            let fileID = try required("file_id")
            return [
                "id": .string(state.newID("sesrsc")), "type": "file", "file_id": .string(fileID),
                "mount_path": object["mount_path"].flatMap(\.string).map(JSON.string) ?? .string("/mnt/session/uploads/\(fileID)"),
                "created_at": .string(now), "updated_at": .string(now),
            ]
        case "github_repository":
            let url = try required("url")
            let name = url.split(separator: "/").last.map { String($0).replacingOccurrences(of: ".git", with: "") } ?? "repository"
            return [
                "id": .string(state.newID("sesrsc")), "type": "github_repository", "url": .string(url),
                "mount_path": object["mount_path"].flatMap(\.string).map(JSON.string) ?? .string("/workspace/\(name)"),
                "checkout": object["checkout"] ?? nil, "created_at": .string(now), "updated_at": .string(now),
            ]
        case "memory_store":
            let storeID = try required("memory_store_id")
            let access = object["access"]?.string ?? "read_write"
            guard access == "read_write" || access == "read_only" else {
                throw ManagedResourceFailure.invalid("\(key).access: Input should be 'read_write' or 'read_only'")
            }
            let store = state.object(storeID, in: "memory_store")
            return [
                "type": "memory_store", "memory_store_id": .string(storeID), "access": .string(access),
                "instructions": object["instructions"] ?? nil, "name": store?["name"] ?? nil,
                "description": store?["description"] ?? nil, "mount_path": .string("/mnt/memory/\(storeID)"),
            ]
        default:
            throw ManagedResourceFailure.invalid(
                "\(key).type: Input tag '\(type)' found using 'type' does not match any of the expected tags: 'github_repository', 'file', 'memory_store'")
        }
    }

    /// Changes a session's title, metadata, budget or agent tools, and logs `session.updated`.
    static func update(_ route: SandboxRouteRequest, _ state: inout State) throws -> JSON {
        var object = try session(route, state)
        try refuseArchived(object)
        let body = try ManagedRequestBody(route)
        if body.has("vault_ids") {
            throw ManagedResourceFailure.invalid("vault_ids: Updating a session's vaults is not supported yet.")
        }
        var changed: [String: JSON] = [:]
        if body.has("title") {
            object["title"] = JSON(try body.string("title"))
            changed["title"] = object["title"]
        }
        if body.has("metadata") {
            object["metadata"] = try body.metadataPatch(onto: object["metadata"])
            changed["metadata"] = object["metadata"]
        }
        if body.has("budget") {
            guard object["budget"]?.isNull == false else {
                throw ManagedResourceFailure.invalid("budget: A budget can only be set when the session is created.", code: "budget_create_only")
            }
            object["budget"] = try body.object("budget").map { try budget($0, key: "budget") } ?? nil
            changed["budget"] = object["budget"]
        }
        if let agentPatch = try body.object("agent") {
            var agent = object["agent"]?.object ?? [:]
            for key in agentPatch.keys where key != "tools" && key != "mcp_servers" {
                throw ManagedResourceFailure.invalid("agent.\(key): Only tools and mcp_servers can be updated mid-session.")
            }
            for (key, value) in agentPatch {
                guard value.array != nil else { throw ManagedResourceFailure.invalid("agent.\(key): Input should be a valid list") }
                agent[key] = value
            }
            object["agent"] = .object(agent)
            changed["agent"] = object["agent"]
        }
        guard !changed.isEmpty else { return .object(object) }
        object["updated_at"] = .string(state.now())
        state.put(object, in: kind.type)
        append(event("session.updated", changed, &state), to: object["id"]?.string ?? "", &state)
        return .object(object)
    }
}
