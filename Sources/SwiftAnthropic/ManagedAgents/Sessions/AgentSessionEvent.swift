import AICore
import Foundation

/// One event of a Managed Agents session: what the user sent (`user.*`), what the agent did (`agent.*`), what
/// happened to the session and its threads (`session.*`), timing spans (`span.*`), system messages and workflow runs.
///
/// The same type serves the event log (``AnthropicSessionsService/listSessionEvents(sessionID:query:options:)``)
/// and the live stream (``AnthropicSessionsService/streamSessionEvents(sessionID:eventDeltas:options:)``), which
/// adds ``eventStart(_:)`` and ``eventDelta(_:)`` when deltas are asked for. An event type this version of the
/// library does not know arrives as ``unknown(type:_:)`` with its JSON, and never ends a stream.
///
/// ```swift
/// for try await event in try await service.streamSessionEvents(sessionID: session.id) {
///     switch event {
///     case .agentMessage(let message): print(message.text)
///     case .agentToolUse(let call): print("→", call.name)
///     case .sessionStatusIdle: return
///     default: break
///     }
/// }
/// ```
public enum AgentSessionEvent: Codable, Sendable {
    /// `user.message`: a message you sent.
    case userMessage(AgentSessionMessageEvent)
    /// `user.interrupt`: you stopped the agent.
    case userInterrupt(AgentSessionInterruptEvent)
    /// `user.tool_confirmation`: you allowed or denied a tool call.
    case userToolConfirmation(AgentSessionToolConfirmationEvent)
    /// `user.custom_tool_result`: your custom tool's result.
    case userCustomToolResult(AgentSessionToolResultEvent)
    /// `user.tool_result`: the result of a tool you ran for the agent.
    case userToolResult(AgentSessionToolResultEvent)
    /// `user.define_outcome`: an outcome the session works toward.
    case userDefineOutcome(AgentSessionOutcomeDefinitionEvent)
    /// `agent.message`: the agent's answer.
    case agentMessage(AgentSessionMessageEvent)
    /// `agent.thinking`: the agent is thinking.
    case agentThinking(AgentSessionMarkerEvent)
    /// `agent.tool_use`: the agent called a built-in tool.
    case agentToolUse(AgentSessionToolUseEvent)
    /// `agent.tool_result`: a built-in tool's result.
    case agentToolResult(AgentSessionToolResultEvent)
    /// `agent.mcp_tool_use`: the agent called an MCP server's tool.
    case agentMCPToolUse(AgentSessionToolUseEvent)
    /// `agent.mcp_tool_result`: an MCP tool's result.
    case agentMCPToolResult(AgentSessionToolResultEvent)
    /// `agent.custom_tool_use`: the agent called one of your tools; answer with a `user.custom_tool_result`.
    case agentCustomToolUse(AgentSessionToolUseEvent)
    /// `agent.thread_message_received`: a message from another thread.
    case agentThreadMessageReceived(AgentSessionThreadMessageEvent)
    /// `agent.thread_message_sent`: a message to another thread.
    case agentThreadMessageSent(AgentSessionThreadMessageEvent)
    /// `agent.thread_context_compacted`: the thread's context was compacted.
    case agentThreadContextCompacted(AgentSessionMarkerEvent)
    /// `session.error`: something went wrong.
    case sessionError(AgentSessionErrorEvent)
    /// `session.status_rescheduled`: a transient error; the platform retries.
    case sessionStatusRescheduled(AgentSessionMarkerEvent)
    /// `session.status_running`: the agent started working.
    case sessionStatusRunning(AgentSessionMarkerEvent)
    /// `session.status_idle`: the agent stopped and waits for input.
    case sessionStatusIdle(AgentSessionIdleEvent)
    /// `session.status_terminated`: the session ended.
    case sessionStatusTerminated(AgentSessionMarkerEvent)
    /// `session.deleted`: the session was deleted.
    case sessionDeleted(AgentSessionMarkerEvent)
    /// `session.updated`: the session's settings changed.
    case sessionUpdated(AgentSessionUpdatedEvent)
    /// `session.usage`: the usage so far.
    case sessionUsage(AgentSessionUsageEvent)
    /// `session.thread_created`: a thread started.
    case sessionThreadCreated(AgentSessionThreadStatusEvent)
    /// `session.thread_status_running`: a thread's agent started working.
    case sessionThreadStatusRunning(AgentSessionThreadStatusEvent)
    /// `session.thread_status_idle`: a thread's agent stopped.
    case sessionThreadStatusIdle(AgentSessionIdleEvent)
    /// `session.thread_status_rescheduled`: a thread hit a transient error.
    case sessionThreadStatusRescheduled(AgentSessionThreadStatusEvent)
    /// `session.thread_status_terminated`: a thread ended.
    case sessionThreadStatusTerminated(AgentSessionThreadStatusEvent)
    /// `span.model_request_start`: a model request started.
    case spanModelRequestStart(AgentSessionMarkerEvent)
    /// `span.model_request_end`: a model request ended.
    case spanModelRequestEnd(AgentSessionModelRequestEndEvent)
    /// `span.outcome_evaluation_start`: an outcome evaluation started.
    case spanOutcomeEvaluationStart(AgentSessionOutcomeEvaluationEvent)
    /// `span.outcome_evaluation_ongoing`: an outcome evaluation goes on.
    case spanOutcomeEvaluationOngoing(AgentSessionOutcomeEvaluationEvent)
    /// `span.outcome_evaluation_end`: an outcome evaluation ended.
    case spanOutcomeEvaluationEnd(AgentSessionOutcomeEvaluationEvent)
    /// `system.message`: a system message.
    case systemMessage(AgentSessionMessageEvent)
    /// `workflow_run.created`: a workflow run was created.
    case workflowRunCreated(AgentSessionWorkflowRunEvent)
    /// `workflow_run.status_running`: a workflow run works.
    case workflowRunStatusRunning(AgentSessionWorkflowRunEvent)
    /// `workflow_run.status_idle`: a workflow run waits.
    case workflowRunStatusIdle(AgentSessionWorkflowRunEvent)
    /// `workflow_run.status_ended`: a workflow run ended.
    case workflowRunStatusEnded(AgentSessionWorkflowRunEvent)
    /// `workflow_run.phase_started`: a workflow phase started.
    case workflowRunPhaseStarted(AgentSessionWorkflowRunEvent)
    /// `workflow_run.phase_ended`: a workflow phase ended.
    case workflowRunPhaseEnded(AgentSessionWorkflowRunEvent)
    /// `workflow_run.error`: a workflow run failed.
    case workflowRunError(AgentSessionErrorEvent)
    /// `event_start` (streams with deltas only): an event whose content follows in deltas started.
    case eventStart(AgentSessionEventStart)
    /// `event_delta` (streams with deltas only): a piece of an event's content.
    case eventDelta(AgentSessionEventDelta)
    /// An event type this version of the library does not model: its `type` and its JSON, as sent.
    case unknown(type: String, JSONValue)

