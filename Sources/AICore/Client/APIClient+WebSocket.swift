import Foundation
import HTTPTypes

extension APIClient {
    /// Opens a WebSocket to `request`'s path on this client's host, with the same credentials, fixed query items
    /// (Azure's `api-version`) and per-attempt headers (refreshed Entra tokens) as every HTTP call.
    ///
    /// The handshake is not retried: a Realtime session is stateful, and a caller that wants another try opens a new
    /// session. A refused handshake's error has the credentials masked like any HTTP error.
    package func openWebSocket(
        _ request: APIRequest, options: RequestOptions = .default, transport: WebSocketTransport, webSocketOptions: WebSocketOptions
    ) async throws -> any WebSocketConnection {
        let call = try prepareCall(request, options: options)
        var outgoing: TransportRequest
        let intercepted: AIInterceptedRequest?
        do {
            (outgoing, intercepted) = try await attemptRequest(call, attempt: 1)
        } catch let refusal as InterceptorRefusal {
            call.telemetry?.failed(refusal.error)
            throw await failing(refusal.error, call: call, intercepted: refusal.request)
        } catch {
            call.telemetry?.failed(error)
            throw error
        }
        outgoing.headers[.accept] = nil
        guard let url = WebSocketClient.webSocketURL(outgoing.url) else {
            let error = APIError(kind: .invalidRequest, message: "Invalid WebSocket URL: \(outgoing.url.absoluteString)")
            call.telemetry?.failed(error)
            throw await failing(error, call: call, intercepted: intercepted)
        }
        logger.debug("→ WebSocket \(url.absoluteString)")
        logger.trace("request headers: \(HeaderRedaction.describe(outgoing.headers))")
        do {
            let connection = try await WebSocketClient.connect(
                WebSocketRequest(url: url, headers: outgoing.headers), transport: transport, options: webSocketOptions)
            if let intercepted {
                await received(TransportResponseHead(status: .switchingProtocols, headers: [:]), for: intercepted, call: call)
            }
            guard let telemetry = call.telemetry else { return connection }
            telemetry.responded(status: 101, headers: [:])
            return ObservedWebSocketConnection(connection, telemetry: telemetry)
        } catch {
            let masked = (error as? APIError)?.maskingCredentials(sentIn: outgoing.headers) ?? APIError(transportFailure: error, url: url)
            logger.debug("✗ WebSocket \(url.absoluteString): \(masked)")
            call.telemetry?.failed(masked)
            throw await failing(masked, call: call, intercepted: intercepted)
        }
    }
}

/// A WebSocket connection whose session span ends when it is closed (or dropped).
private final class ObservedWebSocketConnection: WebSocketConnection {
    private let base: any WebSocketConnection
    private let telemetry: CallTelemetry

    init(_ base: any WebSocketConnection, telemetry: CallTelemetry) {
        self.base = base
        self.telemetry = telemetry
    }

    deinit { telemetry.streamEnded() }

    var messages: AsyncThrowingStream<[WebSocketMessage], any Error> { base.messages }
    var activity: WebSocketActivity { base.activity }
    func handedOut(bytes: Int) { base.handedOut(bytes: bytes) }
    func send(text: String) async throws { try await base.send(text: text) }
    func close(code: UInt16, reason: String) async {
        await base.close(code: code, reason: reason)
        telemetry.streamEnded()
    }
}
