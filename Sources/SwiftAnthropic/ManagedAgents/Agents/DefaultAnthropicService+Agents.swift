import AICore
import Foundation

/// The beta header agents, environments, sessions and vaults need.
let managedAgentsBeta = "managed-agents-2026-04-01"

extension DefaultAnthropicService {
    public func createAgent(_ parameter: ManagedAgentParameter, options: RequestOptions) async throws -> ManagedAgent {
        try await client.decode(ManagedAgent.self, for: .json(.post, "/agents", body: parameter), options: managedAgentsOptions(options))
    }

    public func retrieveAgent(id: String, version: Int?, options: RequestOptions) async throws -> ManagedAgent {
        let query = ManagedListQuery.items(limit: nil, page: nil, [("version", version.map(String.init))])
        return try await client.decode(
            ManagedAgent.self, for: APIRequest(method: .get, path: "/agents/\(Self.segment(id))", query: query),
            options: managedAgentsOptions(options))
    }

    public func updateAgent(id: String, _ parameter: ManagedAgentUpdateParameter, options: RequestOptions) async throws -> ManagedAgent {
        try await client.decode(
            ManagedAgent.self, for: .json(.post, "/agents/\(Self.segment(id))", body: parameter), options: managedAgentsOptions(options))
    }

    public func listAgents(
        limit: Int?, page: String?, includeArchived: Bool?, createdAtOrAfter: Date?, createdAtOrBefore: Date?, options: RequestOptions
    ) async throws -> AnthropicCursorPage<ManagedAgent> {
        let query = ManagedListQuery.items(
            limit: limit, page: page,
            [
                ("include_archived", ManagedListQuery.flag(includeArchived)),
                ("created_at[gte]", ManagedListQuery.timestamp(createdAtOrAfter)),
                ("created_at[lte]", ManagedListQuery.timestamp(createdAtOrBefore)),
            ])
        return try await client.decode(
            AnthropicCursorPage<ManagedAgent>.self, for: APIRequest(method: .get, path: "/agents", query: query),
            options: managedAgentsOptions(options))
    }

    public func archiveAgent(id: String, options: RequestOptions) async throws -> ManagedAgent {
        try await client.decode(
            ManagedAgent.self, for: APIRequest(method: .post, path: "/agents/\(Self.segment(id))/archive"), options: managedAgentsOptions(options))
    }

    public func listAgentVersions(agentID: String, limit: Int?, page: String?, options: RequestOptions) async throws -> AnthropicCursorPage<ManagedAgent> {
        try await client.decode(
            AnthropicCursorPage<ManagedAgent>.self,
            for: APIRequest(method: .get, path: "/agents/\(Self.segment(agentID))/versions", query: ManagedListQuery.items(limit: limit, page: page)),
            options: managedAgentsOptions(options))
    }

    /// `options` plus the Managed Agents beta.
    func managedAgentsOptions(_ options: RequestOptions) -> RequestOptions {
        self.options(options, addingBetas: [managedAgentsBeta])
    }
}
