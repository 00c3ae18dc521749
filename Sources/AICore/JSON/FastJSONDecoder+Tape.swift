import Foundation

extension FastJSONDecoder {
    /// One JSON value (or object key) of a document, as a fixed-size record in the tape.
    ///
    /// The tape lists a document's values in text order: an object is followed by its keys and values
    /// (each key a `.string` token directly before its value), an array by its elements. A container records
    /// the index of the token after its last descendant, so skipping any value is O(1).
    struct Token {
        enum Kind: UInt8 {
            case null, `false`, `true`, number, string, object, array
        }

        var kind: Kind
        /// `stringEscaped`/`stringNonASCII` for strings, `numberNonInteger` for numbers, the `object…` flags for objects.
        var flags: UInt8
        /// Strings and numbers: offset of the first byte (after the opening quote). Objects: the key token where
        /// the next key search starts (see ``Document/valueIndex(forKey:inObject:)``).
        var start: UInt32
        /// Strings and numbers: offset after the last byte (before the closing quote). Containers: the index of
        /// the token after the container's last descendant.
        var end: UInt32
        /// Arrays: how many elements they have (``elementCount``). Objects: a filter of their keys (``keyFilter``).
        var payload: UInt32

        var elementCount: UInt32 {
            get { payload }
            set { payload = newValue }
        }

        /// Objects: bit `keyFilterBit(…) % 32` is set for each key, so a key whose bit is clear is certainly
        /// missing (the common case for absent optional members), without comparing keys.
        var keyFilter: UInt32 {
            get { payload }
            set { payload = newValue }
        }

        /// A hash of a key's length and first and last byte, as one bit of 64.
        @inline(__always)
        static func keyFilterBit(length: Int, first: UInt8, last: UInt8) -> UInt64 {
            let mixed = (UInt64(truncatingIfNeeded: length) | UInt64(first) << 24 | UInt64(last) << 32) &* 0x9E37_79B9_7F4A_7C15
            return 1 << (mixed >> 58)
        }

        static let stringEscaped: UInt8 = 1
        static let stringNonASCII: UInt8 = 2
        static let numberNonInteger: UInt8 = 1
        /// Some key has escapes or non-ASCII bytes, so keys can't be compared as plain bytes (Swift compares
        /// strings by canonical equivalence, and so does JSONDecoder's key lookup).
        static let objectNonPlainKeys: UInt8 = 1
        /// Whether the keys are distinct has been worked out; ``objectUniqueKeys`` holds the answer.
        static let objectUniquenessKnown: UInt8 = 2
        static let objectUniqueKeys: UInt8 = 4

        /// Folds the 64-bit key filter an open object keeps in `start` and `end` into ``keyFilter``.
        @inline(__always)
        mutating func foldKeyFilter() {
            keyFilter = start | end
        }

        /// The debug name JSONDecoder uses for a value of this kind in type-mismatch messages.
        var kindDescription: String {
            switch kind {
            case .null: "null"
            case .false, .true: "bool"
            case .number: "number"
            case .string: "a string"
            case .object: "a dictionary"
            case .array: "an array"
            }
        }
    }

    /// A parsed document: its bytes, its tape, the coding-path nodes of the values being decoded, and whether
    /// the decode must be redone by JSONDecoder. Shared by the decoder and every container of one decode.
    final class Document {
        /// The JSON text. Borrowed from the caller's `Data` for the duration of the decode, owned after
        /// ``ownBytes()`` if a decoder or container outlives it.
        private(set) var bytes: UnsafePointer<UInt8>
        private var ownedBytes: UnsafeMutablePointer<UInt8>?
        let byteCount: Int
        let tokens: UnsafeMutablePointer<Token>
        let tokenCount: Int
        /// A `null` token after the document's own, for `superDecoder(forKey:)` of a missing key.
        let nullToken: Int
        /// Set when the fast path met something it can't decode exactly as JSONDecoder; the decode is then redone.
        var needsFallback = false
        /// Whether a `superDecoder` was made: a separate decoder the caller may keep.
        var hasSuperDecoders = false
        var paths = CodingPathArena()

