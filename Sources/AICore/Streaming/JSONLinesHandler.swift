import Foundation

/// How a streamed body is cut into items.
public enum StreamFraming: Sendable {
    /// `text/event-stream`: events dispatched at blank lines.
    case serverSentEvents
    /// JSON Lines: one item per non-empty line; a last line without a newline still counts.
    case jsonLines
    /// Raw bytes: every network chunk reaches the handler as one event whose `data` is the chunk.
    case bytes
}

/// Yields the raw chunks of a body (audio, files) as they arrive.
public struct RawBytesHandler: ServerSentEventHandler {
    public init() {}

    public mutating func handle(_ event: ServerSentEvent, context: StreamContext) throws -> StreamAction<Data> {
        event.data.isEmpty ? .skip : .yield(event.data)
    }

    public mutating func endOfStream(droppedPartialEvent: Bool, context: StreamContext) throws {}
}

/// Splits a body into lines without copying complete lines twice; CRLF and LF both end a line.
struct LineSplitter: Sendable {
    private var partial: [UInt8] = []

    /// Feeds a chunk, calling `onLine` with each complete non-empty line.
    mutating func parse(_ chunk: Data, onLine: (Data) throws -> Void) rethrows {
        var start = chunk.startIndex
        var index = start
        while let newline = chunk[index...].firstIndex(of: 0x0A) {
            var line = partial.isEmpty ? Data(chunk[start..<newline]) : Data(partial + chunk[start..<newline])
            partial.removeAll(keepingCapacity: true)
            if line.last == 0x0D { line.removeLast() }
            if !line.isEmpty { try onLine(line) }
            index = chunk.index(after: newline)
            start = index
        }
        partial.append(contentsOf: chunk[start...])
    }

    /// The last line, when the body did not end with a newline.
    mutating func finish() -> Data? {
        defer { partial.removeAll() }
        var line = Data(partial)
        if line.last == 0x0D { line.removeLast() }
        return line.isEmpty ? nil : line
    }
}

/// Decodes each line of a JSON Lines body as `Element`.
public struct JSONLinesHandler<Element: Decodable & Sendable>: ServerSentEventHandler, @unchecked Sendable {
    private let decoder = JSONDecoder()

    public init() {}

    public mutating func handle(_ event: ServerSentEvent, context: StreamContext) throws -> StreamAction<Element> {
        do {
            return .yield(try decoder.decode(Element.self, from: event.data))
        } catch {
            throw APIError.decoding(error, body: event.data, status: context.status, headers: context.headers, what: "a JSON line")
        }
    }

    public mutating func endOfStream(droppedPartialEvent: Bool, context: StreamContext) throws {}
}
