import AICore
import Foundation

extension DefaultAnthropicService {
    // MARK: Resources

    public func addSessionResource(
        sessionID: String, fileID: String, mountPath: String?, options: RequestOptions
    ) async throws -> AgentSessionResource {
        try await client.decode(
            AgentSessionResource.self,
            for: .json(.post, Self.sessionPath(sessionID, "/resources"), body: AgentSessionResourceParameter.file(id: fileID, mountPath: mountPath)),
            options: sessionsOptions(options))
    }

    public func listSessionResources(
        sessionID: String, limit: Int?, page: String?, options: RequestOptions
    ) async throws -> AnthropicCursorPage<AgentSessionResource> {
        try await client.decode(
            AnthropicCursorPage<AgentSessionResource>.self,
            for: APIRequest(method: .get, path: Self.sessionPath(sessionID, "/resources"), query: Self.sessionCursorQuery(limit, page)),
            options: sessionsOptions(options))
    }

    public func retrieveSessionResource(sessionID: String, id: String, options: RequestOptions) async throws -> AgentSessionResource {
        try await client.decode(
            AgentSessionResource.self, for: APIRequest(method: .get, path: Self.sessionPath(sessionID, "/resources/\(Self.segment(id))")),
            options: sessionsOptions(options))
    }

    public func updateSessionResource(
        sessionID: String, id: String, authorizationToken: String, options: RequestOptions
    ) async throws -> AgentSessionResource {
        try await client.decode(
            AgentSessionResource.self,
            for: .json(
                .post, Self.sessionPath(sessionID, "/resources/\(Self.segment(id))"),
                body: ["authorization_token": JSONValue.string(authorizationToken)]),
            options: sessionsOptions(options))
    }

    public func deleteSessionResource(sessionID: String, id: String, options: RequestOptions) async throws -> DeletedAgentSessionResource {
        try await client.decode(
            DeletedAgentSessionResource.self,
            for: APIRequest(method: .delete, path: Self.sessionPath(sessionID, "/resources/\(Self.segment(id))")),
            options: sessionsOptions(options))
    }

    // MARK: Threads

    public func listSessionThreads(
        sessionID: String, limit: Int?, page: String?, statuses: [AgentSessionStatus]?, options: RequestOptions
    ) async throws -> AnthropicCursorPage<AgentSessionThread> {
        var query = Self.sessionCursorQuery(limit, page)
        for status in statuses ?? [] { query.append(URLQueryItem(name: "statuses[]", value: status.rawValue)) }
        return try await client.decode(
            AnthropicCursorPage<AgentSessionThread>.self,
            for: APIRequest(method: .get, path: Self.sessionPath(sessionID, "/threads"), query: query),
            options: sessionsOptions(options))
    }

    public func retrieveSessionThread(sessionID: String, id: String, options: RequestOptions) async throws -> AgentSessionThread {
        try await client.decode(
            AgentSessionThread.self, for: APIRequest(method: .get, path: Self.sessionPath(sessionID, "/threads/\(Self.segment(id))")),
            options: sessionsOptions(options))
    }

    public func archiveSessionThread(sessionID: String, id: String, options: RequestOptions) async throws -> AgentSessionThread {
        try await client.decode(
            AgentSessionThread.self,
            for: APIRequest(method: .post, path: Self.sessionPath(sessionID, "/threads/\(Self.segment(id))/archive")),
            options: sessionsOptions(options))
    }

    public func listSessionThreadEvents(
        sessionID: String, threadID: String, limit: Int?, page: String?, options: RequestOptions
    ) async throws -> AnthropicCursorPage<AgentSessionEvent> {
        try await client.decode(
            AnthropicCursorPage<AgentSessionEvent>.self,
            for: APIRequest(
                method: .get, path: Self.sessionPath(sessionID, "/threads/\(Self.segment(threadID))/events"),
                query: Self.sessionCursorQuery(limit, page)),
            options: sessionsOptions(options))
    }

    public func streamSessionThreadEvents(
        sessionID: String, threadID: String, eventDeltas: [String], options: RequestOptions
    ) async throws -> AIStream<AgentSessionEvent> {
        try await sessionEventStream(
            path: Self.sessionPath(sessionID, "/threads/\(Self.segment(threadID))/stream"), eventDeltas: eventDeltas, options: options)
    }

    /// `limit` and `page` of a cursor-paginated list.
    static func sessionCursorQuery(_ limit: Int?, _ page: String?) -> [URLQueryItem] {
        var items = AgentSessionQueryItems()
        items.add("limit", limit.map(String.init))
        items.add("page", page)
        return items.items
    }
}
