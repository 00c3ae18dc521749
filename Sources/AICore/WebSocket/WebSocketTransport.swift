import Foundation
import HTTPTypes

/// Which WebSocket client a Realtime session uses.
///
/// One public API either way: the choice only changes the machinery underneath. Off Apple platforms the default
/// is a client on SwiftNIO (TLS by NIOSSL), which also reports the body of a refused handshake (a 401's error
/// message); on Apple platforms it is `URLSessionWebSocketTask`, which reports only the status.
///
/// Not on watchOS: there, low-level networking (WebSockets included) is reserved for apps in an active audio-streaming
/// or VoIP session (Apple's TN3135), so connecting fails at once with `.invalidRequest` rather than with an opaque
/// network error later. A watch app talks to the Realtime API through its iPhone app or its own server.
public enum WebSocketTransport: String, Sendable, CaseIterable {
    /// SwiftNIO off Apple platforms, URLSession on them.
    case automatic
    /// The SwiftNIO client: off Apple platforms only (SwiftNIO is not a dependency there), so connecting with it on
    /// an Apple platform fails at once with `.invalidRequest`.
    case nio
    /// `URLSessionWebSocketTask` (on Linux, swift-corelibs-foundation's, over libcurl).
    case urlSession
}

/// What a WebSocket connection is opened with.
package struct WebSocketRequest: Sendable {
    /// A `ws`, `wss`, `http` or `https` URL (the `http` forms are dialled as their WebSocket twins).
    package var url: URL
    /// Headers of the upgrade request (credentials included; they are never logged).
    package var headers: HTTPFields

    package init(url: URL, headers: HTTPFields) {
        self.url = url
        self.headers = headers
    }
}

/// How long a connection may take and how it is kept alive.
package struct WebSocketOptions: Sendable {
    /// Seconds for the TCP/TLS connection and the upgrade handshake together.
    package var connectTimeout: TimeInterval = 30
    /// Seconds between keep-alive pings (0: no pings).
    package var pingInterval: TimeInterval = 20
    /// Seconds a ping may wait for its pong before the connection counts as lost.
    package var pingTimeout: TimeInterval = 20
    /// The largest message taken (Realtime audio deltas are large; a bigger one closes the session with 1009).
    package var maxMessageBytes: Int = 32 << 20

    package init() {}
}

/// One whole message (fragments already joined).
package enum WebSocketMessage: Sendable, Equatable {
    case text(String)
    case binary(Data)
}

/// How much a connection has received, for a reader that wants to tell a silent server from its own lag, and how
/// much of it waits for the reader.
package struct WebSocketActivity: Sendable, Equatable {
    /// Messages received so far.
    package var received = 0
    /// When the last one arrived (``MonotonicClock`` seconds).
    package var lastReceived = MonotonicClock.now
    /// The bytes of the messages received and not yet handed to the reader.
    package var bufferedBytes = 0
    /// Whether the connection stopped reading from the network until the reader catches up.
    package var readingPaused = false

    /// The most bytes a connection holds for a slow reader before it stops reading from the network: the server
    /// is then held back by TCP's own flow control (about 4 s of a Realtime voice reply, 24 kHz PCM16 in base64).
    package static let pauseAboveBytes = 256 << 10
    /// Reading resumes once the reader has taken all but this many.
    package static let resumeBelowBytes = 64 << 10

    /// Counts messages that arrived; returns false when the connection should stop reading for now.
    package mutating func arrived(messages: Int, bytes: Int) -> Bool {
        received += messages
        lastReceived = MonotonicClock.now
        bufferedBytes += bytes
        if bufferedBytes > Self.pauseAboveBytes { readingPaused = true }
        return !readingPaused
    }

    /// Counts bytes handed to the reader; returns true when a paused connection should read again.
    package mutating func handedOut(bytes: Int) -> Bool {
        bufferedBytes -= bytes
        guard readingPaused, bufferedBytes <= Self.resumeBelowBytes else { return false }
        readingPaused = false
        return true
    }
}

extension WebSocketMessage {
    /// The message's size, for the connection's read pacing.
    package var byteCount: Int {
        switch self {
        case .text(let text): text.utf8.count
        case .binary(let data): data.count
        }
    }
}

/// An open WebSocket connection.
///
/// `messages` ends when the connection ends: normally after ``close(code:reason:)``, or with an ``APIError`` —
/// `.closed` (with ``APIError/closeCode``) when the server closed it, `.connection` when the connection broke
/// without a close frame, `.timeout` when a ping went unanswered, `.invalidResponse` for a protocol violation.
/// Cancelling a task that waits on `messages` closes the connection.
package protocol WebSocketConnection: Sendable {
    /// Every message from the server, in order, in batches: all the messages of one network read come as one
    /// element, so a reader wakes once per read rather than once per message. One consumer, who reports what it
    /// took with ``handedOut(bytes:)``: past ``WebSocketActivity/pauseAboveBytes`` not yet taken, the connection
    /// stops reading from the network.
    var messages: AsyncThrowingStream<[WebSocketMessage], any Error> { get }
    /// What has been received so far.
    var activity: WebSocketActivity { get }
    /// The reader took messages of `bytes` bytes: a connection that stopped reading for a slow reader reads again
    /// once little is left (``WebSocketActivity/resumeBelowBytes``).
    func handedOut(bytes: Int)
    /// Sends one text message; throws `.connection` once the connection is closing or closed.
    func send(text: String) async throws
    /// Starts the closing handshake and waits (briefly) for the connection to end; idempotent.
    func close(code: UInt16, reason: String) async
}

/// Opens WebSocket connections with the transport asked for.
package enum WebSocketClient {
    /// Connects and completes the upgrade handshake.
    ///
    /// A refused handshake throws the ``APIError`` of its HTTP status (with the server's error body where the
    /// transport sees it); a connection that fails throws `.connection`; `.timeout` past
    /// ``WebSocketOptions/connectTimeout``; a cancelled task `.cancelled`. On watchOS it throws `.invalidRequest` at once
    /// (see ``WebSocketTransport``).
    package static func connect(
        _ request: WebSocketRequest, transport: WebSocketTransport = .automatic, options: WebSocketOptions = WebSocketOptions()
    ) async throws -> any WebSocketConnection {
        #if os(watchOS)
        throw APIError(kind: .invalidRequest, message: unavailableOnWatchOS)
        #else
        switch transport {
        case .urlSession:
            return try await URLSessionWebSocketConnection.connect(request, options: options)
        case .nio, .automatic:
            #if SWIFTAI_NIO
            return try await NIOWebSocketConnection.connect(request, options: options)
            #else
            if transport == .automatic { return try await URLSessionWebSocketConnection.connect(request, options: options) }
            throw APIError(kind: .invalidRequest, message: "The SwiftNIO WebSocket client is not available on this platform.")
            #endif
        }
        #endif
    }

    /// Why WebSocket sessions (Realtime) are refused on watchOS.
    package static let unavailableOnWatchOS = """
        WebSocket sessions (the Realtime API) are not available on watchOS: Apple reserves low-level networking there \
        for apps in an active audio-streaming or VoIP session (TN3135). Connect from the iPhone app or through a server.
        """

    /// The `ws`/`wss` form of `url` (an `http`/`https` URL is mapped to it), or nil for any other scheme.
    package static func webSocketURL(_ url: URL) -> URL? {
        guard var components = URLComponents(url: url, resolvingAgainstBaseURL: false) else { return nil }
        switch components.scheme?.lowercased() {
        case "ws", "http": components.scheme = "ws"
        case "wss", "https": components.scheme = "wss"
        default: return nil
        }
        return components.url
    }
}
