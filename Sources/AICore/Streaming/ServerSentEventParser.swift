import Foundation

/// A byte-level parser for `text/event-stream` bodies, following the WHATWG rules.
///
/// Each network chunk is consumed in one linear pass: complete lines are processed straight from the
/// chunk, and only the unterminated tail of a chunk is copied aside. Line ends may be LF, CR or CRLF,
/// also when split across chunks; a leading byte-order mark is skipped; multi-byte UTF-8 characters split
/// across chunks stay intact because nothing is decoded before a line is complete. U+2028 and U+2029 are
/// ordinary characters. An event is dispatched only at a blank line; an unterminated event at the end of
/// the stream is dropped.
public struct ServerSentEventParser: Sendable {
    private static let lineFeed: UInt8 = 0x0A
    private static let carriageReturn: UInt8 = 0x0D
    private static let colon: UInt8 = 0x3A
    private static let space: UInt8 = 0x20
    private static let byteOrderMark: [UInt8] = [0xEF, 0xBB, 0xBF]

    private var partialLine: [UInt8] = []
    private var skipLeadingLineFeed = false
    private var byteOrderMarkMatched = 0
    private var byteOrderMarkChecked = false
    private var dataBuffer: [UInt8] = []
    private var eventType: String?
    /// The last event name made, reused while events keep the same name (a stream's names repeat, and one longer
    /// than 15 bytes, such as `content_block_delta`, would cost an allocation per event).
    private var lastEventName: (bytes: [UInt8], name: String)?
    private var lastEventID: String?
    private var retry: Int?

    public init() {}

    /// Whether a field name is `expected` (one `memcmp`; the caller has checked the length).
    @inline(__always)
    private static func matches(_ name: UnsafeRawBufferPointer, _ expected: StaticString) -> Bool {
        memcmp(name.baseAddress!, expected.utf8Start, expected.utf8CodeUnitCount) == 0
    }

    /// Feeds one chunk of the body, calling `onEvent` for every event it completes.
    public mutating func parse(_ chunk: Data, onEvent: (ServerSentEvent) throws -> Void) rethrows {
        try chunk.withUnsafeBytes { try parse(bytes: $0, onEvent: onEvent) }
    }

    /// Feeds one chunk of the body and returns the events it completes.
    public mutating func parse(_ chunk: Data) -> [ServerSentEvent] {
        var events: [ServerSentEvent] = []
        parse(chunk) { events.append($0) }
        return events
    }

    /// Feeds one chunk of raw bytes, calling `onEvent` for every event it completes.
    public mutating func parse(bytes chunk: UnsafeRawBufferPointer, onEvent: (ServerSentEvent) throws -> Void) rethrows {
        let count = chunk.count
        guard count > 0 else { return }
        var index = 0
        if !byteOrderMarkChecked {
            while index < count, byteOrderMarkMatched < 3 {
                if chunk[index] == Self.byteOrderMark[byteOrderMarkMatched] {
                    byteOrderMarkMatched += 1
                    index += 1
                } else {
                    partialLine.append(contentsOf: Self.byteOrderMark[0..<byteOrderMarkMatched])
                    byteOrderMarkMatched = 0
                    break
                }
            }
            if index == count, byteOrderMarkMatched < 3, byteOrderMarkMatched > 0 { return }
            byteOrderMarkChecked = true
        }
        if skipLeadingLineFeed, index < count {
            if chunk[index] == Self.lineFeed { index += 1 }
            skipLeadingLineFeed = false
        }
        var lineStart = index
        while index < count {
            let byte = chunk[index]
            if byte != Self.lineFeed && byte != Self.carriageReturn {
                index += 1
                continue
            }
            if partialLine.isEmpty {
                try processLine(UnsafeRawBufferPointer(rebasing: chunk[lineStart..<index]), onEvent: onEvent)
            } else {
                partialLine.append(contentsOf: UnsafeRawBufferPointer(rebasing: chunk[lineStart..<index]))
                var line: [UInt8] = []
                swap(&line, &partialLine)
                try line.withUnsafeBytes { try processLine($0, onEvent: onEvent) }
                line.removeAll(keepingCapacity: line.capacity <= 1 << 16)
                swap(&line, &partialLine)
            }
            if byte == Self.carriageReturn {
                if index + 1 < count {
                    if chunk[index + 1] == Self.lineFeed { index += 1 }
                } else {
                    skipLeadingLineFeed = true
                }
            }
            index += 1
            lineStart = index
        }
        if lineStart < count {
            partialLine.append(contentsOf: UnsafeRawBufferPointer(rebasing: chunk[lineStart..<count]))
        }
    }

    /// Ends the stream: an unterminated line or event is dropped, as the WHATWG rules require.
    ///
    /// - Returns: whether anything was dropped (a sign of a truncated stream).
    @discardableResult
    public mutating func finish() -> Bool {
        let dropped = !partialLine.isEmpty || !dataBuffer.isEmpty
        partialLine.removeAll()
        dataBuffer.removeAll()
        eventType = nil
        skipLeadingLineFeed = false
        return dropped
    }

    private mutating func processLine(_ line: UnsafeRawBufferPointer, onEvent: (ServerSentEvent) throws -> Void) rethrows {
        let count = line.count
        if count == 0 {
            try dispatch(onEvent)
            return
        }
        if line[0] == Self.colon { return }
        var nameEnd = 0
        while nameEnd < count, line[nameEnd] != Self.colon { nameEnd += 1 }
        var valueStart = nameEnd + 1
        if valueStart < count, line[valueStart] == Self.space { valueStart += 1 }
        let value = valueStart < count
            ? UnsafeRawBufferPointer(rebasing: line[valueStart..<count])
            : UnsafeRawBufferPointer(start: nil, count: 0)
        let name = UnsafeRawBufferPointer(rebasing: line[0..<nameEnd])
        switch nameEnd {
        case 4 where Self.matches(name, "data"):
            dataBuffer.append(contentsOf: value)
            dataBuffer.append(Self.lineFeed)
        case 5 where Self.matches(name, "event"):
            eventType = value.isEmpty ? nil : eventName(value)
        case 2 where Self.matches(name, "id"):
            if !value.contains(0) { lastEventID = String(decoding: value, as: UTF8.self) }
        case 5 where Self.matches(name, "retry"):
            if !value.isEmpty, value.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) {
                retry = Int(String(decoding: value, as: UTF8.self))
            }
        default:
            break
        }
    }

    private mutating func eventName(_ value: UnsafeRawBufferPointer) -> String {
        if let last = lastEventName, last.bytes.count == value.count,
            last.bytes.withUnsafeBytes({ memcmp($0.baseAddress!, value.baseAddress!, value.count) == 0 })
        {
            return last.name
        }
        let name = String(decoding: value, as: UTF8.self)
        lastEventName = (Array(value), name)
        return name
    }

    private mutating func dispatch(_ onEvent: (ServerSentEvent) throws -> Void) rethrows {
        guard !dataBuffer.isEmpty else {
            eventType = nil
            return
        }
        dataBuffer.removeLast()
        let event = ServerSentEvent(event: eventType, data: Data(dataBuffer), id: lastEventID, retry: retry)
        dataBuffer.removeAll(keepingCapacity: dataBuffer.capacity <= 1 << 16)
        eventType = nil
        try onEvent(event)
    }
}
