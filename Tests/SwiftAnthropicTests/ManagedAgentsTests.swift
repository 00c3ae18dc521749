import AICore
import AISandbox
import Foundation
import SwiftAITestSupport
import Testing

@testable import SwiftAnthropic

@Suite("Managed Agents: agents and environments")
struct ManagedAgentsTests {
    static let beta = "managed-agents-2026-04-01"

    static func researcher(name: String = "Researcher") -> ManagedAgentParameter {
        ManagedAgentParameter(
            name: name, model: .init(.claudeOpus45, effort: .max), description: "Finds things out", system: "Be thorough.",
            tools: [
                .agentToolset(.init(
                    defaultConfig: .init(enabled: true, permissionPolicy: .alwaysAllow),
                    configs: [.init(name: "bash", enabled: false), .init(name: "web_fetch", permissionPolicy: .alwaysAsk)])),
                .mcpToolset(.init(mcpServerName: "docs", defaultConfig: .init(permissionPolicy: .auto))),
                .custom(.init(name: "lookup", description: "Looks up a customer", inputSchema: ["type": "object", "properties": ["id": ["type": "string"]]])),
            ],
            mcpServers: [.init(name: "docs", url: "https://mcp.example.com/sse")],
            skills: [.anthropic("xlsx"), .custom("skill_01abc", version: "2")],
            metadata: ["team": "research", "tier": "gold"])
    }

    @Test("an agent's life: create, retrieve, update with its version, stale version refused, old versions, archive", arguments: TransportKind.allCases)
    func agentLifecycle(kind: TransportKind) async throws {
        try await withAnthropic(transport: kind) { sandbox, service in
            let agent = try await service.createAgent(Self.researcher())
            let create = try #require(sandbox.lastRequest)
            #expect(create.method == "POST" && create.path == "/v1/agents")
            #expect(create.header("anthropic-beta")?.contains(Self.beta) == true)
            let body = try #require(create.json)
            #expect((body["model"] as? [String: Any])?["id"] as? String == "claude-opus-4-5")
            #expect(((body["model"] as? [String: Any])?["effort"] as? [String: Any])?["type"] as? String == "max")
            let tools = try #require(body["tools"] as? [[String: Any]])
            #expect(tools.map { $0["type"] as? String } == ["agent_toolset_20260401", "mcp_toolset", "custom"])
            #expect(((tools[0]["configs"] as? [[String: Any]])?[0])?["enabled"] as? Bool == false)
            #expect((body["skills"] as? [[String: Any]])?.map { $0["type"] as? String } == ["anthropic", "custom"])
            #expect((body["mcp_servers"] as? [[String: Any]])?.first?["url"] as? String == "https://mcp.example.com/sse")

            #expect(agent.id.hasPrefix("agent_") && agent.type == "agent" && agent.version == 1)
            #expect(agent.model.id == .claudeOpus45 && agent.model.effort == .max && agent.model.speed == .standard)
            #expect(agent.executionIdentity == .serviceAccount && agent.archivedAt == nil && !agent.isArchived)
            guard case .agentToolset(let toolset) = agent.tools.first, case .mcpToolset(let mcp) = agent.tools[1], case .custom(let custom) = agent.tools[2]
            else {
                Issue.record("tools: \(agent.tools)")
                return
            }
            #expect(toolset.configs.first { $0.name == "bash" }?.enabled == false)
            #expect(toolset.configs.first { $0.name == "web_fetch" }?.permissionPolicy == .alwaysAsk)
            #expect(toolset.configs.first?.additionalFields["type"] == "bash")
            #expect(mcp.mcpServerName == "docs" && mcp.defaultConfig?.permissionPolicy == .auto)
            #expect(custom.name == "lookup" && custom.inputSchema["type"] == "object")
            #expect(agent.skills == [.anthropic("xlsx", version: "latest"), .custom("skill_01abc", version: "2")])
            #expect(agent.metadata == ["team": "research", "tier": "gold"])

            let fetched = try await service.retrieveAgent(id: agent.id)
            #expect(fetched == agent)
            #expect(sandbox.lastRequest?.method == "GET" && sandbox.lastRequest?.path == "/v1/agents/\(agent.id)")

            let updated = try await service.updateAgent(
                id: agent.id, .init(version: 1, name: "Senior researcher", system: "", metadata: ["tier": nil, "owner": "ana"]))
            let update = try #require(sandbox.lastRequest?.json)
            #expect(update["version"] as? Int == 1 && update["system"] as? String == "")
            #expect(update["metadata"] as? [String: Any?] != nil)
            #expect((update["metadata"] as? [String: Any])?["tier"] is NSNull)
            #expect(update["tools"] == nil && update["model"] == nil)
            #expect(updated.version == 2 && updated.name == "Senior researcher" && updated.system == nil)
            #expect(updated.metadata == ["team": "research", "owner": "ana"])
            #expect(updated.tools == agent.tools)

            let stale = await #expect(throws: APIError.self) { _ = try await service.updateAgent(id: agent.id, .init(version: 1, name: "Lost")) }
            #expect(stale?.kind == .conflict && stale?.statusCode == 409 && stale?.type == "conflict_error")

            let first = try await service.retrieveAgent(id: agent.id, version: 1)
            #expect(first.name == "Researcher" && first.version == 1)
            #expect(sandbox.lastRequest?.queryValue("version") == "1")
            let versions = try await service.listAgentVersions(agentID: agent.id)
            #expect(versions.data.map(\.version) == [2, 1] && versions.nextPage == nil)
            #expect(sandbox.lastRequest?.path == "/v1/agents/\(agent.id)/versions")

            let archived = try await service.archiveAgent(id: agent.id)
            #expect(archived.isArchived && sandbox.lastRequest?.path == "/v1/agents/\(agent.id)/archive")
            let refused = await #expect(throws: APIError.self) { _ = try await service.updateAgent(id: agent.id, .init(name: "Again")) }
            #expect(refused?.kind == .badRequest)
            #expect(try await service.listAgents().data.isEmpty)
            #expect(try await service.listAgents(includeArchived: true).data.map(\.id) == [agent.id])
            #expect(sandbox.lastRequest?.queryValue("include_archived") == "true")

            let missing = await #expect(throws: APIError.self) { _ = try await service.retrieveAgent(id: "agent_nope") }
            #expect(missing?.kind == .notFound && missing?.statusCode == 404)
            let noVersion = await #expect(throws: APIError.self) { _ = try await service.retrieveAgent(id: agent.id, version: 9) }
            #expect(noVersion?.kind == .notFound)
        }
    }

