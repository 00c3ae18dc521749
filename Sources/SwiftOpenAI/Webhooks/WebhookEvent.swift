import AICore
import Foundation

/// A verified webhook event (see ``OpenAIWebhooks/unwrap(payload:headers:tolerance:)``).
///
/// Events of types this SDK does not know yet arrive as ``unknown(type:raw:)`` with their JSON.
public enum WebhookEvent: Sendable, Equatable {
    case responseCompleted(WebhookResourceEvent)
    case responseFailed(WebhookResourceEvent)
    case responseCancelled(WebhookResourceEvent)
    case responseIncomplete(WebhookResourceEvent)
    case batchCompleted(WebhookResourceEvent)
    case batchFailed(WebhookResourceEvent)
    case batchExpired(WebhookResourceEvent)
    case batchCancelled(WebhookResourceEvent)
    case fineTuningJobSucceeded(WebhookResourceEvent)
    case fineTuningJobFailed(WebhookResourceEvent)
    case fineTuningJobCancelled(WebhookResourceEvent)
    case evalRunSucceeded(WebhookResourceEvent)
    case evalRunFailed(WebhookResourceEvent)
    case evalRunCanceled(WebhookResourceEvent)
    /// A SIP call to a Realtime session: accept or reject it with the call id.
    case realtimeCallIncoming(WebhookRealtimeCallEvent)
    case unknown(type: String, raw: JSONValue)

    /// The event's `type` on the wire, e.g. `response.completed`.
    public var type: String {
        switch self {
        case .responseCompleted: "response.completed"
        case .responseFailed: "response.failed"
        case .responseCancelled: "response.cancelled"
        case .responseIncomplete: "response.incomplete"
        case .batchCompleted: "batch.completed"
        case .batchFailed: "batch.failed"
        case .batchExpired: "batch.expired"
        case .batchCancelled: "batch.cancelled"
        case .fineTuningJobSucceeded: "fine_tuning.job.succeeded"
        case .fineTuningJobFailed: "fine_tuning.job.failed"
        case .fineTuningJobCancelled: "fine_tuning.job.cancelled"
        case .evalRunSucceeded: "eval.run.succeeded"
        case .evalRunFailed: "eval.run.failed"
        case .evalRunCanceled: "eval.run.canceled"
        case .realtimeCallIncoming: "realtime.call.incoming"
        case .unknown(let type, _): type
        }
    }

    /// The event id (`evt_…`), the same for every retry of one delivery: use it to ignore duplicates.
    public var id: String? {
        switch self {
        case .realtimeCallIncoming(let event): event.id
        case .unknown(_, let raw): raw["id"]?.stringValue
        case .responseCompleted(let event), .responseFailed(let event), .responseCancelled(let event), .responseIncomplete(let event),
            .batchCompleted(let event), .batchFailed(let event), .batchExpired(let event), .batchCancelled(let event),
            .fineTuningJobSucceeded(let event), .fineTuningJobFailed(let event), .fineTuningJobCancelled(let event),
            .evalRunSucceeded(let event), .evalRunFailed(let event), .evalRunCanceled(let event):
            event.id
        }
    }

    /// Decodes a verified body. A known type whose fields don't decode is ``unknown(type:raw:)``.
    ///
    /// - Throws: ``WebhookVerificationError/invalidPayload(_:)`` when the body is not a JSON object with a `type`.
    package static func decode(_ payload: Data) throws -> WebhookEvent {
        let raw: JSONValue
        do {
            raw = try FastJSONDecoder().decode(JSONValue.self, from: payload)
        } catch {
            throw WebhookVerificationError.invalidPayload("not JSON")
        }
        guard let type = raw["type"]?.stringValue else { throw WebhookVerificationError.invalidPayload("no type") }
        let resource: (WebhookResourceEvent) -> WebhookEvent
        switch type {
        case "response.completed": resource = WebhookEvent.responseCompleted
        case "response.failed": resource = WebhookEvent.responseFailed
        case "response.cancelled": resource = WebhookEvent.responseCancelled
        case "response.incomplete": resource = WebhookEvent.responseIncomplete
        case "batch.completed": resource = WebhookEvent.batchCompleted
        case "batch.failed": resource = WebhookEvent.batchFailed
        case "batch.expired": resource = WebhookEvent.batchExpired
        case "batch.cancelled": resource = WebhookEvent.batchCancelled
        case "fine_tuning.job.succeeded": resource = WebhookEvent.fineTuningJobSucceeded
        case "fine_tuning.job.failed": resource = WebhookEvent.fineTuningJobFailed
        case "fine_tuning.job.cancelled": resource = WebhookEvent.fineTuningJobCancelled
        case "eval.run.succeeded": resource = WebhookEvent.evalRunSucceeded
        case "eval.run.failed": resource = WebhookEvent.evalRunFailed
        case "eval.run.canceled": resource = WebhookEvent.evalRunCanceled
        case "realtime.call.incoming":
            guard let event = try? FastJSONDecoder().decode(WebhookRealtimeCallEvent.self, from: payload) else {
                return .unknown(type: type, raw: raw)
            }
            return .realtimeCallIncoming(event)
        default:
            return .unknown(type: type, raw: raw)
        }
        guard let event = try? FastJSONDecoder().decode(WebhookResourceEvent.self, from: payload) else {
            return .unknown(type: type, raw: raw)
        }
        return resource(event)
    }
}

/// An event about one resource (a response, batch, fine-tuning job or eval run): fetch it by ``resourceID``.
public struct WebhookResourceEvent: Decodable, Sendable, Equatable {
    /// The event id, `evt_…`.
    public var id: String
    /// When the event was created, in Unix seconds.
    public var createdAt: Int
    /// The id of the response, batch, job or run (`data.id`).
    public var resourceID: String
    /// `event`.
    public var object: String?

    enum CodingKeys: String, CodingKey {
        case id, object, data
        case createdAt = "created_at"
    }

    private struct Resource: Decodable { let id: String }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decode(String.self, forKey: .id)
        createdAt = try container.decode(Int.self, forKey: .createdAt)
        object = try container.decodeIfPresent(String.self, forKey: .object)
        resourceID = try container.decode(Resource.self, forKey: .data).id
    }
}

/// `realtime.call.incoming`: a SIP call arrived for a Realtime session.
public struct WebhookRealtimeCallEvent: Decodable, Sendable, Equatable {
    public struct SIPHeader: Decodable, Sendable, Equatable {
        public var name: String
        public var value: String
    }

    public var id: String
    public var createdAt: Int
    /// The call to accept or reject.
    public var callID: String
    /// The SIP headers of the INVITE (From, To, Call-ID …).
    public var sipHeaders: [SIPHeader]

    enum CodingKeys: String, CodingKey {
        case id, data
        case createdAt = "created_at"
    }

    private struct Call: Decodable {
        let callID: String
        let sipHeaders: [SIPHeader]?
        enum CodingKeys: String, CodingKey {
            case callID = "call_id"
            case sipHeaders = "sip_headers"
        }
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decode(String.self, forKey: .id)
        createdAt = try container.decode(Int.self, forKey: .createdAt)
        let call = try container.decode(Call.self, forKey: .data)
        callID = call.callID
        sipHeaders = call.sipHeaders ?? []
    }
}
