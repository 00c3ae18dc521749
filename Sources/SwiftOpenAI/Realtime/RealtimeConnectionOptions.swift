import AICore
import Foundation

/// How a Realtime session connects and notices a dead or stalled server.
public struct RealtimeConnectionOptions: Sendable {
    /// The WebSocket client (SwiftNIO off Apple platforms, URLSession on them, unless chosen here).
    public var transport: WebSocketTransport
    /// Seconds for the connection and the handshake together.
    public var connectTimeout: TimeInterval
    /// Seconds between keep-alive pings (0: none). A ping unanswered for ``pingTimeout`` ends the session with `.timeout`.
    public var pingInterval: TimeInterval
    public var pingTimeout: TimeInterval
    /// While a response is in progress (from `response.create` to `response.done`), the longest the server may send
    /// nothing before the session ends with `.timeout` (0: no limit). Between responses a session may be quiet for
    /// as long as the user is.
    public var responseIdleTimeout: TimeInterval

    public init(
        transport: WebSocketTransport = .automatic, connectTimeout: TimeInterval = 30, pingInterval: TimeInterval = 20,
        pingTimeout: TimeInterval = 20, responseIdleTimeout: TimeInterval = 60
    ) {
        self.transport = transport
        self.connectTimeout = connectTimeout
        self.pingInterval = pingInterval
        self.pingTimeout = pingTimeout
        self.responseIdleTimeout = responseIdleTimeout
    }

    var webSocketOptions: WebSocketOptions {
        var options = WebSocketOptions()
        options.connectTimeout = connectTimeout
        options.pingInterval = pingInterval
        options.pingTimeout = pingTimeout
        return options
    }
}
