import AICore
import Foundation

/// Decodes the events of a streamed response.
///
/// Unknown event types are yielded as ``ResponseStreamEvent/unknown(type:raw:)``; an `error` event throws
/// ``APIError``; a body that ends before `response.completed`, `response.failed` or `response.incomplete`
/// is reported as a truncated stream.
struct ResponseStreamHandler: ServerSentEventHandler, @unchecked Sendable {
    private let decoder = JSONDecoder()
    private var sawFinal = false

    mutating func handle(_ event: ServerSentEvent, context: StreamContext) throws -> StreamAction<ResponseStreamEvent> {
        let data = event.data
        if data.isEmpty { return .skip }
        if data.count == 6, data == Data("[DONE]".utf8) { return .finish }
        let decoded: ResponseStreamEvent
        do {
            decoded = try ResponseStreamEvent.readDelta(data) ?? decoder.decode(ResponseStreamEvent.self, from: data)
        } catch {
            if event.event == "error" || (try? decoder.decode(ErrorProbe.self, from: data))?.isError == true {
                throw APIError.fromStreamPayload(data, headers: context.headers, status: context.status)
            }
            throw APIError.decoding(error, body: data, status: context.status, headers: context.headers, what: "a response stream event")
        }
        switch decoded {
        case .error:
            throw APIError.fromStreamPayload(data, headers: context.headers, status: context.status)
        case .responseCompleted, .responseFailed, .responseIncomplete:
            sawFinal = true
        default:
            break
        }
        return .yield(decoded)
    }

    mutating func endOfStream(droppedPartialEvent: Bool, context: StreamContext) throws {
        if droppedPartialEvent || !sawFinal {
            throw APIError(
                kind: .connection, statusCode: context.status,
                message: "The stream ended before the response was complete (no response.completed, response.failed or response.incomplete)"
                    + (droppedPartialEvent ? "; a partial event was dropped." : "."),
                requestID: context.requestID, headers: context.headers)
        }
    }

    /// Recognises error payloads that don't match the `error` event schema, e.g. `{"error": {…}}`.
    private struct ErrorProbe: Decodable {
        let type: String?
        let error: JSONValue?
        var isError: Bool { type == "error" || (error != nil && error != .null) }
    }
}
