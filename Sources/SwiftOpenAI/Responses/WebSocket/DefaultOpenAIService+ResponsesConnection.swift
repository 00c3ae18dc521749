import AICore
import Foundation

/// Responses over WebSocket.
extension DefaultOpenAIService {
    public func responsesConnection(connection: RealtimeConnectionOptions, options: RequestOptions) async throws -> ResponsesConnection {
        if routing == .azureDeployments {
            throw APIError(
                kind: .invalidRequest,
                message: "Azure serves Responses over WebSocket on its v1 routes: use AzureOpenAIConfiguration(…, routing: .v1).")
        }
        let socket = try await client.openWebSocket(
            APIRequest(method: .get, path: routing.path("/responses")), options: options, transport: connection.transport,
            webSocketOptions: connection.webSocketOptions)
        return ResponsesConnection(connection: socket, options: connection)
    }
}