    @Test("a definition the API refuses is a 400 naming the field", arguments: TransportKind.allCases)
    func agentValidation(kind: TransportKind) async throws {
        try await withAnthropic(transport: kind) { _, service in
            let unreferenced = await #expect(throws: APIError.self) {
                _ = try await service.createAgent(.init(name: "A", model: "claude-sonnet-4-5", mcpServers: [.init(name: "lonely", url: "https://x.example")]))
            }
            #expect(unreferenced?.kind == .badRequest && unreferenced?.message.contains("lonely") == true)
            let unknownTool = await #expect(throws: APIError.self) {
                _ = try await service.createAgent(.init(name: "A", model: "claude-sonnet-4-5", tools: [.unknown(["type": "telepathy"])]))
            }
            #expect(unknownTool?.kind == .badRequest && unknownTool?.message.contains("tools.0.type") == true)
            let emptyName = await #expect(throws: APIError.self) { _ = try await service.createAgent(.init(name: "", model: "claude-sonnet-4-5")) }
            #expect(emptyName?.message.contains("name") == true)
            let agent = try await service.createAgent(.init(name: "Plain", model: "claude-sonnet-4-5"))
            #expect(agent.model.id == .claudeSonnet45 && agent.tools.isEmpty && agent.description == nil)
            let badEffort = await #expect(throws: APIError.self) {
                _ = try await service.updateAgent(id: agent.id, .init(model: .init(.claudeSonnet45, effort: "extreme")))
            }
            #expect(badEffort?.kind == .badRequest && badEffort?.message.contains("effort") == true)
        }
    }

    @Test("agents page by cursor: all…() walks every page, created_at filters go as created_at[gte|lte]", arguments: TransportKind.allCases)
    func agentPagination(kind: TransportKind) async throws {
        try await withAnthropic(transport: kind) { sandbox, service in
            var created: [ManagedAgent] = []
            for index in 0..<5 { created.append(try await service.createAgent(.init(name: "Agent \(index)", model: "claude-haiku-4-5"))) }
            let before = sandbox.requests.count
            var seen: [String] = []
            for try await agent in service.allAgents(pageSize: 2) { seen.append(agent.id) }
            #expect(seen == created.reversed().map(\.id))
            let pages = sandbox.requests.dropFirst(before)
            #expect(pages.count == 3)
            #expect(pages.map { $0.queryValue("limit") } == ["2", "2", "2"])
            #expect(pages.first?.queryValue("page") == nil && pages.last?.queryValue("page") != nil)

            let first = try await service.listAgents(limit: 2)
            let second = try await service.listAgents(limit: 2, page: first.nextPage)
            #expect(sandbox.lastRequest?.queryValue("page") == first.nextPage)
            #expect(second.data.map(\.id) == [created[2].id, created[1].id])

            let threshold = try #require(ISO8601DateFormatter.withFractions.date(from: created[2].createdAt))
            let recent = try await service.listAgents(createdAtOrAfter: threshold)
            #expect(recent.data.map(\.id) == [created[4].id, created[3].id, created[2].id])
            #expect(sandbox.lastRequest?.queryValue("created_at[gte]") != nil)
            let older = try await service.listAgents(createdAtOrBefore: threshold)
            #expect(older.data.map(\.id) == [created[2].id, created[1].id, created[0].id])

            _ = try await service.updateAgent(id: created[0].id, .init(description: "v2"))
            _ = try await service.updateAgent(id: created[0].id, .init(description: "v3"))
            var versions: [Int] = []
            for try await version in service.allAgentVersions(agentID: created[0].id, pageSize: 1) { versions.append(version.version) }
            #expect(versions == [3, 2, 1])
            let badCursor = await #expect(throws: APIError.self) { _ = try await service.listAgents(page: "garbage") }
            #expect(badCursor?.kind == .badRequest)
        }
    }

    @Test("an environment's life: cloud config, update keeps what it doesn't send, archive, delete", arguments: TransportKind.allCases)
    func environmentLifecycle(kind: TransportKind) async throws {
        try await withAnthropic(transport: kind) { sandbox, service in
            let environment = try await service.createEnvironment(
                .init(
                    name: "data-science",
                    config: .cloud(
                        networking: .limited(allowedHosts: ["api.example.com"], allowPackageManagers: true),
                        packages: .init(npm: ["zod"], pip: ["pandas==2.2.0"])),
                    description: "Python with pandas", metadata: ["team": "ds"]))
            let create = try #require(sandbox.lastRequest)
            #expect(create.method == "POST" && create.path == "/v1/environments")
            #expect(create.header("anthropic-beta")?.contains(Self.beta) == true)
            let config = try #require(create.json?["config"] as? [String: Any])
            #expect(config["type"] as? String == "cloud")
            #expect((config["networking"] as? [String: Any])?["allowed_hosts"] as? [String] == ["api.example.com"])
            #expect((config["packages"] as? [String: Any])?["pip"] as? [String] == ["pandas==2.2.0"])

            #expect(environment.id.hasPrefix("env_") && environment.type == "environment" && environment.scope == "organization")
            guard case .cloud(let networking, let packages) = environment.config else {
                Issue.record("config: \(environment.config)")
                return
            }
            #expect(networking == .limited(allowedHosts: ["api.example.com"], allowMCPServers: false, allowPackageManagers: true))
            #expect(packages?.pip == ["pandas==2.2.0"] && packages?.apt == [])
            #expect(try await service.retrieveEnvironment(id: environment.id) == environment)

            let updated = try await service.updateEnvironment(
                id: environment.id, .init(name: "ds", config: .cloud(packages: .init(apt: ["ffmpeg"])), metadata: ["team": nil]))
            #expect(sandbox.lastRequest?.json?["name"] as? String == "ds")
            guard case .cloud(let keptNetworking, let newPackages) = updated.config else {
                Issue.record("config: \(updated.config)")
                return
            }
            #expect(keptNetworking == networking && newPackages?.apt == ["ffmpeg"] && newPackages?.pip == ["pandas==2.2.0"])
            #expect(updated.name == "ds" && updated.metadata.isEmpty && updated.description == "Python with pandas")

            let typeChange = await #expect(throws: APIError.self) { _ = try await service.updateEnvironment(id: environment.id, .init(config: .selfHosted)) }
            #expect(typeChange?.kind == .badRequest && typeChange?.rawBodyString?.contains("invalid_config_type_change") == true)

            let selfHosted = try await service.createEnvironment(.init(name: "on-prem", config: .selfHosted))
            #expect(selfHosted.config == .selfHosted)
            #expect(try await service.listEnvironments().data.map(\.id) == [selfHosted.id, environment.id])

            let archived = try await service.archiveEnvironment(id: environment.id)
            #expect(archived.isArchived && sandbox.lastRequest?.path == "/v1/environments/\(environment.id)/archive")
            let refused = await #expect(throws: APIError.self) { _ = try await service.updateEnvironment(id: environment.id, .init(name: "x")) }
            #expect(refused?.kind == .badRequest && refused?.rawBodyString?.contains("environment_archived") == true)
            #expect(try await service.listEnvironments().data.map(\.id) == [selfHosted.id])
            #expect(try await service.listEnvironments(includeArchived: true).data.count == 2)

            let deleted = try await service.deleteEnvironment(id: environment.id)
            #expect(deleted.id == environment.id && deleted.type == "environment_deleted")
            #expect(sandbox.lastRequest?.method == "DELETE")
            let gone = await #expect(throws: APIError.self) { _ = try await service.retrieveEnvironment(id: environment.id) }
            #expect(gone?.kind == .notFound)

            for index in 0..<4 { _ = try await service.createEnvironment(.init(name: "env \(index)")) }
            var names: [String] = []
            for try await environment in service.allEnvironments(pageSize: 2) { names.append(environment.name) }
            #expect(names == ["env 3", "env 2", "env 1", "env 0", "on-prem"])
        }
    }

    @Test("unknown tool, identity and config types decode as unknown with their JSON and encode back")
    func forwardCompatibility() throws {
        let json = """
            {"id":"agent_1","type":"agent","name":"n","description":null,"system":null,
             "model":{"id":"claude-future-9","effort":{"type":"ultra"},"speed":"warp","inference_geo":null},
             "tools":[{"type":"hologram_20300101","power":9},{"type":"custom","name":"x"}],
             "mcp_servers":[],"skills":[{"type":"partner","skill_id":"p1","version":"1"}],"metadata":{},
             "execution_identity":{"type":"gcp_service_account","email":"a@b"},"multiagent":null,"version":4,
             "created_at":"2026-01-01T00:00:00Z","updated_at":"2026-01-01T00:00:00Z","archived_at":null,"future_field":[1]}
            """
        let agent = try JSONDecoder().decode(ManagedAgent.self, from: Data(json.utf8))
        #expect(agent.model.id == Model(id: "claude-future-9") && agent.model.effort?.rawValue == "ultra" && agent.model.speed?.rawValue == "warp")
        #expect(agent.tools == [.unknown(["type": "hologram_20300101", "power": 9]), .unknown(["type": "custom", "name": "x"])])
        #expect(agent.skills.first?.source.rawValue == "partner")
        #expect(agent.executionIdentity == .unknown(["type": "gcp_service_account", "email": "a@b"]))
        #expect(agent.additionalFields["future_field"] == [1])
        let again = try JSONDecoder().decode(ManagedAgent.self, from: try JSONEncoder().encode(agent))
        #expect(again == agent)

        let environment = try JSONDecoder().decode(
            AgentEnvironment.self,
            from: Data(#"{"id":"env_1","type":"environment","name":"n","config":{"type":"quantum","qubits":4},"metadata":{},"created_at":"t","updated_at":"t"}"#.utf8))
        #expect(environment.config == .unknown(["type": "quantum", "qubits": 4]))
        #expect(try JSONDecoder().decode(AgentEnvironment.self, from: try JSONEncoder().encode(environment)) == environment)

        let model: ManagedAgentModelConfig = "claude-opus-4-5"
        #expect(String(decoding: try JSONEncoder().encode(model), as: UTF8.self) == #""claude-opus-4-5""#)
    }
}

extension ISO8601DateFormatter {
    /// RFC 3339 with fractional seconds, as the Managed Agents API writes timestamps.
    static var withFractions: ISO8601DateFormatter {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        return formatter
    }
}
