import Foundation

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
