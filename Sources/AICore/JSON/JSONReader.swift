import Foundation

/// A forward-only reader of JSON text, for hand-written decoders of hot types (stream chunks).
///
/// It reads values in place from the UTF-8 bytes without building a tree: object keys are compared as
/// bytes, strings without escapes are created directly from the buffer. It is strict: anything it does
/// not understand throws ``JSONReader/Failure``, and callers then fall back to `JSONDecoder`, which stays
/// the reference for what a payload means.
///
/// SPI, not `package`, so that its inlinable entry points (``read(_:_:)``, ``readOrDecline(_:_:)``) are compiled into
/// the provider modules, specialized for their types (a `package` inlinable function is called generically).
@_spi(Streaming)
public struct JSONReader {
    /// Why the reader stopped.
    package struct Failure: Error, CustomStringConvertible {
        package let message: String
        package let offset: Int
        package var description: String { "JSON reader: \(message) at byte \(offset)" }
    }

    /// An object key, compared without creating a `String`.
    package struct Key {
        fileprivate let bytes: UnsafeRawBufferPointer
        fileprivate let escaped: Bool

        /// Whether the key is `name`.
        package func matches(_ name: StaticString) -> Bool {
            if escaped { return string == name.description }
            guard bytes.count == name.utf8CodeUnitCount else { return false }
            return memcmp(bytes.baseAddress!, name.utf8Start, bytes.count) == 0
        }

        /// The key as a string.
        package var string: String {
            escaped ? (try? JSONReader.unescape(bytes)) ?? "" : String(decoding: bytes, as: UTF8.self)
        }
    }

    private let bytes: UnsafeRawBufferPointer
    private var position = 0
    private var depth = 0
    private static let maxDepth = 256

    private init(_ bytes: UnsafeRawBufferPointer) {
        self.bytes = bytes
    }

    /// Reads one JSON document from `data` with `body`, which must consume exactly one value.
    ///
    /// Inlinable, so a provider's reader is specialized for its type where it is written.
    @inlinable
    public static func read<T>(_ data: Data, _ body: (inout JSONReader) throws -> T) throws -> T {
        try data.withUnsafeBytes { raw in
            var reader = try JSONReader(document: raw)
            let value = try body(&reader)
            try reader.finishDocument()
            return value
        }
    }

    /// A reader at the start of the one JSON document `raw` holds.
    @usableFromInline
    init(document raw: UnsafeRawBufferPointer) throws {
        guard raw.count > 0 else { throw Failure(message: "empty input", offset: 0) }
        self.init(raw)
        skipWhitespace()
    }

    /// Checks that nothing but whitespace follows the value just read.
    @usableFromInline
    mutating func finishDocument() throws {
        skipWhitespace()
        guard position == bytes.count else { throw failure("trailing characters") }
    }

    // MARK: - Structure

    /// Reads an object, calling `body` with each key; `body` must read or skip that key's value.
    package mutating func readObject(_ body: (inout JSONReader, Key) throws -> Void) throws {
        try expect(UInt8(ascii: "{"))
        depth += 1
        guard depth <= Self.maxDepth else { throw failure("nesting too deep") }
        skipWhitespace()
        if peek() == UInt8(ascii: "}") {
            position += 1
            depth -= 1
            return
        }
        while true {
            skipWhitespace()
            let key = try readKey()
            skipWhitespace()
            try expect(UInt8(ascii: ":"))
            skipWhitespace()
            try body(&self, key)
            skipWhitespace()
            switch peek() {
            case UInt8(ascii: ","): position += 1
            case UInt8(ascii: "}"):
                position += 1
                depth -= 1
                return
            default: throw failure("expected , or }")
            }
        }
    }

    /// Reads an array, calling `body` for each element; `body` must read or skip it.
    package mutating func readArray(_ body: (inout JSONReader) throws -> Void) throws {
        try expect(UInt8(ascii: "["))
        depth += 1
        guard depth <= Self.maxDepth else { throw failure("nesting too deep") }
        skipWhitespace()
        if peek() == UInt8(ascii: "]") {
            position += 1
            depth -= 1
            return
        }
        while true {
            skipWhitespace()
            try body(&self)
            skipWhitespace()
            switch peek() {
            case UInt8(ascii: ","): position += 1
            case UInt8(ascii: "]"):
                position += 1
                depth -= 1
                return
            default: throw failure("expected , or ]")
            }
        }
    }