    /// The event's type as the API spells it (`agent.message`, `session.status_idle`…).
    public var type: String { parts.type }

    /// The event's id (for a delta, the id of the event it belongs to); nil for an unknown event without one.
    public var id: String? {
        if case .unknown(_, let json) = self { return json["id"]?.stringValue }
        return parts.payload?.eventID
    }

    /// When the platform processed the event (RFC 3339), when the event says.
    public var processedAt: String? {
        if case .unknown(_, let json) = self { return json["processed_at"]?.stringValue }
        return parts.payload?.processedAt
    }

    /// Whether the event ends the agent's work for now: the session went idle, ended or was deleted.
    public var endsTurn: Bool {
        switch self {
        case .sessionStatusIdle, .sessionStatusTerminated, .sessionDeleted: true
        default: false
        }
    }

    public init(from decoder: any Decoder) throws {
        let type = decoder.stringField(named: "type") ?? ""
        func payload<Payload: Decodable>(_: Payload.Type = Payload.self) throws -> Payload { try Payload(from: decoder) }
        switch type {
        case "user.message": self = .userMessage(try payload())
        case "user.interrupt": self = .userInterrupt(try payload())
        case "user.tool_confirmation": self = .userToolConfirmation(try payload())
        case "user.custom_tool_result": self = .userCustomToolResult(try payload())
        case "user.tool_result": self = .userToolResult(try payload())
        case "user.define_outcome": self = .userDefineOutcome(try payload())
        case "agent.message": self = .agentMessage(try payload())
        case "agent.thinking": self = .agentThinking(try payload())
        case "agent.tool_use": self = .agentToolUse(try payload())
        case "agent.tool_result": self = .agentToolResult(try payload())
        case "agent.mcp_tool_use": self = .agentMCPToolUse(try payload())
        case "agent.mcp_tool_result": self = .agentMCPToolResult(try payload())
        case "agent.custom_tool_use": self = .agentCustomToolUse(try payload())
        case "agent.thread_message_received": self = .agentThreadMessageReceived(try payload())
        case "agent.thread_message_sent": self = .agentThreadMessageSent(try payload())
        case "agent.thread_context_compacted": self = .agentThreadContextCompacted(try payload())
        case "session.error": self = .sessionError(try payload())
        case "session.status_rescheduled": self = .sessionStatusRescheduled(try payload())
        case "session.status_running": self = .sessionStatusRunning(try payload())
        case "session.status_idle": self = .sessionStatusIdle(try payload())
        case "session.status_terminated": self = .sessionStatusTerminated(try payload())
        case "session.deleted": self = .sessionDeleted(try payload())
        case "session.updated": self = .sessionUpdated(try payload())
        case "session.usage": self = .sessionUsage(try payload())
        case "session.thread_created": self = .sessionThreadCreated(try payload())
        case "session.thread_status_running": self = .sessionThreadStatusRunning(try payload())
        case "session.thread_status_idle": self = .sessionThreadStatusIdle(try payload())
        case "session.thread_status_rescheduled": self = .sessionThreadStatusRescheduled(try payload())
        case "session.thread_status_terminated": self = .sessionThreadStatusTerminated(try payload())
        case "span.model_request_start": self = .spanModelRequestStart(try payload())
        case "span.model_request_end": self = .spanModelRequestEnd(try payload())
        case "span.outcome_evaluation_start": self = .spanOutcomeEvaluationStart(try payload())
        case "span.outcome_evaluation_ongoing": self = .spanOutcomeEvaluationOngoing(try payload())
        case "span.outcome_evaluation_end": self = .spanOutcomeEvaluationEnd(try payload())
        case "system.message": self = .systemMessage(try payload())
        case "workflow_run.created": self = .workflowRunCreated(try payload())
        case "workflow_run.status_running": self = .workflowRunStatusRunning(try payload())
        case "workflow_run.status_idle": self = .workflowRunStatusIdle(try payload())
        case "workflow_run.status_ended": self = .workflowRunStatusEnded(try payload())
        case "workflow_run.phase_started": self = .workflowRunPhaseStarted(try payload())
        case "workflow_run.phase_ended": self = .workflowRunPhaseEnded(try payload())
        case "workflow_run.error": self = .workflowRunError(try payload())
        case "event_start": self = .eventStart(try payload())
        case "event_delta": self = .eventDelta(try payload())
        default: self = .unknown(type: type, try JSONValue(from: decoder))
        }
    }

