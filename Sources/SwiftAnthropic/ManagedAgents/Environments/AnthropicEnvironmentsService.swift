import AICore
import Foundation

/// Managed Agents' environments (beta): the sandboxes sessions run their tools in.
///
/// The SDK sends the `managed-agents-2026-04-01` beta itself.
public protocol AnthropicEnvironmentsService: AnyObject, Sendable {
    /// Creates an environment.
    func createEnvironment(_ parameter: AgentEnvironmentParameter, options: RequestOptions) async throws -> AgentEnvironment

    /// An environment.
    func retrieveEnvironment(id: String, options: RequestOptions) async throws -> AgentEnvironment

    /// Changes an environment (an archived one refuses with 400, `environment_archived`).
    func updateEnvironment(id: String, _ parameter: AgentEnvironmentUpdateParameter, options: RequestOptions) async throws -> AgentEnvironment

    /// One page of environments, newest first.
    ///
    /// - Parameters:
    ///   - limit: Environments per page (default 20, at most 100).
    ///   - page: The ``AnthropicCursorPage/nextPage`` of the previous page; nil for the first.
    ///   - includeArchived: Whether archived environments are listed too (default false).
    func listEnvironments(limit: Int?, page: String?, includeArchived: Bool?, options: RequestOptions) async throws -> AnthropicCursorPage<AgentEnvironment>

    /// Deletes an environment; the answer's `type` is `environment_deleted`.
    func deleteEnvironment(id: String, options: RequestOptions) async throws -> DeletedObject

    /// Archives an environment: it stays readable but can't be changed or host new sessions.
    func archiveEnvironment(id: String, options: RequestOptions) async throws -> AgentEnvironment
}

extension AnthropicEnvironmentsService {
    /// Creates an environment.
    public func createEnvironment(_ parameter: AgentEnvironmentParameter) async throws -> AgentEnvironment {
        try await createEnvironment(parameter, options: .default)
    }

    /// An environment.
    public func retrieveEnvironment(id: String) async throws -> AgentEnvironment {
        try await retrieveEnvironment(id: id, options: .default)
    }

    /// Changes an environment.
    public func updateEnvironment(id: String, _ parameter: AgentEnvironmentUpdateParameter) async throws -> AgentEnvironment {
        try await updateEnvironment(id: id, parameter, options: .default)
    }

    /// One page of environments, newest first.
    public func listEnvironments(limit: Int? = nil, page: String? = nil, includeArchived: Bool? = nil) async throws -> AnthropicCursorPage<AgentEnvironment> {
        try await listEnvironments(limit: limit, page: page, includeArchived: includeArchived, options: .default)
    }

    /// Deletes an environment.
    public func deleteEnvironment(id: String) async throws -> DeletedObject {
        try await deleteEnvironment(id: id, options: .default)
    }

    /// Archives an environment.
    public func archiveEnvironment(id: String) async throws -> AgentEnvironment {
        try await archiveEnvironment(id: id, options: .default)
    }

    /// Every environment, newest first, fetched page by page as the loop reads them.
    public func allEnvironments(
        includeArchived: Bool? = nil, pageSize: Int? = nil, options: RequestOptions = .default
    ) -> AnthropicPageSequence<AgentEnvironment> {
        AnthropicPageSequence(cursorPages: { page in
            try await self.listEnvironments(limit: pageSize, page: page, includeArchived: includeArchived, options: options)
        })
    }
}