    /// Reads an array whose elements `element` reads.
    package mutating func readArray<T>(of element: (inout JSONReader) throws -> T) throws -> [T] {
        var result: [T] = []
        try readArray { reader in result.append(try element(&reader)) }
        return result
    }

    /// Consumes `null` and returns true when the next value is null.
    package mutating func readNull() -> Bool {
        guard position + 4 <= bytes.count, bytes[position] == UInt8(ascii: "n"), bytes[position + 1] == UInt8(ascii: "u"),
            bytes[position + 2] == UInt8(ascii: "l"), bytes[position + 3] == UInt8(ascii: "l")
        else { return false }
        position += 4
        return true
    }

    /// Reads a value with `read`, or nil for `null`.
    package mutating func readOptional<T>(_ read: (inout JSONReader) throws -> T) throws -> T? {
        if readNull() { return nil }
        return try read(&self)
    }

    /// Skips one value of any type.
    package mutating func skipValue() throws {
        switch peek() {
        case UInt8(ascii: "{"): try readObject { reader, _ in try reader.skipValue() }
        case UInt8(ascii: "["): try readArray { reader in try reader.skipValue() }
        case UInt8(ascii: "\""): _ = try readStringBytes()
        case UInt8(ascii: "t"), UInt8(ascii: "f"): _ = try readBool()
        case UInt8(ascii: "n"):
            guard readNull() else { throw failure("invalid literal") }
        default: _ = try readNumberBytes()
        }
    }

    /// Reads any value as a ``JSONValue``.
    package mutating func readJSONValue() throws -> JSONValue {
        switch peek() {
        case UInt8(ascii: "{"):
            var object: [String: JSONValue] = [:]
            // The first of a key sent twice wins, as in JSONDecoder.
            try readObject { reader, key in
                let value = try reader.readJSONValue()
                if object[key.string] == nil { object[key.string] = value }
            }
            return .object(object)
        case UInt8(ascii: "["):
            return .array(try readArray { try $0.readJSONValue() })
        case UInt8(ascii: "\""): return .string(try readString())
        case UInt8(ascii: "t"), UInt8(ascii: "f"): return .bool(try readBool())
        case UInt8(ascii: "n"):
            guard readNull() else { throw failure("invalid literal") }
            return .null
        default:
            let number = try readNumberBytes()
            let text = String(decoding: number, as: UTF8.self)
            if let integer = Int(text) { return .int(integer) }
            guard let double = Double(text), double.isFinite else { throw failure("invalid number") }
            return .double(double)
        }
    }

    // MARK: - Scalars

    package mutating func readString() throws -> String {
        let (raw, escaped) = try readStringBytes()
        return escaped ? try Self.unescape(raw) : String(decoding: raw, as: UTF8.self)
    }

    /// Reads a string value as a ``Key``, compared without creating a `String`: for values that name a kind
    /// (an event's `type`), which a reader only checks against the few it knows.
    package mutating func readSymbol() throws -> Key {
        try readKey()
    }

    package mutating func readBool() throws -> Bool {
        if position + 4 <= bytes.count, bytes[position] == UInt8(ascii: "t"), bytes[position + 1] == UInt8(ascii: "r"),
            bytes[position + 2] == UInt8(ascii: "u"), bytes[position + 3] == UInt8(ascii: "e")
        {
            position += 4
            return true
        }
        if position + 5 <= bytes.count, bytes[position] == UInt8(ascii: "f"), bytes[position + 1] == UInt8(ascii: "a"),
            bytes[position + 2] == UInt8(ascii: "l"), bytes[position + 3] == UInt8(ascii: "s"),
            bytes[position + 4] == UInt8(ascii: "e")
        {
            position += 5
            return false
        }
        throw failure("expected a boolean")
    }

