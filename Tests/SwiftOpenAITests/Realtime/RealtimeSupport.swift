import AICore
import AISandbox
import Foundation
import SwiftAITestSupport
import SwiftOpenAI
import Testing

/// The WebSocket clients a Realtime test runs over: the ones this platform has.
///
/// Apple platforms: URLSession only (SwiftNIO is not a dependency there; `.nio` fails with `.invalidRequest`).
/// Elsewhere: SwiftNIO. URLSession speaks WebSocket on Linux only with a libcurl built with WebSocket support, which
/// Debian's and Ubuntu's are not; ``RealtimeSessionTests/urlSessionNeedsWebSocketCurl()`` checks that it fails with a
/// clear error there, or works.
#if canImport(Darwin)
let realtimeTransports: [WebSocketTransport] = [.urlSession]
#else
let realtimeTransports: [WebSocketTransport] = [.nio]
#endif

/// A service pointed at a fresh sandbox, for Realtime tests; every decode is checked against `JSONDecoder`.
func withRealtimeService<T>(
    requireAuthorization: Bool = true, _ body: (Sandbox, any OpenAIService) async throws -> T
) async throws -> T {
    try await withSandbox(requireAuthorization: requireAuthorization) { sandbox in
        let service = OpenAIServiceFactory.service(
            apiKey: "sk-realtime-test", overrideBaseURL: sandbox.baseURL.absoluteString,
            retryPolicy: RetryPolicy(maxRetries: 0))
        return try await body(sandbox, service)
    }
}

/// The handshake may take long while the whole suite runs in parallel on two cores (seen: over 10 s), so its bound
/// only catches a hang; the behaviours under test have their own, shorter limits.
func realtimeOptions(_ transport: WebSocketTransport, idle: TimeInterval = 30, ping: TimeInterval = 20) -> RealtimeConnectionOptions {
    RealtimeConnectionOptions(transport: transport, connectTimeout: 60, pingInterval: ping, pingTimeout: 10, responseIdleTimeout: idle)
}

/// Reads events until one matches `stop` (returned with everything before it), or the session ends.
func readEvents(
    _ session: RealtimeSession, until stop: (RealtimeServerEvent) -> Bool
) async throws -> [RealtimeServerEvent] {
    var events: [RealtimeServerEvent] = []
    for try await event in session.events {
        events.append(event)
        if stop(event) { return events }
    }
    return events
}

extension RealtimeServerEvent {
    var isSessionCreated: Bool { if case .sessionCreated = self { true } else { false } }
    var isResponseDone: Bool { if case .responseDone = self { true } else { false } }
    var isError: Bool { if case .error = self { true } else { false } }

    /// The wire type of a few events the tests look for.
    var typeName: String {
        switch self {
        case .inputAudioBufferSpeechStarted: "input_audio_buffer.speech_started"
        case .inputAudioBufferCommitted: "input_audio_buffer.committed"
        case .responseCreated: "response.created"
        case .responseDone: "response.done"
        case .unknown(let type, _): type
        default: "other"
        }
    }
}

/// Waits (polling) until `condition` holds, up to `timeout` seconds.
func eventually(_ timeout: TimeInterval = 10, _ condition: () -> Bool) async -> Bool {
    let deadline = Date().addingTimeInterval(timeout)
    while Date() < deadline {
        if condition() { return true }
        try? await Task.sleep(nanoseconds: 10_000_000)
    }
    return condition()
}

/// Reads a session to its end and returns the events that came and the ``APIError`` it ended with (recording a test
/// failure when it ended without one).
func readToFailure(
    _ session: RealtimeSession, sourceLocation: SourceLocation = #_sourceLocation
) async -> (events: [RealtimeServerEvent], error: APIError?) {
    var events: [RealtimeServerEvent] = []
    do {
        for try await event in session.events { events.append(event) }
        Issue.record("the events ended without an error", sourceLocation: sourceLocation)
    } catch let error as APIError {
        return (events, error)
    } catch {
        Issue.record("the events ended with \(error), not an APIError", sourceLocation: sourceLocation)
    }
    return (events, nil)
}
