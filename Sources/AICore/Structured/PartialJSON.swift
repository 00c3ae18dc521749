import Foundation

/// Reads the beginning of a JSON document — what a streamed structured answer has delivered so far — into the
/// value it has completed.
///
/// Objects and arrays appear as soon as they open and hold their finished members; a number or `true`/`false`/
/// `null` appears once something after it shows it ended; a member whose key is unfinished is left out. A
/// string still being written appears with the characters received so far when `partialStrings` is true (a
/// story's text grows while it streams) and is left out otherwise, so with `partialStrings: false` a value
/// once present never changes in a later snapshot. Text that can't begin any JSON document gives nil.
public enum PartialJSON {
    public static func parse(_ text: String, partialStrings: Bool = true) -> JSONValue? {
        parse(Array(text.utf8), partialStrings: partialStrings)
    }

    public static func parse(_ bytes: [UInt8], partialStrings: Bool = true) -> JSONValue? {
        var reader = Reader(bytes: bytes, partialStrings: partialStrings)
        reader.skipWhitespace()
        guard reader.index < bytes.count else { return nil }
        guard let (value, _) = try? reader.value() else { return nil }
        return value
    }

    private struct Invalid: Error {}

    private struct Reader {
        let bytes: [UInt8]
        let partialStrings: Bool
        var index = 0

        init(bytes: [UInt8], partialStrings: Bool) {
            self.bytes = bytes
            self.partialStrings = partialStrings
        }

        var atEnd: Bool { index >= bytes.count }

        mutating func skipWhitespace() {
            while index < bytes.count, [0x20, 0x0A, 0x0D, 0x09].contains(bytes[index]) { index += 1 }
        }

        /// The value at `index` and whether it is complete; nil when the input ends before any of it counts.
        mutating func value() throws -> (JSONValue?, Bool) {
            skipWhitespace()
            guard !atEnd else { return (nil, false) }
            switch bytes[index] {
            case UInt8(ascii: "{"): return try object()
            case UInt8(ascii: "["): return try array()
            case UInt8(ascii: "\""):
                let (text, complete) = try string()
                if complete { return (.string(text), true) }
                return (partialStrings ? .string(text) : nil, false)
            case UInt8(ascii: "t"): return try literal("true", .bool(true))
            case UInt8(ascii: "f"): return try literal("false", .bool(false))
            case UInt8(ascii: "n"): return try literal("null", .null)
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try number()
            default: throw Invalid()
            }
        }

        mutating func literal(_ word: String, _ result: JSONValue) throws -> (JSONValue?, Bool) {
            let expected = Array(word.utf8)
            var offset = 0
            while offset < expected.count {
                guard index < bytes.count else { return (nil, false) }
                guard bytes[index] == expected[offset] else { throw Invalid() }
                index += 1
                offset += 1
            }
            return (result, true)
        }

        mutating func number() throws -> (JSONValue?, Bool) {
            let start = index
            while index < bytes.count, Self.isNumberByte(bytes[index]) { index += 1 }
            // Without a byte after it, more digits may follow.
            guard index < bytes.count else { return (nil, false) }
            let text = String(decoding: bytes[start..<index], as: UTF8.self)
            if let integer = Int(text) { return (.int(integer), true) }
            guard let double = Double(text) else { throw Invalid() }
            // As JSONValue reads numbers: a whole number written as `-1.5e2` or `2.0` is an integer.
            if double.rounded() == double, abs(double) < 9.0e18 { return (.int(Int(double)), true) }
            return (.double(double), true)
        }

        static func isNumberByte(_ byte: UInt8) -> Bool {
            (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "+")
                || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "e") || byte == UInt8(ascii: "E")
        }