    /// Reads an integer written without fraction or exponent.
    package mutating func readInt() throws -> Int {
        let start = position
        var negative = false
        if peek() == UInt8(ascii: "-") {
            negative = true
            position += 1
        }
        var value = 0
        var digits = 0
        while position < bytes.count {
            let byte = bytes[position]
            guard byte >= 0x30, byte <= 0x39 else { break }
            let (multiplied, overflow1) = value.multipliedReportingOverflow(by: 10)
            let (added, overflow2) = multiplied.addingReportingOverflow(Int(byte - 0x30))
            guard !overflow1, !overflow2 else { throw failure("integer overflow") }
            value = added
            digits += 1
            position += 1
        }
        guard digits > 0, !(digits > 1 && bytes[start + (negative ? 1 : 0)] == 0x30) else {
            throw failure("expected an integer")
        }
        if position < bytes.count, [UInt8(ascii: "."), UInt8(ascii: "e"), UInt8(ascii: "E")].contains(bytes[position]) {
            throw failure("expected an integer, found a fraction")
        }
        return negative ? -value : value
    }

    package mutating func readDouble() throws -> Double {
        let number = try readNumberBytes()
        guard let value = Double(String(decoding: number, as: UTF8.self)), value.isFinite else {
            throw failure("invalid number")
        }
        return value
    }

    // MARK: - Internals

    private func peek() -> UInt8? {
        position < bytes.count ? bytes[position] : nil
    }

    private func failure(_ message: String) -> Failure {
        Failure(message: message, offset: position)
    }

    private mutating func expect(_ byte: UInt8) throws {
        guard peek() == byte else { throw failure("expected \(Character(UnicodeScalar(byte)))") }
        position += 1
    }

    private mutating func skipWhitespace() {
        while position < bytes.count {
            switch bytes[position] {
            case 0x20, 0x0A, 0x0D, 0x09: position += 1
            default: return
            }
        }
    }

    private mutating func readKey() throws -> Key {
        let (raw, escaped) = try readStringBytes()
        return Key(bytes: raw, escaped: escaped)
    }

    /// The bytes between the quotes of a string, and whether they contain escapes; validates UTF-8.
    private mutating func readStringBytes() throws -> (UnsafeRawBufferPointer, Bool) {
        try expect(UInt8(ascii: "\""))
        let start = position
        var escaped = false
        var ascii = true
        while position < bytes.count {
            let byte = bytes[position]
            if byte == UInt8(ascii: "\"") {
                let raw = UnsafeRawBufferPointer(rebasing: bytes[start..<position])
                position += 1
                if !ascii, !UTF8Validation.isValid(raw) { throw Failure(message: "invalid UTF-8", offset: start) }
                // Malformed escapes fail here, also in strings that are skipped or used as keys.
                if escaped { _ = try Self.unescape(raw) }
                return (raw, escaped)
            }
            if byte == UInt8(ascii: "\\") {
                escaped = true
                position += 2
                continue
            }
            if byte < 0x20 { throw failure("control character in string") }
            if byte >= 0x80 { ascii = false }
            position += 1
        }
        throw failure("unterminated string")
    }

    /// The bytes of a number that follows the JSON grammar: `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?`.
    private mutating func readNumberBytes() throws -> UnsafeRawBufferPointer {
        let start = position
        func digits() -> Int {
            let first = position
            while position < bytes.count, bytes[position] >= 0x30, bytes[position] <= 0x39 { position += 1 }
            return position - first
        }
        if peek() == UInt8(ascii: "-") { position += 1 }
        let integerStart = position
        let integerDigits = digits()
        guard integerDigits > 0 else { throw failure("expected a number") }
        if integerDigits > 1, bytes[integerStart] == 0x30 { throw failure("leading zero") }
        if peek() == UInt8(ascii: ".") {
            position += 1
            guard digits() > 0 else { throw failure("expected digits after the decimal point") }
        }
        if peek() == UInt8(ascii: "e") || peek() == UInt8(ascii: "E") {
            position += 1
            if peek() == UInt8(ascii: "+") || peek() == UInt8(ascii: "-") { position += 1 }
            guard digits() > 0 else { throw failure("expected exponent digits") }
        }
        return UnsafeRawBufferPointer(rebasing: bytes[start..<position])
    }