        /// Builds the tape for `raw`, or returns nil if the bytes are not strictly valid JSON (the same rules as
        /// ``JSONReader``) or exceed the tape's 32-bit offsets.
        init?(parsing raw: UnsafeRawBufferPointer) {
            guard let base = raw.baseAddress, raw.count > 0, raw.count < Int(Int32.max) else { return nil }
            let bytes = base.assumingMemoryBound(to: UInt8.self)
            var builder = TapeBuilder(bytes: bytes, count: raw.count)
            guard builder.build() else {
                builder.tokens.deallocate()
                return nil
            }
            builder.append(Token(kind: .null, flags: 0, start: 0, end: 0, payload: 0))
            self.bytes = bytes
            self.byteCount = raw.count
            self.tokens = builder.tokens
            self.tokenCount = builder.count
            self.nullToken = builder.count - 1
        }

        deinit {
            tokens.deallocate()
            ownedBytes?.deallocate()
            paths.release()
        }

        /// Copies the text into memory of its own, for decoders or containers that escape the decode.
        func ownBytes() {
            guard ownedBytes == nil else { return }
            let copy = UnsafeMutablePointer<UInt8>.allocate(capacity: byteCount)
            copy.update(from: bytes, count: byteCount)
            ownedBytes = copy
            bytes = UnsafePointer(copy)
        }

        /// The index of the token after the value at `index` (and all of its descendants).
        @inline(__always)
        func next(after index: Int) -> Int {
            let token = tokens[index]
            return token.kind.rawValue >= Token.Kind.object.rawValue ? Int(token.end) : index + 1
        }

        /// The bytes of a string or number token.
        @inline(__always)
        func text(of token: Token) -> UnsafeBufferPointer<UInt8> {
            UnsafeBufferPointer(start: bytes + Int(token.start), count: Int(token.end &- token.start))
        }
    }

    /// The single pass that validates the text and writes the tape.
    private struct TapeBuilder {
        let bytes: UnsafePointer<UInt8>
        let byteCount: Int
        var tokens: UnsafeMutablePointer<Token>
        var capacity: Int
        var count = 0

        /// Nesting limit, as ``JSONReader``'s.
        static let maxDepth = 256

        init(bytes: UnsafePointer<UInt8>, count: Int) {
            self.bytes = bytes
            self.byteCount = count
            // Roughly one token per 6 bytes for typical API payloads; grows by doubling.
            capacity = count / 6 + 8
            tokens = Self.allocate(capacity)
        }

        @inline(__always)
        mutating func append(_ token: Token) {
            if count == capacity { grow() }
            (tokens + count).initialize(to: token)
            count += 1
        }

        @inline(never)
        private mutating func grow() {
            capacity *= 2
            let larger = Self.allocate(capacity)
            larger.moveInitialize(from: tokens, count: count)
            tokens.deallocate()
            tokens = larger
        }

        /// Room for `capacity` tokens (trivial values; running out of memory traps as any Swift allocation does).
        private static func allocate(_ capacity: Int) -> UnsafeMutablePointer<Token> {
            UnsafeMutablePointer<Token>.allocate(capacity: capacity)
        }

        /// The position of the first non-whitespace byte at or after `position` (compact JSON has none).
        @inline(__always)
        private func skipWhitespace(_ position: Int) -> Int {
            if position < byteCount, bytes[position] > 0x20 { return position }
            return skipWhitespaceLoop(position)
        }

        private func skipWhitespaceLoop(_ position: Int) -> Int {
            var position = position
            while position < byteCount {
                switch bytes[position] {
                case 0x20, 0x0A, 0x0D, 0x09: position += 1
                default: return position
                }
            }
            return position
        }