    public func encode(to encoder: any Encoder) throws {
        let (type, payload) = parts
        guard let payload else {
            if case .unknown(_, let json) = self { try json.encode(to: encoder) }
            return
        }
        try payload.encode(to: encoder)
        var container = encoder.container(keyedBy: AnyCodingKey.self)
        try container.encode(type, forKey: AnyCodingKey("type"))
    }

    /// The event's type and typed payload (nil for an unknown event).
    private var parts: (type: String, payload: (any AgentSessionEventPayload)?) {
        switch self {
        case .userMessage(let event): ("user.message", event)
        case .userInterrupt(let event): ("user.interrupt", event)
        case .userToolConfirmation(let event): ("user.tool_confirmation", event)
        case .userCustomToolResult(let event): ("user.custom_tool_result", event)
        case .userToolResult(let event): ("user.tool_result", event)
        case .userDefineOutcome(let event): ("user.define_outcome", event)
        case .agentMessage(let event): ("agent.message", event)
        case .agentThinking(let event): ("agent.thinking", event)
        case .agentToolUse(let event): ("agent.tool_use", event)
        case .agentToolResult(let event): ("agent.tool_result", event)
        case .agentMCPToolUse(let event): ("agent.mcp_tool_use", event)
        case .agentMCPToolResult(let event): ("agent.mcp_tool_result", event)
        case .agentCustomToolUse(let event): ("agent.custom_tool_use", event)
        case .agentThreadMessageReceived(let event): ("agent.thread_message_received", event)
        case .agentThreadMessageSent(let event): ("agent.thread_message_sent", event)
        case .agentThreadContextCompacted(let event): ("agent.thread_context_compacted", event)
        case .sessionError(let event): ("session.error", event)
        case .sessionStatusRescheduled(let event): ("session.status_rescheduled", event)
        case .sessionStatusRunning(let event): ("session.status_running", event)
        case .sessionStatusIdle(let event): ("session.status_idle", event)
        case .sessionStatusTerminated(let event): ("session.status_terminated", event)
        case .sessionDeleted(let event): ("session.deleted", event)
        case .sessionUpdated(let event): ("session.updated", event)
        case .sessionUsage(let event): ("session.usage", event)
        case .sessionThreadCreated(let event): ("session.thread_created", event)
        case .sessionThreadStatusRunning(let event): ("session.thread_status_running", event)
        case .sessionThreadStatusIdle(let event): ("session.thread_status_idle", event)
        case .sessionThreadStatusRescheduled(let event): ("session.thread_status_rescheduled", event)
        case .sessionThreadStatusTerminated(let event): ("session.thread_status_terminated", event)
        case .spanModelRequestStart(let event): ("span.model_request_start", event)
        case .spanModelRequestEnd(let event): ("span.model_request_end", event)
        case .spanOutcomeEvaluationStart(let event): ("span.outcome_evaluation_start", event)
        case .spanOutcomeEvaluationOngoing(let event): ("span.outcome_evaluation_ongoing", event)
        case .spanOutcomeEvaluationEnd(let event): ("span.outcome_evaluation_end", event)
        case .systemMessage(let event): ("system.message", event)
        case .workflowRunCreated(let event): ("workflow_run.created", event)
        case .workflowRunStatusRunning(let event): ("workflow_run.status_running", event)
        case .workflowRunStatusIdle(let event): ("workflow_run.status_idle", event)
        case .workflowRunStatusEnded(let event): ("workflow_run.status_ended", event)
        case .workflowRunPhaseStarted(let event): ("workflow_run.phase_started", event)
        case .workflowRunPhaseEnded(let event): ("workflow_run.phase_ended", event)
        case .workflowRunError(let event): ("workflow_run.error", event)
        case .eventStart(let event): ("event_start", event)
        case .eventDelta(let event): ("event_delta", event)
        case .unknown(let type, _): (type, nil)
        }
    }
}

