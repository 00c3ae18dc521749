import AICore
import Foundation

/// A server event on a ``ResponsesConnection``.
///
/// A response's events are those of a streamed HTTP response; the connection adds steering acknowledgements and
/// `error` events for requests it refused. Each carries the lane (`stream_id`) of the `response.create` it belongs to,
/// when that request named one.
public enum ResponsesConnectionEvent: Sendable {
    /// An event of a response (`response.created` … `response.completed`, deltas, tool calls), on lane `streamID`.
    case response(ResponseStreamEvent, streamID: String?)
    /// `response.steer.accepted`: the server holds the steering input (the successor's `response.created` commits it).
    case steerAccepted(ResponseSteerAccepted)
    /// `response.steer.pending`: accepted input waits for the client's tool results or approvals (``ResponseSteerPending/requiredInput``).
    case steerPending(ResponseSteerPending)
    /// `response.steer.failed`: the input was refused or could not be committed; it comes back to be sent again.
    case steerFailed(ResponseSteerFailed)
    /// `error`: a request on this connection failed. The connection stays open.
    case error(ResponsesConnectionError)

    /// The event's `type` on the wire.
    public var type: String {
        switch self {
        case .response(let event, _): event.type
        case .steerAccepted: "response.steer.accepted"
        case .steerPending: "response.steer.pending"
        case .steerFailed: "response.steer.failed"
        case .error: "error"
        }
    }

    /// The lane (`stream_id`) of the request the event belongs to.
    public var streamID: String? {
        switch self {
        case .response(_, let streamID): streamID
        case .steerAccepted(let event): event.streamID
        case .steerPending(let event): event.streamID
        case .steerFailed(let event): event.streamID
        case .error(let event): event.streamID
        }
    }

    /// The response a terminal event ends (`response.completed`, `.failed`, `.incomplete`), else nil.
    public var finishedResponse: ResponseModel? {
        guard case .response(let event, _) = self else { return nil }
        switch event {
        case .responseCompleted(let payload), .responseFailed(let payload), .responseIncomplete(let payload): return payload.response
        default: return nil
        }
    }
}

/// Which steering submission an acknowledgement is about.
public struct ResponseSteerReceipt: Codable, Sendable, Equatable {
    /// The steering ID (absent in a failure before the server allocated one).
    public var id: String?
    /// The response that was steered.
    public var previousResponseID: String

    public init(id: String?, previousResponseID: String) {
        self.id = id
        self.previousResponseID = previousResponseID
    }

    enum CodingKeys: String, CodingKey {
        case id
        case previousResponseID = "previous_response_id"
    }
}

/// `response.steer.accepted`.
public struct ResponseSteerAccepted: Decodable, Sendable {
    public var sequenceNumber: Int?
    public var steer: ResponseSteerReceipt
    public var streamID: String?

    enum CodingKeys: String, CodingKey {
        case sequenceNumber = "sequence_number"
        case steer
        case streamID = "stream_id"
    }
}

/// `response.steer.pending`: send one `response.create` per parent with the same `previous_response_id` and lane,
/// its input the ``requiredInput`` stubs filled with the saved results (the queued steering input is prepended).
public struct ResponseSteerPending: Decodable, Sendable {
    /// Why the input waits; `waiting_for_required_input` today (other values may come).
    public var reason: String
    public var requiredInput: [RequiredInput]
    public var sequenceNumber: Int?
    public var steer: ResponseSteerReceipt
    public var streamID: String?

    /// An input the client owes before the continuation: a tool call's output or an approval, identified only.
    public struct RequiredInput: Codable, Sendable, Equatable {
        /// `function_call_output`, `custom_tool_call_output`, `computer_call_output`, `shell_call_output`,
        /// `apply_patch_call_output`, `tool_search_output` or `mcp_approval_response`.
        public var type: String
        public var callID: String?
        /// The function's name (`function_call_output`).
        public var name: String?
        /// The approval request answered (`mcp_approval_response`).
        public var approvalRequestID: String?
        /// `client` (`tool_search_output`).
        public var execution: String?

        public init(type: String, callID: String? = nil, name: String? = nil, approvalRequestID: String? = nil, execution: String? = nil) {
            self.type = type
            self.callID = callID
            self.name = name
            self.approvalRequestID = approvalRequestID
            self.execution = execution
        }

