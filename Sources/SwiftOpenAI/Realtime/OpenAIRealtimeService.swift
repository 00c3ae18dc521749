import AICore
import Foundation

/// The [Realtime API](https://platform.openai.com/docs/guides/realtime) of ``OpenAIService``: speech-to-speech and
/// text conversations over WebSocket, and ephemeral client secrets for apps.
///
/// Part of ``OpenAIService``; a type can conform to this protocol alone (a mock of this area, say).
public protocol OpenAIRealtimeService: AnyObject, Sendable {
    /// [Mints](https://platform.openai.com/docs/api-reference/realtime-sessions/create-realtime-client-secret) an
    /// ephemeral key (`ek_…`) for one session.
    func createRealtimeClientSecret(parameters: RealtimeClientSecretParameters, options: RequestOptions) async throws -> RealtimeClientSecret

    /// Opens a Realtime session with `model` (on Azure: the deployment), with this service's credentials: OpenAI's
    /// `Authorization: Bearer`, Azure's `api-key` or Entra token.
    ///
    /// Waits for the WebSocket handshake, not for `session.created` (the first of ``RealtimeSession/events``).
    ///
    /// Not on watchOS, where Apple reserves WebSockets and other low-level networking for apps in an active
    /// audio-streaming or VoIP session (TN3135): there it throws `.invalidRequest` at once, saying so, instead of an
    /// opaque network failure later. (A requirement of a Swift protocol can't be marked unavailable on one platform.)
    /// - Throws: ``APIError`` of the refused handshake (401, 403, 404 with the server's message), `.connection`,
    ///   `.timeout`, `.cancelled`; `.invalidRequest` on watchOS.
    func realtimeSession(model: String, connection: RealtimeConnectionOptions, options: RequestOptions) async throws -> RealtimeSession
}

extension OpenAIRealtimeService {
    public func createRealtimeClientSecret(parameters: RealtimeClientSecretParameters) async throws -> RealtimeClientSecret {
        try await createRealtimeClientSecret(parameters: parameters, options: .default)
    }

    public func realtimeSession(
        model: String, connection: RealtimeConnectionOptions = RealtimeConnectionOptions()
    ) async throws -> RealtimeSession {
        try await realtimeSession(model: model, connection: connection, options: .default)
    }
}

extension RealtimeSession {
    /// Opens a session with an ephemeral client secret minted by ``OpenAIRealtimeService/createRealtimeClientSecret(parameters:options:)``
    /// — what an app does so that it never holds the real key.
    ///
    /// Not on watchOS: it throws `.invalidRequest` at once there (see
    /// ``OpenAIRealtimeService/realtimeSession(model:connection:options:)``).
    ///
    /// - Parameter baseURL: the host part (`/v1` is appended); `https://api.openai.com` by default.
    public static func connect(
        clientSecret: String, model: String, baseURL: String? = nil, connection: RealtimeConnectionOptions = RealtimeConnectionOptions()
    ) async throws -> RealtimeSession {
        let service = OpenAIServiceFactory.defaultService(
            apiKey: clientSecret, organizationID: nil, projectID: nil, overrideBaseURL: baseURL ?? OpenAIServiceFactory.defaultBaseURL,
            overrideVersion: nil, extraHeaders: nil, transport: nil, retryPolicy: .default, timeout: connection.connectTimeout,
            streamIdleTimeout: 600, logger: .init(label: "SwiftOpenAI.Realtime"))
        return try await service.realtimeSession(model: model, connection: connection, options: .default)
    }
}
