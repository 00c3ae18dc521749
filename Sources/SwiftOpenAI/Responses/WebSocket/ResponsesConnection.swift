import AICore
import Foundation

/// A persistent WebSocket to the Responses API (`wss://…/v1/responses`): many responses over one connection, without
/// an HTTP request each — the fast path for agent loops that answer tool calls turn after turn.
///
/// Ask for responses with ``create(_:streamID:)`` and read what comes back from ``events``; or let
/// ``respond(_:streamID:)`` do both for one response. Requests with the same `streamID` (a lane) run one after
/// another; `previous_response_id` chains turns, across lanes too. Steer a response in progress with
/// ``steer(previousResponseID:input:)``.
///
/// ``events`` ends normally after ``close()``; otherwise with an ``APIError``: `.closed` (with ``APIError/closeCode``)
/// when the server closed the connection, `.connection` when it broke, `.timeout` when a ping went unanswered or a
/// response stalled (``RealtimeConnectionOptions/responseIdleTimeout``). Everything the server sent before that is
/// delivered first. Server `error` events are events: the connection goes on. Cancelling the task that reads
/// ``events`` closes the socket.
public final class ResponsesConnection: Sendable {
    private let session: WebSocketSession
    /// Per lane (nil: the default lane), requests sent whose response has not started and the response running:
    /// while there is either, the idle limit applies.
    private let work = LockedValue(Work())

    private struct Work {
        var requested: [String?: Int] = [:]
        var running: [String?: String] = [:]
        var busy: Bool { requested.values.contains { $0 > 0 } || !running.isEmpty }

        mutating func started(on lane: String?) {
            requested[lane] = max(0, (requested[lane] ?? 0) - 1)
        }
    }

    init(connection: any WebSocketConnection, options: RealtimeConnectionOptions) {
        session = WebSocketSession(connection: connection, name: "Responses WebSocket", idleTimeout: options.responseIdleTimeout)
    }

    /// The server's events, in order. One reader at a time; a new iteration goes on where the last one stopped.
    public var events: ResponsesConnectionEvents { ResponsesConnectionEvents(connection: self) }

    /// Asks for a response (`response.create`): its events arrive on ``events``, on lane `streamID` when given.
    ///
    /// - Throws: `.connection` once the connection is closed; `.invalidRequest` if the parameters can't be encoded.
    public func create(_ parameters: ModelResponseParameter, streamID: String? = nil) async throws {
        let payload = try Self.encode("response.create", parameters) { object in
            object["stream"] = nil
            object["stream_options"] = nil
            if let streamID { object["stream_id"] = .string(streamID) }
        }
        work.withLock { $0.requested[streamID, default: 0] += 1 }
        session.beginWork()
        try await session.send(text: payload)
    }

    /// Queues user input for a continuation of response `previousResponseID` (`response.steer`): text, or user
    /// messages of text, images and files. The answer is ``ResponsesConnectionEvent/steerAccepted(_:)`` (then, when
    /// the response stopped for tool output, ``ResponsesConnectionEvent/steerPending(_:)``) or
    /// ``ResponsesConnectionEvent/steerFailed(_:)``. Accepted input is the server's: don't send it again.
    public func steer(previousResponseID: String, input: ModelResponseParameter.InputType) async throws {
        let payload = try Self.encode("response.steer", Steer(previousResponseID: previousResponseID, input: input)) { _ in }
        try await session.send(text: payload)
    }

