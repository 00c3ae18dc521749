import Foundation

/// One linear pass over a JSON document that records its top-level object's members (key and where the value's
/// bytes are) without building the nested values.
///
/// The relay reads a handful of top-level fields (`model`, `max_tokens`, `stream`, `usage`, …) from bodies that can
/// be megabytes of messages and images; decoding those whole would cost time and memory for nothing. Nested values
/// are skipped by counting brackets outside strings, which reads valid JSON exactly as a full parser does; a body
/// that isn't valid JSON is refused by the upstream anyway.
struct TopLevelJSON {
    struct Member {
        var key: String
        /// The offset of the key's opening quote.
        var keyStart: Int
        /// The value's bytes: `valueStart..<valueEnd`.
        var valueStart: Int
        var valueEnd: Int
    }

    enum ScanError: Error {
        /// The document is not a JSON object (or is cut short, or has bytes after it).
        case malformed
    }

    /// Strings at least this long made only of base64 and data-URL characters are payloads (images, audio,
    /// files), not text.
    static let payloadMinimumLength = 4096
    /// What one payload string counts as in ``weightedByteCount``: about 2,000 tokens, an image's order of magnitude.
    static let payloadWeight = 8000

    private(set) var members: [Member] = []
    /// The offset of the opening `{`.
    private(set) var objectStart = 0
    /// The document's byte count, with each payload string counted as ``payloadWeight`` bytes.
    private(set) var weightedByteCount = 0

    init(_ bytes: UnsafeRawBufferPointer) throws(ScanError) {
        var scanner = Scanner(bytes: bytes)
        scanner.skipWhitespace()
        guard scanner.peek == UInt8(ascii: "{") else { throw .malformed }
        objectStart = scanner.index
        scanner.index += 1
        scanner.skipWhitespace()
        if scanner.peek == UInt8(ascii: "}") {
            scanner.index += 1
        } else {
            while true {
                scanner.skipWhitespace()
                guard scanner.peek == UInt8(ascii: "\"") else { throw .malformed }
                let keyStart = scanner.index
                try scanner.skipString()
                let key = try Self.decodeString(bytes, keyStart..<scanner.index)
                scanner.skipWhitespace()
                guard scanner.peek == UInt8(ascii: ":") else { throw .malformed }
                scanner.index += 1
                scanner.skipWhitespace()
                let valueStart = scanner.index
                try scanner.skipValue()
                members.append(Member(key: key, keyStart: keyStart, valueStart: valueStart, valueEnd: scanner.index))
                scanner.skipWhitespace()
                if scanner.peek == UInt8(ascii: ",") {
                    scanner.index += 1
                } else if scanner.peek == UInt8(ascii: "}") {
                    scanner.index += 1
                    break
                } else {
                    throw .malformed
                }
            }
        }
        scanner.skipWhitespace()
        guard scanner.index == bytes.count else { throw .malformed }
        weightedByteCount = bytes.count - scanner.payloadBytes + scanner.payloadCount * Self.payloadWeight
    }

    /// The members named `key` (more than one when the document repeats a key).
    func members(named key: String) -> [Member] { members.filter { $0.key == key } }

    /// The single member named `key`; a repeated key is refused, since parsers disagree on which one wins and the
    /// relay must read what the upstream reads.
    func member(_ key: String) throws(ScanError) -> Member? {
        let found = members(named: key)
        guard found.count <= 1 else { throw .malformed }
        return found.first
    }

    // MARK: Values

    static func isNull(_ bytes: UnsafeRawBufferPointer, _ member: Member) -> Bool {
        member.valueEnd - member.valueStart == 4 && bytes[member.valueStart] == UInt8(ascii: "n")
    }

    static func bool(_ bytes: UnsafeRawBufferPointer, _ member: Member) -> Bool? {
        switch bytes[member.valueStart] {
        case UInt8(ascii: "t"): true
        case UInt8(ascii: "f"): false
        default: nil
        }
    }

    static func string(_ bytes: UnsafeRawBufferPointer, _ member: Member) -> String? {
        guard bytes[member.valueStart] == UInt8(ascii: "\"") else { return nil }
        return try? decodeString(bytes, member.valueStart..<member.valueEnd)
    }

    /// An integer value (`1024`, also `1024.0` or `1e3`); nil for anything else.
    static func integer(_ bytes: UnsafeRawBufferPointer, _ member: Member) -> Int? {
        let text = String(decoding: UnsafeRawBufferPointer(rebasing: bytes[member.valueStart..<member.valueEnd]), as: UTF8.self)
        if let value = Int(text) { return value }
        guard let value = Double(text), value.rounded() == value, abs(value) < 1e15 else { return nil }
        return Int(value)
    }

    /// A number value; nil for anything else.
    static func number(_ bytes: UnsafeRawBufferPointer, _ member: Member) -> Double? {
        let first = bytes[member.valueStart]
        guard first == UInt8(ascii: "-") || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(first) else { return nil }
        return Double(String(decoding: UnsafeRawBufferPointer(rebasing: bytes[member.valueStart..<member.valueEnd]), as: UTF8.self))
    }

    /// Whether the value is an array with no elements.
    static func isEmptyArray(_ bytes: UnsafeRawBufferPointer, _ member: Member) -> Bool {
        guard bytes[member.valueStart] == UInt8(ascii: "[") else { return false }
        var index = member.valueStart + 1
        while index < member.valueEnd - 1, Scanner.isWhitespace(bytes[index]) { index += 1 }
        return index == member.valueEnd - 1
    }

    /// The value's bytes, for scanning a nested object in turn.
    static func slice(_ bytes: UnsafeRawBufferPointer, _ member: Member) -> UnsafeRawBufferPointer {
        UnsafeRawBufferPointer(rebasing: bytes[member.valueStart..<member.valueEnd])
    }

    /// A string token (quotes included) as text: directly when it has no escapes, through Foundation otherwise.
    private static func decodeString(_ bytes: UnsafeRawBufferPointer, _ range: Range<Int>) throws(ScanError) -> String {
        let inner = UnsafeRawBufferPointer(rebasing: bytes[(range.lowerBound + 1)..<(range.upperBound - 1)])
        if !inner.contains(UInt8(ascii: "\\")) { return String(decoding: inner, as: UTF8.self) }
        let token = Data(UnsafeRawBufferPointer(rebasing: bytes[range]))
        guard let text = (try? JSONSerialization.jsonObject(with: token, options: .fragmentsAllowed)) as? String else {
            throw .malformed
        }
        return text
    }
}
