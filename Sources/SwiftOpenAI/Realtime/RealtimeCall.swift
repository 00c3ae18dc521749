import AICore
import Foundation

/// `POST /v1/realtime/calls`: a WebRTC SDP offer, and optionally the session that answers it.
///
/// Without a session the offer goes as a plain `application/sdp` body — the form to use with an ephemeral client
/// secret, which already carries the session. With one, offer and session go together as a multipart form.
public struct RealtimeCallParameters: Sendable {
    /// The SDP offer the caller's peer connection made (`RTCPeerConnection.createOffer()` or a WebRTC library's).
    public var sdp: String
    /// The session that answers the call (model, instructions, voice…), as for a client secret.
    public var session: RealtimeSessionConfiguration?

    public init(sdp: String, session: RealtimeSessionConfiguration? = nil) {
        self.sdp = sdp
        self.session = session
    }
}

/// The answer to a WebRTC offer: the SDP to hand to the peer connection, and the call's id for later control
/// requests (hang up).
public struct RealtimeCallAnswer: Sendable, Equatable {
    /// The SDP answer (`application/sdp` text).
    public var sdp: String
    /// The call's id (`rtc_…`), read from the `Location` header; nil when the server sent none.
    public var callID: String?
    /// The `Location` header as sent, e.g. `/v1/realtime/calls/rtc_123`.
    public var location: String?

    public init(sdp: String, callID: String?, location: String?) {
        self.sdp = sdp
        self.callID = callID
        self.location = location
    }
}

/// A SIP status code sent back to a caller whose incoming call is rejected.
public struct SIPStatusCode: RawRepresentable, Hashable, Sendable, ExpressibleByIntegerLiteral {
    public var rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }
    public init(integerLiteral value: Int) { self.rawValue = value }

    /// 486 Busy Here.
    public static let busyHere = SIPStatusCode(rawValue: 486)
    /// 603 Decline, what the API sends when no code is given.
    public static let decline = SIPStatusCode(rawValue: 603)
}

/// `POST /v1/realtime/translations/client_secrets`: a short-lived key for one Realtime translation session,
/// which turns speech into speech (and text) in another language as it is spoken.
public struct RealtimeTranslationClientSecretParameters: Encodable, Sendable {
    /// When the secret expires (10 to 7200 seconds after it is made; 600 by default).
    public var expiresAfter: RealtimeClientSecretParameters.ExpiresAfter?
    /// The translation session the secret is for.
    public var session: RealtimeTranslationSessionConfiguration

    public init(session: RealtimeTranslationSessionConfiguration, expiresAfter: RealtimeClientSecretParameters.ExpiresAfter? = nil) {
        self.session = session
        self.expiresAfter = expiresAfter
    }

    enum CodingKeys: String, CodingKey {
        case session
        case expiresAfter = "expires_after"
    }
}

/// A Realtime translation session: what is asked for, and (with `id`, `type` and `expires_at`) what the server made.
public struct RealtimeTranslationSessionConfiguration: Codable, Sendable, Equatable {
    /// Source transcription: `model` names the transcription model; `.null` turns it off.
    public struct Input: Codable, Sendable, Equatable {
        /// `{"model": …}` or null; kept as JSON so fields the API adds pass through.
        public var transcription: JSONValue?
        /// `{"type": "near_field" | "far_field"}` or null.
        public var noiseReduction: JSONValue?

        public init(transcription: JSONValue? = nil, noiseReduction: JSONValue? = nil) {
            self.transcription = transcription
            self.noiseReduction = noiseReduction
        }

        enum CodingKeys: String, CodingKey {
            case transcription
            case noiseReduction = "noise_reduction"
        }
    }

    /// The language the speech is translated into.
    public struct Output: Codable, Sendable, Equatable {
        /// A language code such as `es`.
        public var language: String?

        public init(language: String? = nil) { self.language = language }
    }

    /// Input and output audio.
    public struct Audio: Codable, Sendable, Equatable {
        public var input: Input?
        public var output: Output?

        public init(input: Input? = nil, output: Output? = nil) {
            self.input = input
            self.output = output
        }
    }

    /// The session id `sess_…` (server).
    public var id: String?
    /// `translation` (server).
    public var type: String?
    /// When the session expires, in Unix seconds (server).
    public var expiresAt: Int?
    /// The translation model, e.g. `gpt-realtime-translate`.
    public var model: String
    public var audio: Audio?

    public init(model: String, targetLanguage: String? = nil, audio: Audio? = nil) {
        self.model = model
        self.audio = audio ?? targetLanguage.map { Audio(output: Output(language: $0)) }
    }

    enum CodingKeys: String, CodingKey {
        case id, type, model, audio
        case expiresAt = "expires_at"
    }
}

/// A minted translation client secret. Its ``value`` (`ek_…`) is a credential: it never appears in descriptions.
public struct RealtimeTranslationClientSecret: Decodable, Sendable, CustomStringConvertible, CustomDebugStringConvertible {
    /// The ephemeral key an app connects with.
    public var value: String
    /// When it expires, in Unix seconds.
    public var expiresAt: Int
    /// The translation session it is for.
    public var session: RealtimeTranslationSessionConfiguration

    enum CodingKeys: String, CodingKey {
        case value, session
        case expiresAt = "expires_at"
    }

    public var description: String {
        "RealtimeTranslationClientSecret(value: \(HeaderRedaction.mask(value)), expiresAt: \(expiresAt), model: \(session.model))"
    }

    public var debugDescription: String { description }
}
