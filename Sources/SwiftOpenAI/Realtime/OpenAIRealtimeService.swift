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

    /// [Starts a call over WebRTC](https://platform.openai.com/docs/api-reference/realtime/create-call): sends the
    /// caller's SDP offer and returns the SDP answer that completes the peer connection, with the call's id.
    func createRealtimeCall(parameters: RealtimeCallParameters, options: RequestOptions) async throws -> RealtimeCallAnswer

    /// [Accepts an incoming SIP call](https://platform.openai.com/docs/api-reference/realtime/accept-call) (its id
    /// comes in the `realtime.call.incoming` webhook) and sets up the session that talks to the caller.
    func acceptRealtimeCall(callID: String, session: RealtimeSessionConfiguration, options: RequestOptions) async throws

    /// [Ends a call](https://platform.openai.com/docs/api-reference/realtime/hangup-call), SIP or WebRTC.
    func hangUpRealtimeCall(callID: String, options: RequestOptions) async throws

    /// [Transfers a SIP call](https://platform.openai.com/docs/api-reference/realtime/refer-call) with SIP REFER,
    /// to `targetURI` such as `tel:+14155550123` or `sip:agent@example.com`.
    func referRealtimeCall(callID: String, targetURI: String, options: RequestOptions) async throws

    /// [Declines an incoming SIP call](https://platform.openai.com/docs/api-reference/realtime/reject-call) with
    /// `statusCode` (nil: the API's 603 Decline).
    func rejectRealtimeCall(callID: String, statusCode: SIPStatusCode?, options: RequestOptions) async throws

    /// Mints an ephemeral key (`ek_…`) for one Realtime translation session, for an app that must not hold the real key.
    func createRealtimeTranslationClientSecret(
        parameters: RealtimeTranslationClientSecretParameters, options: RequestOptions
    ) async throws -> RealtimeTranslationClientSecret
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

    public func createRealtimeCall(parameters: RealtimeCallParameters) async throws -> RealtimeCallAnswer {
        try await createRealtimeCall(parameters: parameters, options: .default)
    }

    public func acceptRealtimeCall(callID: String, session: RealtimeSessionConfiguration) async throws {
        try await acceptRealtimeCall(callID: callID, session: session, options: .default)
    }

    public func hangUpRealtimeCall(callID: String) async throws {
        try await hangUpRealtimeCall(callID: callID, options: .default)
    }

    public func referRealtimeCall(callID: String, targetURI: String) async throws {
        try await referRealtimeCall(callID: callID, targetURI: targetURI, options: .default)
    }

    public func rejectRealtimeCall(callID: String, statusCode: SIPStatusCode? = nil) async throws {
        try await rejectRealtimeCall(callID: callID, statusCode: statusCode, options: .default)
    }

    public func createRealtimeTranslationClientSecret(
        parameters: RealtimeTranslationClientSecretParameters
    ) async throws -> RealtimeTranslationClientSecret {
        try await createRealtimeTranslationClientSecret(parameters: parameters, options: .default)
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
