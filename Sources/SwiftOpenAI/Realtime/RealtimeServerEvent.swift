import AICore
import Foundation

/// An event the server sends in a Realtime session (GA protocol).
///
/// Events this SDK does not know yet arrive as ``unknown(type:raw:)`` with their JSON and never end the session.
///
/// The cases that carry a whole session, response or item are `indirect` (boxed), so the deltas a response streams
/// are copied as 184-byte values rather than 473-byte ones.
public enum RealtimeServerEvent: Sendable, Equatable {
    /// `error`: the server refused a client event or failed; the session goes on.
    case error(RealtimeErrorEvent)
    indirect case sessionCreated(RealtimeSessionConfiguration)
    indirect case sessionUpdated(RealtimeSessionConfiguration)
    /// `conversation.item.added` (the item may still be in progress).
    indirect case conversationItemAdded(RealtimeItemEvent)
    /// `conversation.item.done`.
    indirect case conversationItemDone(RealtimeItemEvent)
    /// `conversation.item.created` (the beta protocol's name for `added`).
    indirect case conversationItemCreated(RealtimeItemEvent)
    indirect case conversationItemRetrieved(RealtimeItemEvent)
    case conversationItemDeleted(itemID: String)
    case conversationItemTruncated(RealtimeTruncatedEvent)
    /// `conversation.item.input_audio_transcription.delta`, `.completed` (with `transcript`) and `.failed` (with `error`).
    case inputAudioTranscriptionDelta(RealtimeTranscriptionEvent)
    case inputAudioTranscriptionCompleted(RealtimeTranscriptionEvent)
    case inputAudioTranscriptionFailed(RealtimeTranscriptionEvent)
    case inputAudioBufferCommitted(RealtimeAudioBufferEvent)
    case inputAudioBufferCleared
    case inputAudioBufferSpeechStarted(RealtimeAudioBufferEvent)
    case inputAudioBufferSpeechStopped(RealtimeAudioBufferEvent)
    case inputAudioBufferTimeoutTriggered(RealtimeAudioBufferEvent)
    case outputAudioBufferStarted(responseID: String?)
    case outputAudioBufferStopped(responseID: String?)
    case outputAudioBufferCleared(responseID: String?)
    indirect case responseCreated(RealtimeResponse)
    /// `response.done`: the response ended (completed, cancelled, failed or incomplete), with its output and usage.
    indirect case responseDone(RealtimeResponse)
    indirect case responseOutputItemAdded(RealtimeOutputItemEvent)
    indirect case responseOutputItemDone(RealtimeOutputItemEvent)
    case responseContentPartAdded(RealtimeContentEvent)
    case responseContentPartDone(RealtimeContentEvent)
    /// `response.output_text.delta` (`delta`) and `.done` (`text`).
    case responseOutputTextDelta(RealtimeContentEvent)
    case responseOutputTextDone(RealtimeContentEvent)
    /// `response.output_audio.delta`: `delta` is base64 audio (see ``RealtimeContentEvent/audio``).
    case responseOutputAudioDelta(RealtimeContentEvent)
    case responseOutputAudioDone(RealtimeContentEvent)
    /// `response.output_audio_transcript.delta` (`delta`) and `.done` (`transcript`).
    case responseOutputAudioTranscriptDelta(RealtimeContentEvent)
    case responseOutputAudioTranscriptDone(RealtimeContentEvent)
    /// `response.function_call_arguments.delta` (`delta`) and `.done` (`name`, `arguments`).
    case responseFunctionCallArgumentsDelta(RealtimeFunctionCallEvent)
    case responseFunctionCallArgumentsDone(RealtimeFunctionCallEvent)
    case rateLimitsUpdated([RealtimeRateLimit])
    /// Any other event, with its JSON.
    case unknown(type: String, raw: JSONValue)

    /// Decodes one server message. A message whose `type` is known but whose fields don't decode is
    /// ``unknown(type:raw:)`` too: a change in one event's shape must not end a voice conversation.
    ///
    /// - Throws: `.decoding` only when the message is not a JSON object with a `type`.
    package static func decode(_ data: Data) throws -> RealtimeServerEvent {
        // Deltas, nearly every event, in one pass.
        if let delta = try readDelta(data) { return delta }
        return try decodeWithDecoder(data)
    }

