import AICore
import Foundation

/// A thread of a session: the line of work of one agent. Every session has a primary thread; a multi-agent session
/// adds one per sub-agent it calls.
public struct AgentSessionThread: Codable, Sendable {
    /// The thread's id (`sthr_…`).
    public let id: String
    /// Always `session_thread`.
    public let type: String
    /// The session the thread belongs to.
    public let sessionID: String
    /// The agent working in this thread.
    public let agent: AgentSessionAgent
    /// The thread that started this one; nil for the primary thread.
    public let parentThreadID: String?
    /// Whether the thread's agent works, waits or has ended.
    public let status: AgentSessionStatus
    /// When the thread was archived (RFC 3339); nil while it is not.
    public let archivedAt: String?
    /// When the thread started (RFC 3339).
    public let createdAt: String
    /// When the thread last changed (RFC 3339).
    public let updatedAt: String
    /// Timing statistics.
    public let stats: AgentSessionStats?
    /// The tokens the thread used.
    public let usage: AgentSessionUsage?
    /// The workflow run the thread belongs to, when one started it.
    public let workflowRunID: String?

    /// Whether this is the session's primary thread.
    public var isPrimary: Bool { parentThreadID == nil }

    enum CodingKeys: String, CodingKey {
        case id, type, agent, status, stats, usage
        case sessionID = "session_id"
        case parentThreadID = "parent_thread_id"
        case archivedAt = "archived_at"
        case createdAt = "created_at"
        case updatedAt = "updated_at"
        case workflowRunID = "workflow_run_id"
    }
}
