import NIOCore

/// What the fake upstream needs from a chat request body: whether to stream, and whether to end with usage.
///
/// Read by scanning the bytes for the two keys rather than decoding JSON, so the upstream stays far cheaper than
/// the proxies it measures; a body that is not the expected JSON simply reads as a plain request.
struct RequestFlags: Equatable {
    var stream = false
    var includeUsage = false

    init(body: ByteBuffer) {
        let bytes = body.readableBytesView
        stream = Self.isTrue(key: Array(#""stream""#.utf8), in: bytes)
        includeUsage = stream && Self.isTrue(key: Array(#""include_usage""#.utf8), in: bytes)
    }

    /// Whether `"key"` is followed (after optional spaces and a colon) by the literal `true`.
    private static func isTrue(key: [UInt8], in bytes: ByteBufferView) -> Bool {
        var start = bytes.startIndex
        while let found = firstRange(of: key, in: bytes, from: start) {
            var index = found
            skipSpaces(bytes, &index)
            if index < bytes.endIndex, bytes[index] == UInt8(ascii: ":") {
                index += 1
                skipSpaces(bytes, &index)
                let literal = Array("true".utf8)
                if bytes.endIndex - index >= literal.count, bytes[index..<index + literal.count].elementsEqual(literal) {
                    return true
                }
            }
            start = found
        }
        return false
    }

    /// The index just past the first occurrence of `needle` at or after `start`.
    private static func firstRange(of needle: [UInt8], in bytes: ByteBufferView, from start: Int) -> Int? {
        guard let first = needle.first, bytes.endIndex - start >= needle.count else { return nil }
        var index = start
        while index <= bytes.endIndex - needle.count {
            if bytes[index] == first, bytes[index..<index + needle.count].elementsEqual(needle) {
                return index + needle.count
            }
            index += 1
        }
        return nil
    }

    private static func skipSpaces(_ bytes: ByteBufferView, _ index: inout Int) {
        while index < bytes.endIndex {
            switch bytes[index] {
            case UInt8(ascii: " "), UInt8(ascii: "\n"), UInt8(ascii: "\t"), UInt8(ascii: "\r"): index += 1
            default: return
            }
        }
    }
}