/// What every typed event payload answers: its event's id and processing time.
protocol AgentSessionEventPayload: Encodable, Sendable {
    var eventID: String { get }
    var processedAt: String? { get }
}

extension AgentSessionMarkerEvent: AgentSessionEventPayload { var eventID: String { id } }
extension AgentSessionMessageEvent: AgentSessionEventPayload { var eventID: String { id } }
extension AgentSessionThreadMessageEvent: AgentSessionEventPayload { var eventID: String { id } }
extension AgentSessionInterruptEvent: AgentSessionEventPayload { var eventID: String { id } }
extension AgentSessionToolConfirmationEvent: AgentSessionEventPayload { var eventID: String { id } }
extension AgentSessionOutcomeDefinitionEvent: AgentSessionEventPayload { var eventID: String { id } }
extension AgentSessionToolUseEvent: AgentSessionEventPayload { var eventID: String { id } }
extension AgentSessionToolResultEvent: AgentSessionEventPayload { var eventID: String { id } }
extension AgentSessionIdleEvent: AgentSessionEventPayload { var eventID: String { id } }
extension AgentSessionThreadStatusEvent: AgentSessionEventPayload { var eventID: String { id } }
extension AgentSessionErrorEvent: AgentSessionEventPayload { var eventID: String { id } }
extension AgentSessionUpdatedEvent: AgentSessionEventPayload { var eventID: String { id } }
extension AgentSessionUsageEvent: AgentSessionEventPayload { var eventID: String { id } }
extension AgentSessionModelRequestEndEvent: AgentSessionEventPayload { var eventID: String { id } }
extension AgentSessionOutcomeEvaluationEvent: AgentSessionEventPayload { var eventID: String { id } }
extension AgentSessionWorkflowRunEvent: AgentSessionEventPayload { var eventID: String { id } }

extension AgentSessionEventStart: AgentSessionEventPayload {
    var eventID: String { event.id }
    var processedAt: String? { nil }
}

extension AgentSessionEventDelta: AgentSessionEventPayload {
    var processedAt: String? { nil }
}