        enum CodingKeys: String, CodingKey {
            case type, name, execution
            case callID = "call_id"
            case approvalRequestID = "approval_request_id"
        }
    }

    enum CodingKeys: String, CodingKey {
        case reason, steer
        case requiredInput = "required_input"
        case sequenceNumber = "sequence_number"
        case streamID = "stream_id"
    }
}

/// `response.steer.failed`: the steering input, returned uncommitted.
public struct ResponseSteerFailed: Decodable, Sendable {
    public var error: Failure
    public var steer: Steer
    public var sequenceNumber: Int?
    public var streamID: String?

    public struct Failure: Codable, Sendable, Equatable {
        /// `response_not_found`, `invalid_input`, `steering_not_supported`, `too_many_pending_steers`,
        /// `response_already_completed`, `response_not_active`, `successor_creation_failed` (others may come).
        public var code: String
        public var message: String
        public var type: String
    }

    /// The refused submission: its input, to carry into a `response.create` where that makes sense.
    public struct Steer: Decodable, Sendable {
        public var id: String?
        public var previousResponseID: String
        public var input: ModelResponseParameter.InputType

        enum CodingKeys: String, CodingKey {
            case id, input
            case previousResponseID = "previous_response_id"
        }
    }

    enum CodingKeys: String, CodingKey {
        case error, steer
        case sequenceNumber = "sequence_number"
        case streamID = "stream_id"
    }
}

/// `error` on a Responses WebSocket: a request the server refused (with the HTTP status it would have had) or a
/// response that failed on the way.
public struct ResponsesConnectionError: Decodable, Sendable {
    public var error: Details
    /// The HTTP status of the refusal, when there is one.
    public var status: Int?
    public var sequenceNumber: Int?
    public var streamID: String?

    public struct Details: Decodable, Sendable {
        public var type: String
        public var code: String?
        public var message: String
        public var param: String?
        /// The response headers that came with the error.
        public var headers: [String: String]?
    }

    /// The error as the HTTP call would have thrown it.
    public var apiError: APIError {
        APIError(
            kind: status.map(APIError.kind(forStatus:)) ?? .server, statusCode: status, type: error.type, code: error.code,
            param: error.param, message: error.message)
    }

    enum CodingKeys: String, CodingKey {
        case error, status
        case sequenceNumber = "sequence_number"
        case streamID = "stream_id"
    }
}

extension ResponsesConnectionEvent {
    private struct Head: Decodable {
        var type: String
        var streamID: String?

        enum CodingKeys: String, CodingKey {
            case type
            case streamID = "stream_id"
        }
    }

    /// Decodes one server message. A message whose `type` is known but whose fields don't decode is an
    /// ``ResponseStreamEvent/unknown(type:raw:)`` response event: a change in one event's shape must not end the connection.
    ///
    /// - Throws: `.decoding` only when the message is not a JSON object with a `type`.
    package static func decode(_ data: Data) throws -> ResponsesConnectionEvent {
        let decoder = FastJSONDecoder()
        let head: Head
        do {
            head = try decoder.decode(Head.self, from: data)
        } catch {
            throw APIError.decoding(error, body: data, what: "a Responses WebSocket event")
        }
        do {
            switch head.type {
            case "response.steer.accepted": return .steerAccepted(try decoder.decode(ResponseSteerAccepted.self, from: data))
            case "response.steer.pending": return .steerPending(try decoder.decode(ResponseSteerPending.self, from: data))
            case "response.steer.failed": return .steerFailed(try decoder.decode(ResponseSteerFailed.self, from: data))
            case "error": return .error(try decoder.decode(ResponsesConnectionError.self, from: data))
            default:
                let event = try ResponseStreamEvent.readDelta(data) ?? decoder.decode(ResponseStreamEvent.self, from: data)
                return .response(event, streamID: head.streamID)
            }
        } catch {
            let raw = (try? decoder.decode(JSONValue.self, from: data)) ?? .string(String(decoding: data, as: UTF8.self))
            return .response(.unknown(type: head.type, raw: raw), streamID: head.streamID)
        }
    }
}