        /// Validates the document and writes its tokens; false if it is not valid JSON.
        mutating func build() -> Bool {
            // 1 KB: small enough for the stack.
            withUnsafeTemporaryAllocation(of: Int32.self, capacity: Self.maxDepth) { stack in
                build(stack: stack.baseAddress!)
            }
        }

        /// `stack` holds the open containers (objects as `~index`, arrays as `index`). While an object is open,
        /// its token's `start` and `end` hold a filter of its keys (see ``member(at:object:)``); they get their
        /// final values when it closes.
        private mutating func build(stack: UnsafeMutablePointer<Int32>) -> Bool {
            var depth = 0
            var position = skipWhitespace(0)
            parsing: while true {
                // A value starts at `position`.
                guard position < byteCount else { return false }
                switch bytes[position] {
                case UInt8(ascii: "{"), UInt8(ascii: "["):
                    let isObject = bytes[position] == UInt8(ascii: "{")
                    guard depth < Self.maxDepth else { return false }
                    let index = count
                    // Objects start out with keys known to be unique, until two keys look alike.
                    let flags = isObject ? Token.objectUniquenessKnown | Token.objectUniqueKeys : 0
                    append(Token(kind: isObject ? .object : .array, flags: flags, start: 0, end: 0, payload: 0))
                    position = skipWhitespace(position + 1)
                    guard position < byteCount else { return false }
                    if bytes[position] == (isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")) {
                        tokens[index].start = UInt32(index + 1)
                        tokens[index].end = UInt32(count)
                        position += 1
                    } else {
                        stack[depth] = isObject ? ~Int32(index) : Int32(index)
                        depth += 1
                        if isObject {
                            position = member(at: position, object: index)
                            guard position >= 0 else { return false }
                        }
                        continue parsing
                    }
                case UInt8(ascii: "\""):
                    var flags: UInt8 = 0
                    let end = scanString(from: position + 1, flags: &flags)
                    guard end >= 0 else { return false }
                    append(Token(kind: .string, flags: flags, start: UInt32(position + 1), end: UInt32(end), payload: 0))
                    position = end + 1
                case UInt8(ascii: "t"):
                    guard literal(at: position, "true") else { return false }
                    append(Token(kind: .true, flags: 0, start: UInt32(position), end: UInt32(position + 4), payload: 0))
                    position += 4
                case UInt8(ascii: "f"):
                    guard literal(at: position, "false") else { return false }
                    append(Token(kind: .false, flags: 0, start: UInt32(position), end: UInt32(position + 5), payload: 0))
                    position += 5
                case UInt8(ascii: "n"):
                    guard literal(at: position, "null") else { return false }
                    append(Token(kind: .null, flags: 0, start: UInt32(position), end: UInt32(position + 4), payload: 0))
                    position += 4
                default:
                    guard let next = number(at: position) else { return false }
                    position = next
                }

                // A value ended before `position`: continue or close the containers it ends.
                while true {
                    guard depth > 0 else { return skipWhitespace(position) == byteCount }
                    let entry = stack[depth - 1]
                    let isObject = entry < 0
                    let container = Int(isObject ? ~entry : entry)
                    position = skipWhitespace(position)
                    guard position < byteCount else { return false }
                    let byte = bytes[position]
                    if isObject {
                        if byte == UInt8(ascii: ",") {
                            position = member(at: skipWhitespace(position + 1), object: container)
                            guard position >= 0 else { return false }
                            continue parsing
                        }
                        guard byte == UInt8(ascii: "}") else { return false }
                        tokens[container].foldKeyFilter()
                    } else {
                        tokens[container].elementCount += 1
                        if byte == UInt8(ascii: ",") {
                            position = skipWhitespace(position + 1)
                            continue parsing
                        }
                        guard byte == UInt8(ascii: "]") else { return false }
                    }
                    tokens[container].start = UInt32(container + 1)
                    tokens[container].end = UInt32(count)
                    depth -= 1
                    position += 1
                }
            }
        }

