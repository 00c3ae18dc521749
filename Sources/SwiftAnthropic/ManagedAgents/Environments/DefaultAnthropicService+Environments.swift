import AICore
import Foundation

extension DefaultAnthropicService {
    public func createEnvironment(_ parameter: AgentEnvironmentParameter, options: RequestOptions) async throws -> AgentEnvironment {
        try await client.decode(
            AgentEnvironment.self, for: .json(.post, "/environments", body: parameter), options: managedAgentsOptions(options))
    }

    public func retrieveEnvironment(id: String, options: RequestOptions) async throws -> AgentEnvironment {
        try await client.decode(
            AgentEnvironment.self, for: APIRequest(method: .get, path: "/environments/\(Self.segment(id))"), options: managedAgentsOptions(options))
    }

    public func updateEnvironment(id: String, _ parameter: AgentEnvironmentUpdateParameter, options: RequestOptions) async throws -> AgentEnvironment {
        try await client.decode(
            AgentEnvironment.self, for: .json(.post, "/environments/\(Self.segment(id))", body: parameter),
            options: managedAgentsOptions(options))
    }

    public func listEnvironments(limit: Int?, page: String?, includeArchived: Bool?, options: RequestOptions) async throws -> AnthropicCursorPage<AgentEnvironment> {
        let query = ManagedListQuery.items(limit: limit, page: page, [("include_archived", ManagedListQuery.flag(includeArchived))])
        return try await client.decode(
            AnthropicCursorPage<AgentEnvironment>.self, for: APIRequest(method: .get, path: "/environments", query: query),
            options: managedAgentsOptions(options))
    }

    public func deleteEnvironment(id: String, options: RequestOptions) async throws -> DeletedObject {
        try await client.decode(
            DeletedObject.self, for: APIRequest(method: .delete, path: "/environments/\(Self.segment(id))"), options: managedAgentsOptions(options))
    }

    public func archiveEnvironment(id: String, options: RequestOptions) async throws -> AgentEnvironment {
        try await client.decode(
            AgentEnvironment.self, for: APIRequest(method: .post, path: "/environments/\(Self.segment(id))/archive"),
            options: managedAgentsOptions(options))
    }
}
