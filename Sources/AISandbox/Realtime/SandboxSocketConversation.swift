import AIServerKit

/// What a sandbox WebSocket session answers with — the Realtime conversation or a Responses socket — while
/// ``RealtimeSessionHandler`` carries the frames and applies the queued faults for both.
protocol SandboxSocketConversation: AnyObject {
    /// The path client events are recorded under (`WS` requests).
    var recordedPath: String { get }
    /// The event sent as soon as the session opens (nil: none).
    var greeting: JSON? { get }
    /// The answer to one client message.
    func handle(_ text: String) -> [SandboxSocketOutput]
    /// The handler started playing response `id` out.
    func started(_ id: String)
    /// The handler sent the last event of response `id`.
    func ended(_ id: String)
    /// An event of a type no client knows (the `unknownEvents` fault).
    func unknownEvent() -> JSON
    /// What the server sends when it fails in the middle of response `responseID` (the `streamErrorAfterEvents` fault).
    func failure(responseID: String) -> [JSON]
}

/// What the handler does with a client message.
enum SandboxSocketOutput {
    /// Send this event now.
    case event(JSON)
    /// Play out a response: these events in order (faults apply to them), after any response being played.
    case response(id: String, events: [JSON])
    /// Stop the response being played out and send these events.
    case cancel(events: [JSON])
    /// If response `id` is being played out: stop it, send `events` (numbered on from its last event), then play
    /// `next`. Otherwise send `otherwise`.
    case interrupt(id: String, events: [JSON], next: (id: String, events: [JSON]), otherwise: [JSON])
}