    /// Decodes a string body with escapes; throws on malformed escapes or unpaired surrogates.
    static func unescape(_ raw: UnsafeRawBufferPointer) throws -> String {
        var utf8: [UInt8] = []
        utf8.reserveCapacity(raw.count)
        var index = 0
        func hex(_ at: Int) throws -> UInt32 {
            guard at + 4 <= raw.count else { throw Failure(message: "short \\u escape", offset: at) }
            var value: UInt32 = 0
            for byte in raw[at..<at + 4] {
                value <<= 4
                switch byte {
                case 0x30...0x39: value |= UInt32(byte - 0x30)
                case 0x41...0x46: value |= UInt32(byte - 0x37)
                case 0x61...0x66: value |= UInt32(byte - 0x57)
                default: throw Failure(message: "bad \\u escape", offset: at)
                }
            }
            return value
        }
        while index < raw.count {
            let byte = raw[index]
            guard byte == UInt8(ascii: "\\") else {
                utf8.append(byte)
                index += 1
                continue
            }
            guard index + 1 < raw.count else { throw Failure(message: "dangling escape", offset: index) }
            let escape = raw[index + 1]
            index += 2
            switch escape {
            case UInt8(ascii: "\""): utf8.append(0x22)
            case UInt8(ascii: "\\"): utf8.append(0x5C)
            case UInt8(ascii: "/"): utf8.append(0x2F)
            case UInt8(ascii: "b"): utf8.append(0x08)
            case UInt8(ascii: "f"): utf8.append(0x0C)
            case UInt8(ascii: "n"): utf8.append(0x0A)
            case UInt8(ascii: "r"): utf8.append(0x0D)
            case UInt8(ascii: "t"): utf8.append(0x09)
            case UInt8(ascii: "u"):
                var code = try hex(index)
                index += 4
                if (0xD800...0xDBFF).contains(code) {
                    guard index + 6 <= raw.count, raw[index] == UInt8(ascii: "\\"), raw[index + 1] == UInt8(ascii: "u")
                    else { throw Failure(message: "unpaired surrogate", offset: index) }
                    let low = try hex(index + 2)
                    guard (0xDC00...0xDFFF).contains(low) else { throw Failure(message: "unpaired surrogate", offset: index) }
                    index += 6
                    code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
                } else if (0xDC00...0xDFFF).contains(code) {
                    throw Failure(message: "unpaired surrogate", offset: index)
                }
                guard let scalar = Unicode.Scalar(code) else { throw Failure(message: "bad code point", offset: index) }
                utf8.append(contentsOf: String(Character(scalar)).utf8)
            default:
                throw Failure(message: "bad escape", offset: index)
            }
        }
        return String(decoding: utf8, as: UTF8.self)
    }

}

/// The known keys an object reader has met. A key sent twice makes the reader decline the payload, which then goes
/// to the decoder that `JSONDecoder` agrees with (JSONDecoder keeps the first of duplicates; a reader that just
/// assigned would keep the last).
package struct SeenKeys {
    private var bits: UInt64 = 0

    package init() {}

    /// Marks key number `index` (0…63) as met; throws when it was met before.
    @inline(__always)
    package mutating func first(_ index: Int) throws {
        let bit: UInt64 = 1 << UInt64(index)
        guard bits & bit == 0 else { throw DuplicateKey() }
        bits |= bit
    }

    struct DuplicateKey: Error {}
}

/// A type with a hand-written reader, kept only where swiftai-bench shows it pays over `FastJSONDecoder`
/// (chat chunks: 1.2 µs against 3.3 µs). The Codable conformance stays the reference: the reader must give
/// the same value, which debug test runs check for every payload, and tests check that it reads every
/// field of the model.
package protocol JSONReadable: Decodable {
    init(reading reader: inout JSONReader) throws
}

extension JSONReader {
    /// Reads `data` with a hand-written fast path, or returns nil when `body` declines it (throws on anything it
    /// doesn't fully accept), leaving the payload to `FastJSONDecoder`. Debug test runs check every value it
    /// reads against `JSONDecoder`.
    @inlinable
    public static func readOrDecline<T: Decodable>(_ data: Data, _ body: (inout JSONReader) throws -> T) throws -> T? {
        guard let value = try? read(data, body) else { return nil }
        #if DEBUG
        try verifyInDebugRuns(value, from: data)
        #endif
        return value
    }

    #if DEBUG
    @usableFromInline
    static func verifyInDebugRuns<T: Decodable>(_ value: T, from data: Data) throws {
        if FastJSONDecoder.verifiesEveryDecode { try FastJSONDecoder.verify(value, from: data) }
    }
    #endif
}
