import AICore
import Foundation

/// Realtime.
extension DefaultOpenAIService {
    public func createRealtimeClientSecret(
        parameters: RealtimeClientSecretParameters, options: RequestOptions
    ) async throws -> RealtimeClientSecret {
        if routing == .azureDeployments {
            // The preview's `realtimeapi/sessions` has another shape and is being retired; GA secrets live under v1.
            throw APIError(
                kind: .invalidRequest,
                message: "Azure mints Realtime client secrets on its v1 routes: use AzureOpenAIConfiguration(…, routing: .v1).")
        }
        return try await client.decode(
            RealtimeClientSecret.self, for: .json(.post, routing.path("/realtime/client_secrets"), body: parameters), options: options)
    }

    public func realtimeSession(
        model: String, connection: RealtimeConnectionOptions, options: RequestOptions
    ) async throws -> RealtimeSession {
        let request: APIRequest
        switch routing {
        case .openAI, .azureV1:
            request = APIRequest(method: .get, path: routing.path("/realtime"), query: [URLQueryItem(name: "model", value: model)])
        case .azureDeployments:
            // The preview route: `/openai/realtime?api-version=…&deployment=…`.
            request = APIRequest(method: .get, path: "/openai/realtime", query: [URLQueryItem(name: "deployment", value: model)])
        }
        // The session's span lasts until it is closed; "realtime" is this SDK's operation name (OpenTelemetry has
        // none for a Realtime session yet).
        let socket = try await client.openWebSocket(
            request.describing(GenAIOperation("realtime", model: model)), options: options, transport: connection.transport, webSocketOptions: connection.webSocketOptions)
        return RealtimeSession(connection: socket, options: connection)
    }
}
