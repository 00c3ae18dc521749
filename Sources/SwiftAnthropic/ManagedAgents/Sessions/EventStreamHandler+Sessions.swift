@_spi(Streaming) import AICore
import Foundation

/// A session's event stream: every event is JSON whose `type` names it; `ping` events are keep-alives.
///
/// Unlike a message stream it has no final event — it lives as long as the session and ends when the server ends
/// it — so only a body cut inside an event is reported as truncated. An `error` event throws ``APIError``.
struct AgentSessionEventStreamHandler: StreamHandler {
    private var events = EventStreamHandler<AgentSessionEvent>.anthropic(
        skipping: ["ping"], missingEnd: "the end of an event", isFinal: { _ in true })

    mutating func handle(_ event: ServerSentEvent, context: StreamContext) throws -> StreamAction<AgentSessionEvent> {
        try events.handle(event, context: context)
    }

    mutating func endOfStream(droppedPartialEvent: Bool, context: StreamContext) throws {
        guard droppedPartialEvent else { return }
        try events.endOfStream(droppedPartialEvent: true, context: context)
    }
}