        /// A string from its opening quote; incomplete text stops before an unfinished escape or character.
        mutating func string() throws -> (String, Bool) {
            index += 1
            var scalars = String.UnicodeScalarView()
            var run: [UInt8] = []
            func flush() {
                guard !run.isEmpty else { return }
                scalars.append(contentsOf: String(decoding: run, as: UTF8.self).unicodeScalars)
                run.removeAll(keepingCapacity: true)
            }
            while index < bytes.count {
                let byte = bytes[index]
                switch byte {
                case UInt8(ascii: "\""):
                    index += 1
                    flush()
                    return (String(scalars), true)
                case UInt8(ascii: "\\"):
                    flush()
                    guard index + 1 < bytes.count else { index = bytes.count; return (String(scalars), false) }
                    let escape = bytes[index + 1]
                    switch escape {
                    case UInt8(ascii: "\""): scalars.append("\"")
                    case UInt8(ascii: "\\"): scalars.append("\\")
                    case UInt8(ascii: "/"): scalars.append("/")
                    case UInt8(ascii: "b"): scalars.append("\u{08}")
                    case UInt8(ascii: "f"): scalars.append("\u{0C}")
                    case UInt8(ascii: "n"): scalars.append("\n")
                    case UInt8(ascii: "r"): scalars.append("\r")
                    case UInt8(ascii: "t"): scalars.append("\t")
                    case UInt8(ascii: "u"):
                        guard let (scalar, length) = try unicodeEscape(at: index) else {
                            index = bytes.count
                            return (String(scalars), false)
                        }
                        scalars.append(scalar)
                        index += length
                        continue
                    default: throw Invalid()
                    }
                    index += 2
                default:
                    if byte < 0x20 { throw Invalid() }
                    run.append(byte)
                    index += 1
                }
            }
            // Drop a multi-byte character cut in the middle.
            var cut = run.count
            var back = 0
            while cut > 0, back < 4, run[cut - 1] & 0xC0 == 0x80 { cut -= 1; back += 1 }
            if cut > 0, run[cut - 1] >= 0xC0 {
                let lead = run[cut - 1]
                let needed = lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : 2
                if run.count - (cut - 1) < needed { run.removeSubrange((cut - 1)...) }
            }
            flush()
            return (String(scalars), false)
        }

        /// `\uXXXX` (with a following low surrogate when it is a high one) at `start`; nil when the input ends
        /// inside it.
        func unicodeEscape(at start: Int) throws -> (Unicode.Scalar, Int)? {
            func hex(_ from: Int) throws -> UInt32? {
                guard from + 4 <= bytes.count else { return nil }
                guard let value = UInt32(String(decoding: bytes[from..<from + 4], as: UTF8.self), radix: 16) else {
                    throw Invalid()
                }
                return value
            }
            guard let first = try hex(start + 2) else { return nil }
            if (0xD800...0xDBFF).contains(first) {
                guard start + 12 <= bytes.count else { return nil }
                guard bytes[start + 6] == UInt8(ascii: "\\"), bytes[start + 7] == UInt8(ascii: "u"),
                    let second = try hex(start + 8), (0xDC00...0xDFFF).contains(second)
                else { return (Unicode.Scalar(0xFFFD)!, 6) }
                let combined = 0x10000 + ((first - 0xD800) << 10) + (second - 0xDC00)
                return (Unicode.Scalar(combined) ?? Unicode.Scalar(0xFFFD)!, 12)
            }
            return (Unicode.Scalar(first) ?? Unicode.Scalar(0xFFFD)!, 6)
        }

        mutating func object() throws -> (JSONValue?, Bool) {
            index += 1
            var members: [String: JSONValue] = [:]
            skipWhitespace()
            if !atEnd, bytes[index] == UInt8(ascii: "}") { index += 1; return (.object(members), true) }
            while true {
                skipWhitespace()
                guard !atEnd else { return (.object(members), false) }
                guard bytes[index] == UInt8(ascii: "\"") else { throw Invalid() }
                let (key, keyComplete) = try string()
                guard keyComplete else { return (.object(members), false) }
                skipWhitespace()
                guard !atEnd else { return (.object(members), false) }
                guard bytes[index] == UInt8(ascii: ":") else { throw Invalid() }
                index += 1
                let (member, complete) = try value()
                // The first of a duplicated key wins, as the SDK's decoders read it.
                if let member, members[key] == nil { members[key] = member }
                guard complete else { return (.object(members), false) }
                skipWhitespace()
                guard !atEnd else { return (.object(members), false) }
                if bytes[index] == UInt8(ascii: ",") { index += 1; continue }
                if bytes[index] == UInt8(ascii: "}") { index += 1; return (.object(members), true) }
                throw Invalid()
            }
        }

        mutating func array() throws -> (JSONValue?, Bool) {
            index += 1
            var elements: [JSONValue] = []
            skipWhitespace()
            if !atEnd, bytes[index] == UInt8(ascii: "]") { index += 1; return (.array(elements), true) }
            while true {
                let (element, complete) = try value()
                if let element { elements.append(element) }
                guard complete else { return (.array(elements), false) }
                skipWhitespace()
                guard !atEnd else { return (.array(elements), false) }
                if bytes[index] == UInt8(ascii: ",") { index += 1; continue }
                if bytes[index] == UInt8(ascii: "]") { index += 1; return (.array(elements), true) }
                throw Invalid()
            }
        }
    }
}
