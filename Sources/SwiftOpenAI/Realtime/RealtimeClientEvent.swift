import AICore
import Foundation

/// An event the client sends in a Realtime session (GA protocol).
public enum RealtimeClientEvent: Sendable, Equatable {
    /// `session.update`: change the session's configuration (only the fields set).
    case sessionUpdate(RealtimeSessionConfiguration)
    /// `input_audio_buffer.append`: base64 audio in the session's input format (see ``PCM16Audio/base64Chunks(_:chunkBytes:)``).
    case inputAudioBufferAppend(audio: String)
    /// `input_audio_buffer.commit`: the appended audio becomes a user message.
    case inputAudioBufferCommit
    /// `input_audio_buffer.clear`.
    case inputAudioBufferClear
    /// `conversation.item.create`, after `previousItemID` (`root` for the start; the end when nil).
    case conversationItemCreate(RealtimeConversationItem, previousItemID: String? = nil)
    /// `conversation.item.retrieve`.
    case conversationItemRetrieve(itemID: String)
    /// `conversation.item.truncate`: cut an assistant message's audio where playback stopped.
    case conversationItemTruncate(itemID: String, contentIndex: Int, audioEndMs: Int)
    /// `conversation.item.delete`.
    case conversationItemDelete(itemID: String)
    /// `response.create`, with overrides for this response.
    case responseCreate(RealtimeResponseCreateParameters? = nil)
    /// `response.cancel` (the response in progress when nil).
    case responseCancel(responseID: String? = nil)
    /// `output_audio_buffer.clear` (WebRTC/SIP sessions).
    case outputAudioBufferClear
    /// Any other event, sent as written (its `type` included).
    case raw(JSONValue)

    /// The event's `type` on the wire.
    public var type: String {
        switch self {
        case .sessionUpdate: "session.update"
        case .inputAudioBufferAppend: "input_audio_buffer.append"
        case .inputAudioBufferCommit: "input_audio_buffer.commit"
        case .inputAudioBufferClear: "input_audio_buffer.clear"
        case .conversationItemCreate: "conversation.item.create"
        case .conversationItemRetrieve: "conversation.item.retrieve"
        case .conversationItemTruncate: "conversation.item.truncate"
        case .conversationItemDelete: "conversation.item.delete"
        case .responseCreate: "response.create"
        case .responseCancel: "response.cancel"
        case .outputAudioBufferClear: "output_audio_buffer.clear"
        case .raw(let json): json["type"]?.stringValue ?? ""
        }
    }
}

/// A client event with its optional `event_id`, as it goes on the wire.
package struct RealtimeClientEventEnvelope: Encodable {
    package let event: RealtimeClientEvent
    package let eventID: String?

    package init(event: RealtimeClientEvent, eventID: String?) {
        self.event = event
        self.eventID = eventID
    }

    private struct Key: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(_ string: String) { stringValue = string }
        init?(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    package func encode(to encoder: any Encoder) throws {
        if case .raw(let json) = event {
            if let eventID, case .object(var object) = json, object["event_id"] == nil {
                object["event_id"] = .string(eventID)
                try JSONValue.object(object).encode(to: encoder)
            } else {
                try json.encode(to: encoder)
            }
            return
        }
        var container = encoder.container(keyedBy: Key.self)
        try container.encode(event.type, forKey: Key("type"))
        try container.encodeIfPresent(eventID, forKey: Key("event_id"))
        switch event {
        case .sessionUpdate(let session): try container.encode(session, forKey: Key("session"))
        case .inputAudioBufferAppend(let audio): try container.encode(audio, forKey: Key("audio"))
        case .conversationItemCreate(let item, let previous):
            try container.encodeIfPresent(previous, forKey: Key("previous_item_id"))
            try container.encode(item, forKey: Key("item"))
        case .conversationItemRetrieve(let id), .conversationItemDelete(let id):
            try container.encode(id, forKey: Key("item_id"))
        case .conversationItemTruncate(let id, let contentIndex, let audioEndMs):
            try container.encode(id, forKey: Key("item_id"))
            try container.encode(contentIndex, forKey: Key("content_index"))
            try container.encode(audioEndMs, forKey: Key("audio_end_ms"))
        case .responseCreate(let parameters): try container.encodeIfPresent(parameters, forKey: Key("response"))
        case .responseCancel(let id): try container.encodeIfPresent(id, forKey: Key("response_id"))
        case .inputAudioBufferCommit, .inputAudioBufferClear, .outputAudioBufferClear, .raw: break
        }
    }
}