    /// Decodes one server message with `FastJSONDecoder`: its `type`, then the payload that type names.
    static func decodeWithDecoder(_ data: Data) throws -> RealtimeServerEvent {
        let decoder = FastJSONDecoder()
        let head: Head
        do {
            head = try decoder.decode(Head.self, from: data)
        } catch {
            throw APIError.decoding(error, body: data, what: "a Realtime server event")
        }
        func payload<T: Decodable>(_ type: T.Type) throws -> T { try decoder.decode(T.self, from: data) }
        do {
            switch head.type {
            case "error": return .error(try payload(ErrorWrapper.self).error)
            case "session.created": return .sessionCreated(try payload(SessionWrapper.self).session)
            case "session.updated": return .sessionUpdated(try payload(SessionWrapper.self).session)
            case "conversation.item.added": return .conversationItemAdded(try payload(RealtimeItemEvent.self))
            case "conversation.item.done": return .conversationItemDone(try payload(RealtimeItemEvent.self))
            case "conversation.item.created": return .conversationItemCreated(try payload(RealtimeItemEvent.self))
            case "conversation.item.retrieved": return .conversationItemRetrieved(try payload(RealtimeItemEvent.self))
            case "conversation.item.deleted": return .conversationItemDeleted(itemID: try payload(ItemIDWrapper.self).itemID)
            case "conversation.item.truncated": return .conversationItemTruncated(try payload(RealtimeTruncatedEvent.self))
            case "conversation.item.input_audio_transcription.delta": return .inputAudioTranscriptionDelta(try payload(RealtimeTranscriptionEvent.self))
            case "conversation.item.input_audio_transcription.completed":
                return .inputAudioTranscriptionCompleted(try payload(RealtimeTranscriptionEvent.self))
            case "conversation.item.input_audio_transcription.failed": return .inputAudioTranscriptionFailed(try payload(RealtimeTranscriptionEvent.self))
            case "input_audio_buffer.committed": return .inputAudioBufferCommitted(try payload(RealtimeAudioBufferEvent.self))
            case "input_audio_buffer.cleared": return .inputAudioBufferCleared
            case "input_audio_buffer.speech_started": return .inputAudioBufferSpeechStarted(try payload(RealtimeAudioBufferEvent.self))
            case "input_audio_buffer.speech_stopped": return .inputAudioBufferSpeechStopped(try payload(RealtimeAudioBufferEvent.self))
            case "input_audio_buffer.timeout_triggered": return .inputAudioBufferTimeoutTriggered(try payload(RealtimeAudioBufferEvent.self))
            case "output_audio_buffer.started": return .outputAudioBufferStarted(responseID: try payload(ResponseIDWrapper.self).responseID)
            case "output_audio_buffer.stopped": return .outputAudioBufferStopped(responseID: try payload(ResponseIDWrapper.self).responseID)
            case "output_audio_buffer.cleared": return .outputAudioBufferCleared(responseID: try payload(ResponseIDWrapper.self).responseID)
            case "response.created": return .responseCreated(try payload(ResponseWrapper.self).response)
            case "response.done": return .responseDone(try payload(ResponseWrapper.self).response)
            case "response.output_item.added": return .responseOutputItemAdded(try payload(RealtimeOutputItemEvent.self))
            case "response.output_item.done": return .responseOutputItemDone(try payload(RealtimeOutputItemEvent.self))
            case "response.content_part.added": return .responseContentPartAdded(try payload(RealtimeContentEvent.self))
            case "response.content_part.done": return .responseContentPartDone(try payload(RealtimeContentEvent.self))
            case "response.output_text.delta": return .responseOutputTextDelta(try payload(RealtimeContentEvent.self))
            case "response.output_text.done": return .responseOutputTextDone(try payload(RealtimeContentEvent.self))
            case "response.output_audio.delta": return .responseOutputAudioDelta(try payload(RealtimeContentEvent.self))
            case "response.output_audio.done": return .responseOutputAudioDone(try payload(RealtimeContentEvent.self))
            case "response.output_audio_transcript.delta": return .responseOutputAudioTranscriptDelta(try payload(RealtimeContentEvent.self))
            case "response.output_audio_transcript.done": return .responseOutputAudioTranscriptDone(try payload(RealtimeContentEvent.self))
            case "response.function_call_arguments.delta": return .responseFunctionCallArgumentsDelta(try payload(RealtimeFunctionCallEvent.self))
            case "response.function_call_arguments.done": return .responseFunctionCallArgumentsDone(try payload(RealtimeFunctionCallEvent.self))
            case "rate_limits.updated": return .rateLimitsUpdated(try payload(RateLimitsWrapper.self).rateLimits)
            default: break
            }
        } catch {}
        let raw = (try? decoder.decode(JSONValue.self, from: data)) ?? .null
        return .unknown(type: head.type, raw: raw)
    }

    private struct Head: Decodable { let type: String }
    private struct ErrorWrapper: Decodable { let error: RealtimeErrorEvent }
    private struct SessionWrapper: Decodable { let session: RealtimeSessionConfiguration }
    private struct ResponseWrapper: Decodable { let response: RealtimeResponse }
    private struct ItemIDWrapper: Decodable {
        let itemID: String
        enum CodingKeys: String, CodingKey { case itemID = "item_id" }
    }
    private struct ResponseIDWrapper: Decodable {
        let responseID: String?
        enum CodingKeys: String, CodingKey { case responseID = "response_id" }
    }
    private struct RateLimitsWrapper: Decodable {
        let rateLimits: [RealtimeRateLimit]
        enum CodingKeys: String, CodingKey { case rateLimits = "rate_limits" }
    }
}

