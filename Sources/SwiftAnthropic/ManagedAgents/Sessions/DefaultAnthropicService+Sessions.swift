@_spi(Streaming) import AICore
import Foundation

/// The beta every Managed Agents call sends.
private let managedAgentsSessionsBeta = "managed-agents-2026-04-01"

extension DefaultAnthropicService {
    /// `options` plus the Managed Agents beta.
    func sessionsOptions(_ options: RequestOptions) -> RequestOptions {
        self.options(options, addingBetas: [managedAgentsSessionsBeta])
    }

    /// `/v1/sessions/{id}` and what follows it (the base URL carries `/v1`).
    static func sessionPath(_ id: String, _ rest: String = "") -> String {
        "/sessions/\(segment(id))" + rest
    }

    // MARK: Sessions

    public func createSession(_ parameters: AgentSessionParameters, options: RequestOptions) async throws -> AgentSession {
        try await client.decode(AgentSession.self, for: .json(.post, "/sessions", body: parameters), options: sessionsOptions(options))
    }

    public func retrieveSession(id: String, options: RequestOptions) async throws -> AgentSession {
        try await client.decode(
            AgentSession.self, for: APIRequest(method: .get, path: Self.sessionPath(id)), options: sessionsOptions(options))
    }

    public func updateSession(id: String, _ update: AgentSessionUpdate, options: RequestOptions) async throws -> AgentSession {
        try await client.decode(
            AgentSession.self, for: .json(.post, Self.sessionPath(id), body: update), options: sessionsOptions(options))
    }

    public func listSessions(_ query: AgentSessionListQuery, options: RequestOptions) async throws -> AnthropicCursorPage<AgentSession> {
        try await client.decode(
            AnthropicCursorPage<AgentSession>.self, for: APIRequest(method: .get, path: "/sessions", query: query.queryItems),
            options: sessionsOptions(options))
    }

    public func deleteSession(id: String, options: RequestOptions) async throws -> DeletedAgentSession {
        try await client.decode(
            DeletedAgentSession.self, for: APIRequest(method: .delete, path: Self.sessionPath(id)), options: sessionsOptions(options))
    }

    public func archiveSession(id: String, options: RequestOptions) async throws -> AgentSession {
        try await client.decode(
            AgentSession.self, for: APIRequest(method: .post, path: Self.sessionPath(id, "/archive")), options: sessionsOptions(options))
    }

    // MARK: Events

    public func listSessionEvents(
        sessionID: String, query: AgentSessionEventQuery, options: RequestOptions
    ) async throws -> AnthropicCursorPage<AgentSessionEvent> {
        try await client.decode(
            AnthropicCursorPage<AgentSessionEvent>.self,
            for: APIRequest(method: .get, path: Self.sessionPath(sessionID, "/events"), query: query.queryItems),
            options: sessionsOptions(options))
    }

    public func sendSessionEvents(
        sessionID: String, events: [AgentSessionEventInput], options: RequestOptions
    ) async throws -> SentAgentSessionEvents {
        try await client.decode(
            SentAgentSessionEvents.self, for: .json(.post, Self.sessionPath(sessionID, "/events"), body: SentEventsBody(events: events)),
            options: sessionsOptions(options))
    }

    public func streamSessionEvents(
        sessionID: String, eventDeltas: [String], options: RequestOptions
    ) async throws -> AIStream<AgentSessionEvent> {
        try await sessionEventStream(path: Self.sessionPath(sessionID, "/events/stream"), eventDeltas: eventDeltas, options: options)
    }

    /// The SSE stream at `path`, with `event_deltas[]` for the types whose content should also arrive in pieces.
    func sessionEventStream(path: String, eventDeltas: [String], options: RequestOptions) async throws -> AIStream<AgentSessionEvent> {
        var query = AgentSessionQueryItems()
        query.add(list: "event_deltas", eventDeltas)
        var request = APIRequest(method: .get, path: path, query: query.items)
        request.headers[.accept] = "text/event-stream"
        return try await client.eventStream(request, options: sessionsOptions(options), handler: AgentSessionEventStreamHandler())
    }
}

/// The body of sending events.
private struct SentEventsBody: Encodable {
    let events: [AgentSessionEventInput]
}