        /// Reads `"key" :` of an object member; returns the position of its value, or -1.
        ///
        /// The object's `start` and `end` hold a 64-bit filter of its keys by length, first and last byte
        /// while it is open: as long as no two keys share a bit, its keys are certainly distinct and key lookups
        /// need not look for duplicates (the common case); otherwise that is worked out when first needed.
        @inline(__always)
        private mutating func member(at position: Int, object: Int) -> Int {
            guard position < byteCount, bytes[position] == UInt8(ascii: "\"") else { return -1 }
            var keyFlags: UInt8 = 0
            let start = position + 1
            let end = scanString(from: start, flags: &keyFlags)
            guard end >= 0 else { return -1 }
            append(Token(kind: .string, flags: keyFlags, start: UInt32(start), end: UInt32(end), payload: 0))
            var objectToken = tokens[object]
            if keyFlags != 0 { objectToken.flags |= Token.objectNonPlainKeys }
            let length = end - start
            let bit = Token.keyFilterBit(
                length: length, first: length > 0 ? bytes[start] : 0, last: length > 0 ? bytes[end &- 1] : 0)
            let filter = UInt64(objectToken.start) | UInt64(objectToken.end) << 32
            if filter & bit != 0 { objectToken.flags &= ~(Token.objectUniquenessKnown | Token.objectUniqueKeys) }
            objectToken.start = UInt32(truncatingIfNeeded: filter | bit)
            objectToken.end = UInt32(truncatingIfNeeded: (filter | bit) >> 32)
            tokens[object] = objectToken
            // Compact JSON: the colon right after the key.
            var colon = end + 1
            if colon >= byteCount || bytes[colon] != UInt8(ascii: ":") {
                colon = skipWhitespace(colon)
                guard colon < byteCount, bytes[colon] == UInt8(ascii: ":") else { return -1 }
            }
            return skipWhitespace(colon + 1)
        }

        private func literal(at position: Int, _ word: StaticString) -> Bool {
            let length = word.utf8CodeUnitCount
            guard position + length <= byteCount else { return false }
            return memcmp(bytes + position, word.utf8Start, length) == 0
        }

        /// Scans a string's content from `start` (after the opening quote); returns the position of the closing
        /// quote, or -1. Rejects control characters, malformed escapes, unpaired surrogates and invalid UTF-8.
        @inline(__always)
        private func scanString(from start: Int, flags: inout UInt8) -> Int {
            var position = start
            while true {
                // Skip plain ASCII eight bytes at a time, to the first byte that needs a look.
                if position + 8 <= byteCount {
                    let special = Self.specialBytes(UnsafeRawPointer(bytes + position).loadUnaligned(as: UInt64.self))
                    if special == 0 {
                        position += 8
                        continue
                    }
                    position += special.trailingZeroBitCount >> 3
                } else if position >= byteCount {
                    return -1
                }
                let byte = bytes[position]
                if byte == UInt8(ascii: "\"") { return position }
                if byte == UInt8(ascii: "\\") {
                    guard let length = escapeLength(at: position) else { return -1 }
                    flags |= Token.stringEscaped
                    position += length
                } else if byte < 0x20 {
                    return -1
                } else if byte >= 0x80 {
                    guard let length = UTF8Validation.sequenceLength(bytes, at: position, count: byteCount) else { return -1 }
                    flags |= Token.stringNonASCII
                    position += length
                } else {
                    position += 1
                }
            }
        }