/// The error of an `error` event.
public struct RealtimeErrorEvent: Codable, Sendable, Equatable {
    /// E.g. `invalid_request_error`, `server_error`.
    public var type: String?
    /// E.g. `invalid_value`, `conversation_already_has_active_response`.
    public var code: String?
    public var message: String
    /// The field the server blames.
    public var param: String?
    /// The `event_id` of the client event that caused it.
    public var eventID: String?

    enum CodingKeys: String, CodingKey {
        case type, code, message, param
        case eventID = "event_id"
    }

    /// The same error as an ``APIError`` (kind `.streamError`).
    public var apiError: APIError {
        APIError(kind: .streamError, type: type, code: code, param: param, message: message)
    }
}

/// `conversation.item.added/done/created/retrieved`.
public struct RealtimeItemEvent: Codable, Sendable, Equatable {
    public var previousItemID: String?
    public var item: RealtimeConversationItem

    enum CodingKeys: String, CodingKey {
        case item
        case previousItemID = "previous_item_id"
    }
}

/// `conversation.item.truncated`.
public struct RealtimeTruncatedEvent: Codable, Sendable, Equatable {
    public var itemID: String
    public var contentIndex: Int?
    public var audioEndMs: Int?

    enum CodingKeys: String, CodingKey {
        case itemID = "item_id"
        case contentIndex = "content_index"
        case audioEndMs = "audio_end_ms"
    }
}

/// Input audio transcription events.
public struct RealtimeTranscriptionEvent: Codable, Sendable, Equatable {
    public var itemID: String?
    public var contentIndex: Int?
    public var delta: String?
    public var transcript: String?
    public var error: RealtimeErrorEvent?

    enum CodingKeys: String, CodingKey {
        case delta, transcript, error
        case itemID = "item_id"
        case contentIndex = "content_index"
    }
}

/// Input audio buffer events.
public struct RealtimeAudioBufferEvent: Codable, Sendable, Equatable {
    public var itemID: String?
    public var previousItemID: String?
    public var audioStartMs: Int?
    public var audioEndMs: Int?

    enum CodingKeys: String, CodingKey {
        case itemID = "item_id"
        case previousItemID = "previous_item_id"
        case audioStartMs = "audio_start_ms"
        case audioEndMs = "audio_end_ms"
    }
}

/// `response.output_item.added/done`.
public struct RealtimeOutputItemEvent: Codable, Sendable, Equatable {
    public var responseID: String?
    public var outputIndex: Int?
    public var item: RealtimeConversationItem

    enum CodingKeys: String, CodingKey {
        case item
        case responseID = "response_id"
        case outputIndex = "output_index"
    }
}

/// The text, audio, transcript and content-part events of a response.
public struct RealtimeContentEvent: Codable, Sendable, Equatable {
    public var responseID: String?
    public var itemID: String?
    public var outputIndex: Int?
    public var contentIndex: Int?
    /// A delta: text, transcript, or base64 audio.
    public var delta: String?
    /// The whole text (`response.output_text.done`).
    public var text: String?
    /// The whole transcript (`response.output_audio_transcript.done`).
    public var transcript: String?
    /// The part (`response.content_part.added/done`).
    public var part: RealtimeContentPart?

    enum CodingKeys: String, CodingKey {
        case delta, text, transcript, part
        case responseID = "response_id"
        case itemID = "item_id"
        case outputIndex = "output_index"
        case contentIndex = "content_index"
    }

    /// The bytes of an audio delta (nil when it is not valid base64).
    public var audio: Data? { delta.flatMap { Data(base64Encoded: $0) } }
}

/// `response.function_call_arguments.delta/done`.
public struct RealtimeFunctionCallEvent: Codable, Sendable, Equatable {
    public var responseID: String?
    public var itemID: String?
    public var outputIndex: Int?
    public var callID: String?
    public var name: String?
    public var delta: String?
    public var arguments: String?

    enum CodingKeys: String, CodingKey {
        case name, delta, arguments
        case responseID = "response_id"
        case itemID = "item_id"
        case outputIndex = "output_index"
        case callID = "call_id"
    }
}

/// One rate limit of `rate_limits.updated`.
public struct RealtimeRateLimit: Codable, Sendable, Equatable {
    /// `requests` or `tokens`.
    public var name: String
    public var limit: Int?
    public var remaining: Int?
    public var resetSeconds: Double?

    enum CodingKeys: String, CodingKey {
        case name, limit, remaining
        case resetSeconds = "reset_seconds"
    }
}
