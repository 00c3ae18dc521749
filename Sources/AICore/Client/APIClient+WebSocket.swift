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
        var outgoing = try transportRequest(for: request, options: options)
        if let provider = configuration.headerProvider {
            outgoing.headers.merge(try await provider())
        }
        outgoing.headers[.accept] = nil
        guard let url = WebSocketClient.webSocketURL(outgoing.url) else {
            throw APIError(kind: .invalidRequest, message: "Invalid WebSocket URL: \(outgoing.url.absoluteString)")
        }
        logger.debug("→ WebSocket \(url.absoluteString)")
        logger.trace("request headers: \(HeaderRedaction.describe(outgoing.headers))")
        do {
            return try await WebSocketClient.connect(
                WebSocketRequest(url: url, headers: outgoing.headers), transport: transport, options: webSocketOptions)
        } catch let error as APIError {
            logger.debug("✗ WebSocket \(url.absoluteString): \(error)")
            throw error.maskingCredentials(sentIn: outgoing.headers)
        }
    }
}