        /// A mask with the high bit set in each of the eight bytes (little-endian) that is a quote, a backslash,
        /// a control character or non-ASCII. Bytes above the first such byte may be flagged spuriously (borrows
        /// propagate upwards), never the ones below it, so the lowest set bit locates the first special byte.
        @inline(__always)
        private static func specialBytes(_ word: UInt64) -> UInt64 {
            let ones: UInt64 = 0x0101_0101_0101_0101
            let high: UInt64 = 0x8080_8080_8080_8080
            // Bytes of x below n (n ≤ 128): (x - n) & ~x, high bits.
            @inline(__always) func below(_ x: UInt64, _ n: UInt64) -> UInt64 { (x &- ones &* n) & ~x & high }
            let quote = below(word ^ (ones &* 0x22), 1)
            let backslash = below(word ^ (ones &* 0x5C), 1)
            return quote | backslash | below(word, 0x20) | (word & high)
        }

        /// The length of the escape sequence at `position` (a backslash), or nil if malformed. A high surrogate
        /// must be followed by an escaped low surrogate; a lone low surrogate is rejected.
        private func escapeLength(at position: Int) -> Int? {
            guard position + 1 < byteCount else { return nil }
            switch bytes[position + 1] {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: "b"), UInt8(ascii: "f"),
                UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
                return 2
            case UInt8(ascii: "u"):
                guard let code = hex4(at: position + 2) else { return nil }
                if (0xDC00...0xDFFF).contains(code) { return nil }
                guard (0xD800...0xDBFF).contains(code) else { return 6 }
                guard position + 7 < byteCount, bytes[position + 6] == UInt8(ascii: "\\"),
                    bytes[position + 7] == UInt8(ascii: "u"), let low = hex4(at: position + 8),
                    (0xDC00...0xDFFF).contains(low)
                else { return nil }
                return 12
            default:
                return nil
            }
        }

        private func hex4(at position: Int) -> UInt32? {
            guard position + 4 <= byteCount else { return nil }
            return FastJSONDecoder.hex4(bytes + position)
        }

        /// Reads a number with JSON's grammar, `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?`;
        /// returns the position after it.
        private mutating func number(at start: Int) -> Int? {
            var position = start
            var flags: UInt8 = 0
            @inline(__always) func isDigit(_ at: Int) -> Bool { at < byteCount && bytes[at] &- 0x30 < 10 }
            @inline(__always) func skipDigits() {
                while position + 8 <= byteCount,
                    FastJSONDecoder.isEightDigits(UnsafeRawPointer(bytes + position).loadUnaligned(as: UInt64.self))
                {
                    position += 8
                }
                while isDigit(position) { position += 1 }
            }
            if bytes[position] == UInt8(ascii: "-") { position += 1 }
            guard isDigit(position) else { return nil }
            if bytes[position] == UInt8(ascii: "0") {
                position += 1
                if isDigit(position) { return nil }
            } else {
                skipDigits()
            }
            if position < byteCount, bytes[position] == UInt8(ascii: ".") {
                flags = Token.numberNonInteger
                position += 1
                guard isDigit(position) else { return nil }
                skipDigits()
            }
            if position < byteCount, bytes[position] | 0x20 == UInt8(ascii: "e") {
                flags = Token.numberNonInteger
                position += 1
                if position < byteCount, bytes[position] == UInt8(ascii: "+") || bytes[position] == UInt8(ascii: "-") {
                    position += 1
                }
                guard isDigit(position) else { return nil }
                while isDigit(position) { position += 1 }
            }
            append(Token(kind: .number, flags: flags, start: UInt32(start), end: UInt32(position), payload: 0))
            return position
        }
    }

    /// The value of four hex digits, or nil.
    @inline(__always)
    static func hex4(_ digits: UnsafePointer<UInt8>) -> UInt32? {
        var value: UInt32 = 0
        for offset in 0..<4 {
            let byte = digits[offset]
            let nibble: UInt8
            switch byte {
            case 0x30...0x39: nibble = byte &- 0x30
            case 0x41...0x46: nibble = byte &- 0x37
            case 0x61...0x66: nibble = byte &- 0x57
            default: return nil
            }
            value = value << 4 | UInt32(nibble)
        }
        return value
    }
}
