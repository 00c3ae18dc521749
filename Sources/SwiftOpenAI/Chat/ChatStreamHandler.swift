import AICore
import Foundation

/// Decodes `data:` payloads of a chat completion stream into chunks.
///
/// Ends at `[DONE]`; an `{"error": …}` payload throws ``APIError``; a body that ends before `[DONE]` and
/// before any choice finished is reported as a truncated stream.
struct OpenAIStreamHandler<Chunk: Decodable & Sendable>: ServerSentEventHandler, @unchecked Sendable {
    private static var done: Data { Data("[DONE]".utf8) }

    private let decoder = JSONDecoder()
    private let decode: (Data, JSONDecoder) throws -> Chunk
    private let isFinal: (Chunk) -> Bool
    private var sawFinal = false

    /// - Parameters:
    ///   - decode: decodes one payload; by default with `JSONDecoder`.
    ///   - isFinal: whether a chunk completes the response, so a missing `[DONE]` after it is tolerated.
    init(
        decode: @escaping (Data, JSONDecoder) throws -> Chunk = { try $1.decode(Chunk.self, from: $0) },
        isFinal: @escaping (Chunk) -> Bool
    ) {
        self.decode = decode
        self.isFinal = isFinal
    }

    mutating func handle(_ event: ServerSentEvent, context: StreamContext) throws -> StreamAction<Chunk> {
        let data = event.data
        if data.isEmpty { return .skip }
        if data.count == 6, data == Self.done { return .finish }
        if event.event == "error" {
            throw APIError.fromStreamPayload(data, headers: context.headers, status: context.status)
        }
        do {
            let chunk = try decode(data, decoder)
            if !sawFinal, isFinal(chunk) { sawFinal = true }
            return .yield(chunk)
        } catch {
            if let envelope = try? decoder.decode(ErrorEnvelope.self, from: data), envelope.error != nil {
                throw APIError.fromStreamPayload(data, headers: context.headers, status: context.status)
            }
            throw APIError.decoding(error, body: data, status: context.status, headers: context.headers, what: "a stream chunk")
        }
    }

    mutating func endOfStream(droppedPartialEvent: Bool, context: StreamContext) throws {
        if droppedPartialEvent || !sawFinal {
            throw APIError(
                kind: .connection, statusCode: context.status,
                message: "The stream ended before it was complete (no [DONE] and no finish reason)"
                    + (droppedPartialEvent ? "; a partial event was dropped." : "."),
                requestID: context.requestID, headers: context.headers)
        }
    }

    private struct ErrorEnvelope: Decodable {
        let error: JSONValue?
    }
}

extension ChatCompletionChunkObject {
    /// Whether this chunk ends a choice or carries the final usage.
    var isFinal: Bool {
        usage != nil || choices.contains { $0.finishReason != nil }
    }
}
