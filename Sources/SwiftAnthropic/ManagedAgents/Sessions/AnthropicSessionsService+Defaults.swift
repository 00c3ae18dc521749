import AICore
import Foundation

extension AnthropicSessionsService {
    public func createSession(_ parameters: AgentSessionParameters) async throws -> AgentSession {
        try await createSession(parameters, options: .default)
    }

    /// Creates a session of `agent` (an agent id pins its latest version) in `environmentID`.
    public func createSession(
        agent: AgentSessionParameters.AgentReference, environmentID: String, title: String? = nil,
        options: RequestOptions = .default
    ) async throws -> AgentSession {
        try await createSession(AgentSessionParameters(agent: agent, environmentID: environmentID, title: title), options: options)
    }

    public func retrieveSession(id: String) async throws -> AgentSession {
        try await retrieveSession(id: id, options: .default)
    }

    public func updateSession(id: String, _ update: AgentSessionUpdate) async throws -> AgentSession {
        try await updateSession(id: id, update, options: .default)
    }

    public func listSessions(_ query: AgentSessionListQuery = AgentSessionListQuery()) async throws -> AnthropicCursorPage<AgentSession> {
        try await listSessions(query, options: .default)
    }

    /// Lists a page of sessions, newest first.
    public func listSessions(limit: Int?, page: String? = nil) async throws -> AnthropicCursorPage<AgentSession> {
        try await listSessions(AgentSessionListQuery(limit: limit, page: page), options: .default)
    }

    public func deleteSession(id: String) async throws -> DeletedAgentSession {
        try await deleteSession(id: id, options: .default)
    }

    public func archiveSession(id: String) async throws -> AgentSession {
        try await archiveSession(id: id, options: .default)
    }

    public func listSessionEvents(
        sessionID: String, query: AgentSessionEventQuery = AgentSessionEventQuery()
    ) async throws -> AnthropicCursorPage<AgentSessionEvent> {
        try await listSessionEvents(sessionID: sessionID, query: query, options: .default)
    }

    public func sendSessionEvents(sessionID: String, events: [AgentSessionEventInput]) async throws -> SentAgentSessionEvents {
        try await sendSessionEvents(sessionID: sessionID, events: events, options: .default)
    }

    public func streamSessionEvents(sessionID: String, eventDeltas: [String] = []) async throws -> AIStream<AgentSessionEvent> {
        try await streamSessionEvents(sessionID: sessionID, eventDeltas: eventDeltas, options: .default)
    }

    public func addSessionResource(sessionID: String, fileID: String, mountPath: String? = nil) async throws -> AgentSessionResource {
        try await addSessionResource(sessionID: sessionID, fileID: fileID, mountPath: mountPath, options: .default)
    }

    public func listSessionResources(
        sessionID: String, limit: Int? = nil, page: String? = nil
    ) async throws -> AnthropicCursorPage<AgentSessionResource> {
        try await listSessionResources(sessionID: sessionID, limit: limit, page: page, options: .default)
    }

    public func retrieveSessionResource(sessionID: String, id: String) async throws -> AgentSessionResource {
        try await retrieveSessionResource(sessionID: sessionID, id: id, options: .default)
    }

    public func updateSessionResource(sessionID: String, id: String, authorizationToken: String) async throws -> AgentSessionResource {
        try await updateSessionResource(sessionID: sessionID, id: id, authorizationToken: authorizationToken, options: .default)
    }

    public func deleteSessionResource(sessionID: String, id: String) async throws -> DeletedAgentSessionResource {
        try await deleteSessionResource(sessionID: sessionID, id: id, options: .default)
    }

    public func listSessionThreads(
        sessionID: String, limit: Int? = nil, page: String? = nil, statuses: [AgentSessionStatus]? = nil
    ) async throws -> AnthropicCursorPage<AgentSessionThread> {
        try await listSessionThreads(sessionID: sessionID, limit: limit, page: page, statuses: statuses, options: .default)
    }

    public func retrieveSessionThread(sessionID: String, id: String) async throws -> AgentSessionThread {
        try await retrieveSessionThread(sessionID: sessionID, id: id, options: .default)
    }

    public func archiveSessionThread(sessionID: String, id: String) async throws -> AgentSessionThread {
        try await archiveSessionThread(sessionID: sessionID, id: id, options: .default)
    }

    public func listSessionThreadEvents(
        sessionID: String, threadID: String, limit: Int? = nil, page: String? = nil
    ) async throws -> AnthropicCursorPage<AgentSessionEvent> {
        try await listSessionThreadEvents(sessionID: sessionID, threadID: threadID, limit: limit, page: page, options: .default)
    }

    public func streamSessionThreadEvents(
        sessionID: String, threadID: String, eventDeltas: [String] = []
    ) async throws -> AIStream<AgentSessionEvent> {
        try await streamSessionThreadEvents(sessionID: sessionID, threadID: threadID, eventDeltas: eventDeltas, options: .default)
    }

    // MARK: Every page

    /// Every session the query matches, page after page as the loop reads them (the query's `page` is the start).
    public func allSessions(
        _ query: AgentSessionListQuery = AgentSessionListQuery(), options: RequestOptions = .default
    ) -> AnthropicPageSequence<AgentSession> {
        AnthropicPageSequence(cursorPages: { cursor in
            var query = query
            if let cursor { query.page = cursor }
            return try await self.listSessions(query, options: options)
        })
    }

    /// A session's whole event log, page after page as the loop reads it.
    public func allSessionEvents(
        sessionID: String, query: AgentSessionEventQuery = AgentSessionEventQuery(), options: RequestOptions = .default
    ) -> AnthropicPageSequence<AgentSessionEvent> {
        AnthropicPageSequence(cursorPages: { cursor in
            var query = query
            if let cursor { query.page = cursor }
            return try await self.listSessionEvents(sessionID: sessionID, query: query, options: options)
        })
    }

    /// Every resource mounted into a session.
    public func allSessionResources(
        sessionID: String, pageSize: Int? = nil, options: RequestOptions = .default
    ) -> AnthropicPageSequence<AgentSessionResource> {
        AnthropicPageSequence(cursorPages: { cursor in
            try await self.listSessionResources(sessionID: sessionID, limit: pageSize, page: cursor, options: options)
        })
    }

    /// Every thread of a session (optionally only those in `statuses`).
    public func allSessionThreads(
        sessionID: String, statuses: [AgentSessionStatus]? = nil, pageSize: Int? = nil, options: RequestOptions = .default
    ) -> AnthropicPageSequence<AgentSessionThread> {
        AnthropicPageSequence(cursorPages: { cursor in
            try await self.listSessionThreads(sessionID: sessionID, limit: pageSize, page: cursor, statuses: statuses, options: options)
        })
    }

    /// One thread's whole event log.
    public func allSessionThreadEvents(
        sessionID: String, threadID: String, pageSize: Int? = nil, options: RequestOptions = .default
    ) -> AnthropicPageSequence<AgentSessionEvent> {
        AnthropicPageSequence(cursorPages: { cursor in
            try await self.listSessionThreadEvents(sessionID: sessionID, threadID: threadID, limit: pageSize, page: cursor, options: options)
        })
    }
}
