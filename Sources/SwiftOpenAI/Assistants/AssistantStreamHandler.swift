import AICore
import Foundation

/// Decodes assistant stream events by their SSE `event` name; ends after `done`.
struct AssistantStreamHandler: ServerSentEventHandler, @unchecked Sendable {
    private let decoder = JSONDecoder()
    private var sawDone = false

    mutating func handle(_ event: ServerSentEvent, context: StreamContext) throws -> StreamAction<AssistantStreamEvent> {
        if sawDone { return .finish }
        guard let name = event.event else {
            if event.data == Data("[DONE]".utf8) {
                sawDone = true
                return .yield(.done)
            }
            return .skip
        }
        if name == "error" {
            throw APIError.fromStreamPayload(event.data, headers: context.headers, status: context.status)
        }
        do {
            let decoded = try AssistantStreamEvent.decode(type: name, data: event.data, decoder: decoder)
            if case .done = decoded { sawDone = true }
            return .yield(decoded)
        } catch {
            throw APIError.decoding(error, body: event.data, status: context.status, headers: context.headers, what: "the \(name) event")
        }
    }

    mutating func endOfStream(droppedPartialEvent: Bool, context: StreamContext) throws {
        if !sawDone {
            throw APIError(
                kind: .connection, statusCode: context.status,
                message: "The assistant stream ended before its done event" + (droppedPartialEvent ? "; a partial event was dropped." : "."),
                requestID: context.requestID, headers: context.headers)
        }
    }
}
