import AICore
import Foundation

/// `POST /v1/realtime/client_secrets`: mints a short-lived key for one Realtime session, so an app connects
/// without ever holding the real API key (its own backend mints the secret and hands it over).
public struct RealtimeClientSecretParameters: Encodable, Sendable {
    /// When the secret expires.
    public struct ExpiresAfter: Encodable, Sendable {
        /// `created_at`.
        public var anchor: String
        /// 10 to 7200 seconds (the API's default is 600).
        public var seconds: Int

        public init(anchor: String = "created_at", seconds: Int) {
            self.anchor = anchor
            self.seconds = seconds
        }
    }

    public var expiresAfter: ExpiresAfter?
    /// The session the secret is for (model, instructions, voice…); the app can't change what is fixed here.
    public var session: RealtimeSessionConfiguration?

    public init(expiresAfter: ExpiresAfter? = nil, session: RealtimeSessionConfiguration? = nil) {
        self.expiresAfter = expiresAfter
        self.session = session
    }

    enum CodingKeys: String, CodingKey {
        case session
        case expiresAfter = "expires_after"
    }
}

/// A minted client secret. Its ``value`` (`ek_…`) is a credential: it never appears in descriptions.
public struct RealtimeClientSecret: Decodable, Sendable, CustomStringConvertible, CustomDebugStringConvertible {
    /// The ephemeral key, for ``RealtimeSession/connect(clientSecret:model:baseURL:connection:)``.
    public var value: String
    /// When it expires, in Unix seconds.
    public var expiresAt: Int
    /// The session it is for.
    public var session: RealtimeSessionConfiguration?

    enum CodingKeys: String, CodingKey {
        case value, session
        case expiresAt = "expires_at"
    }

    public var description: String {
        "RealtimeClientSecret(value: \(HeaderRedaction.mask(value)), expiresAt: \(expiresAt), model: \(session?.model ?? "-"))"
    }

    public var debugDescription: String { description }
}