    /// Asks for one response and reads ``events`` until it ends; `onEvent` sees every event read meanwhile (other
    /// lanes' too). Returns the response as its `response.completed`, `.failed` or `.incomplete` event has it.
    ///
    /// Don't read ``events`` elsewhere meanwhile. An `error` event for this request (on its lane) is thrown as the
    /// ``APIError`` the HTTP call would have thrown.
    public func respond(
        _ parameters: ModelResponseParameter, streamID: String? = nil,
        onEvent: (ResponsesConnectionEvent) async throws -> Void = { _ in }
    ) async throws -> ResponseModel {
        try await create(parameters, streamID: streamID)
        var responseID: String?
        for try await event in events {
            try await onEvent(event)
            guard event.streamID == streamID else { continue }
            switch event {
            case .response(.responseCreated(let created), _) where responseID == nil:
                responseID = created.response.id
            case .error(let failure):
                throw failure.apiError
            default:
                if let finished = event.finishedResponse, finished.id == responseID { return finished }
            }
        }
        throw APIError(kind: .connection, message: "The Responses WebSocket ended before the response did.")
    }

    /// Ends the connection: a normal close (1000); ``events`` then finishes without an error. Idempotent.
    public func close() async {
        await session.close()
    }

    // MARK: - Reading

    /// The next event, decoded in the caller's task; nil at the end of a connection closed by ``close()``.
    func nextEvent() async throws -> ResponsesConnectionEvent? {
        guard let message = try await session.nextMessage() else { return nil }
        let event: ResponsesConnectionEvent
        switch message {
        case .text(let text):
            let data = Data(text.utf8)
            event = (try? ResponsesConnectionEvent.decode(data)) ?? .response(.unknown(type: "", raw: .string(text)), streamID: nil)
        case .binary(let data):
            event = .response(.unknown(type: "", raw: .string(data.base64EncodedString())), streamID: nil)
        }
        track(event)
        return event
    }

    /// Keeps the idle limit on while a request waits for its response or a response runs.
    private func track(_ event: ResponsesConnectionEvent) {
        let lane = event.streamID
        let busy = work.withLock { work -> Bool? in
            switch event {
            case .response(.responseCreated(let created), _):
                // A steered response's successor starts without a request of its own.
                work.started(on: lane)
                work.running[lane] = created.response.id
            case .response(.responseCompleted(let ended), _), .response(.responseFailed(let ended), _),
                .response(.responseIncomplete(let ended), _):
                if work.running[lane] == ended.response.id { work.running[lane] = nil }
            case .error(let failure):
                // A refused request (no response will come for it), or a response that failed on the way.
                if failure.sequenceNumber == nil { work.started(on: lane) } else { work.running[lane] = nil }
            default:
                return nil
            }
            return work.busy
        }
        if let busy { session.setWorking(busy) }
    }

    private struct Steer: Encodable {
        var previousResponseID: String
        var input: ModelResponseParameter.InputType

        enum CodingKeys: String, CodingKey {
            case previousResponseID = "previous_response_id"
            case input
        }
    }

    /// `value`'s JSON object with its `type`, changed by `edit`, as text.
    private static func encode<T: Encodable>(_ type: String, _ value: T, edit: (inout [String: JSONValue]) -> Void) throws -> String {
        do {
            let encoded = try OrderedJSONEncoder().encode(value)
            guard case .object(var object) = try FastJSONDecoder().decode(JSONValue.self, from: encoded) else {
                throw APIError(kind: .invalidRequest, message: "\(T.self) is not a JSON object.")
            }
            edit(&object)
            object["type"] = .string(type)
            return String(decoding: try OrderedJSONEncoder().encode(JSONValue.object(object)), as: UTF8.self)
        } catch let error as APIError {
            throw error
        } catch {
            throw APIError(kind: .invalidRequest, message: "Could not encode the \(type) event: \(error)")
        }
    }
}

/// The server events of a ``ResponsesConnection``, decoded as they are read.
public struct ResponsesConnectionEvents: AsyncSequence, Sendable {
    public typealias Element = ResponsesConnectionEvent
    let connection: ResponsesConnection

    public struct AsyncIterator: AsyncIteratorProtocol {
        let connection: ResponsesConnection

        public mutating func next() async throws -> ResponsesConnectionEvent? {
            try await connection.nextEvent()
        }
    }

    public func makeAsyncIterator() -> AsyncIterator { AsyncIterator(connection: connection) }
}
