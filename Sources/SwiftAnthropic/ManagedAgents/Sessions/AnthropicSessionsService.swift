import AICore
import Foundation

/// Managed Agents' sessions (beta): an agent at work in an environment — its events (sent, listed and streamed), resources and threads.
///
/// Every call sends the `managed-agents-2026-04-01` beta itself. Lists return ``AnthropicCursorPage``s; the `all…`
/// methods walk every page.
public protocol AnthropicSessionsService: AnyObject, Sendable {
    /// Creates a session: `agent` starts idle in `environmentID`, with the resources mounted and the initial events
    /// queued.
    func createSession(_ parameters: AgentSessionParameters, options: RequestOptions) async throws -> AgentSession
    /// Retrieves a session.
    func retrieveSession(id: String, options: RequestOptions) async throws -> AgentSession
    /// Changes a session's title, metadata, budget or agent tools.
    func updateSession(id: String, _ update: AgentSessionUpdate, options: RequestOptions) async throws -> AgentSession
    /// Lists sessions, newest first unless the query says otherwise.
    func listSessions(_ query: AgentSessionListQuery, options: RequestOptions) async throws -> AnthropicCursorPage<AgentSession>
    /// Deletes a session and its event log for good.
    func deleteSession(id: String, options: RequestOptions) async throws -> DeletedAgentSession
    /// Archives a session: it stays readable but takes no more events, and lists leave it out by default.
    func archiveSession(id: String, options: RequestOptions) async throws -> AgentSession

    /// Lists a session's event log (past events; use the stream for live ones).
    func listSessionEvents(
        sessionID: String, query: AgentSessionEventQuery, options: RequestOptions
    ) async throws -> AnthropicCursorPage<AgentSessionEvent>
    /// Sends events to a session: a `user.message` starts the agent working.
    func sendSessionEvents(
        sessionID: String, events: [AgentSessionEventInput], options: RequestOptions
    ) async throws -> SentAgentSessionEvents
    /// Streams a session's events as they happen, from now on (the stream does not replay the log).
    ///
    /// The stream stays open while the session lives, across turns; break out of the loop when you have what you
    /// need (e.g. at `session.status_idle`). It ends when the server ends it (the session is deleted). An in-stream
    /// `error` event throws ``APIError`` after every event before it.
    ///
    /// - Parameter eventDeltas: event types (`agent.message`, `agent.thinking`) whose content should also arrive in
    ///   pieces, as ``AgentSessionEvent/eventStart(_:)`` and ``AgentSessionEvent/eventDelta(_:)`` events.
    func streamSessionEvents(
        sessionID: String, eventDeltas: [String], options: RequestOptions
    ) async throws -> AIStream<AgentSessionEvent>

    /// Mounts an uploaded file into a running session's container.
    func addSessionResource(
        sessionID: String, fileID: String, mountPath: String?, options: RequestOptions
    ) async throws -> AgentSessionResource
    /// Lists what is mounted into a session.
    func listSessionResources(
        sessionID: String, limit: Int?, page: String?, options: RequestOptions
    ) async throws -> AnthropicCursorPage<AgentSessionResource>
    /// Retrieves one of a session's resources.
    func retrieveSessionResource(sessionID: String, id: String, options: RequestOptions) async throws -> AgentSessionResource
    /// Replaces the authorization token of a session's repository resource (e.g. when it expires).
    func updateSessionResource(
        sessionID: String, id: String, authorizationToken: String, options: RequestOptions
    ) async throws -> AgentSessionResource
    /// Removes a resource from a session.
    func deleteSessionResource(sessionID: String, id: String, options: RequestOptions) async throws -> DeletedAgentSessionResource

    /// Lists a session's threads (the primary thread and one per sub-agent), optionally only those in `statuses`.
    func listSessionThreads(
        sessionID: String, limit: Int?, page: String?, statuses: [AgentSessionStatus]?, options: RequestOptions
    ) async throws -> AnthropicCursorPage<AgentSessionThread>
    /// Retrieves one of a session's threads.
    func retrieveSessionThread(sessionID: String, id: String, options: RequestOptions) async throws -> AgentSessionThread
    /// Archives one of a session's threads.
    func archiveSessionThread(sessionID: String, id: String, options: RequestOptions) async throws -> AgentSessionThread
    /// Lists one thread's events.
    func listSessionThreadEvents(
        sessionID: String, threadID: String, limit: Int?, page: String?, options: RequestOptions
    ) async throws -> AnthropicCursorPage<AgentSessionEvent>
    /// Streams one thread's events as they happen, as ``streamSessionEvents(sessionID:eventDeltas:options:)`` does for
    /// the whole session.
    func streamSessionThreadEvents(
        sessionID: String, threadID: String, eventDeltas: [String], options: RequestOptions
    ) async throws -> AIStream<AgentSessionEvent>
}
