import AICore
import Foundation

/// Managed Agents' agents (beta): reusable agent definitions — model, system prompt, tools, skills, MCP servers — and their versions.
///
/// The SDK sends the `managed-agents-2026-04-01` beta itself.
public protocol AnthropicAgentsService: AnyObject, Sendable {
    /// Creates an agent (version 1).
    func createAgent(_ parameter: ManagedAgentParameter, options: RequestOptions) async throws -> ManagedAgent

    /// An agent: its latest version, or `version` (from 1) as it was then.
    func retrieveAgent(id: String, version: Int?, options: RequestOptions) async throws -> ManagedAgent

    /// Changes an agent, making its next version; set ``ManagedAgentUpdateParameter/version`` to refuse the change
    /// when someone else changed the agent first.
    func updateAgent(id: String, _ parameter: ManagedAgentUpdateParameter, options: RequestOptions) async throws -> ManagedAgent

    /// One page of agents, newest first.
    ///
    /// - Parameters:
    ///   - limit: Agents per page (default 20, at most 100).
    ///   - page: The ``AnthropicCursorPage/nextPage`` of the previous page; nil for the first.
    ///   - includeArchived: Whether archived agents are listed too (default false).
    ///   - createdAtOrAfter: Only agents created at or after this time.
    ///   - createdAtOrBefore: Only agents created at or before this time.
    func listAgents(
        limit: Int?, page: String?, includeArchived: Bool?, createdAtOrAfter: Date?, createdAtOrBefore: Date?, options: RequestOptions
    ) async throws -> AnthropicCursorPage<ManagedAgent>

    /// Archives an agent: it stays readable but can't be changed or start new sessions.
    func archiveAgent(id: String, options: RequestOptions) async throws -> ManagedAgent

    /// One page of an agent's versions, newest first, each the whole agent as it was.
    func listAgentVersions(agentID: String, limit: Int?, page: String?, options: RequestOptions) async throws -> AnthropicCursorPage<ManagedAgent>
}

extension AnthropicAgentsService {
    /// Creates an agent (version 1).
    public func createAgent(_ parameter: ManagedAgentParameter) async throws -> ManagedAgent {
        try await createAgent(parameter, options: .default)
    }

    /// An agent: its latest version, or `version` as it was then.
    public func retrieveAgent(id: String, version: Int? = nil) async throws -> ManagedAgent {
        try await retrieveAgent(id: id, version: version, options: .default)
    }

    /// Changes an agent, making its next version.
    public func updateAgent(id: String, _ parameter: ManagedAgentUpdateParameter) async throws -> ManagedAgent {
        try await updateAgent(id: id, parameter, options: .default)
    }

    /// One page of agents, newest first.
    public func listAgents(
        limit: Int? = nil, page: String? = nil, includeArchived: Bool? = nil, createdAtOrAfter: Date? = nil, createdAtOrBefore: Date? = nil
    ) async throws -> AnthropicCursorPage<ManagedAgent> {
        try await listAgents(
            limit: limit, page: page, includeArchived: includeArchived, createdAtOrAfter: createdAtOrAfter,
            createdAtOrBefore: createdAtOrBefore, options: .default)
    }

    /// Archives an agent.
    public func archiveAgent(id: String) async throws -> ManagedAgent {
        try await archiveAgent(id: id, options: .default)
    }

    /// One page of an agent's versions, newest first.
    public func listAgentVersions(agentID: String, limit: Int? = nil, page: String? = nil) async throws -> AnthropicCursorPage<ManagedAgent> {
        try await listAgentVersions(agentID: agentID, limit: limit, page: page, options: .default)
    }

    /// Every agent, newest first, fetched page by page as the loop reads them.
    public func allAgents(
        includeArchived: Bool? = nil, createdAtOrAfter: Date? = nil, createdAtOrBefore: Date? = nil, pageSize: Int? = nil,
        options: RequestOptions = .default
    ) -> AnthropicPageSequence<ManagedAgent> {
        AnthropicPageSequence(cursorPages: { page in
            try await self.listAgents(
                limit: pageSize, page: page, includeArchived: includeArchived, createdAtOrAfter: createdAtOrAfter,
                createdAtOrBefore: createdAtOrBefore, options: options)
        })
    }

    /// Every version of an agent, newest first, fetched page by page as the loop reads them.
    public func allAgentVersions(agentID: String, pageSize: Int? = nil, options: RequestOptions = .default) -> AnthropicPageSequence<ManagedAgent> {
        AnthropicPageSequence(cursorPages: { page in
            try await self.listAgentVersions(agentID: agentID, limit: pageSize, page: page, options: options)
        })
    }
}
