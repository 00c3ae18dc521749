extension TopLevelJSON {
    /// The cursor of the pass: skips strings and nested values, counting payload strings on the way.
    struct Scanner {
        let bytes: UnsafeRawBufferPointer
        var index = 0
        var payloadCount = 0
        var payloadBytes = 0

        init(bytes: UnsafeRawBufferPointer) { self.bytes = bytes }

        var peek: UInt8? { index < bytes.count ? bytes[index] : nil }

        static func isWhitespace(_ byte: UInt8) -> Bool {
            byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09
        }

        /// Base64 (standard and URL-safe), padding, JSON's `\/` and a data URL's `data:image/png;base64,` prefix.
        private static func isPayloadByte(_ byte: UInt8) -> Bool {
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                UInt8(ascii: "+"), UInt8(ascii: "/"), UInt8(ascii: "="), UInt8(ascii: "-"), UInt8(ascii: "_"), UInt8(ascii: "\\"),
                UInt8(ascii: ":"), UInt8(ascii: ";"), UInt8(ascii: ","), UInt8(ascii: "."):
                true
            default:
                false
            }
        }

        mutating func skipWhitespace() {
            while index < bytes.count, Self.isWhitespace(bytes[index]) { index += 1 }
        }

        /// From an opening quote to just past its closing quote.
        mutating func skipString() throws(ScanError) {
            let start = index
            index += 1
            var payload = true
            while index < bytes.count {
                let byte = bytes[index]
                if byte == UInt8(ascii: "\"") {
                    index += 1
                    let length = index - start
                    if payload, length >= TopLevelJSON.payloadMinimumLength {
                        payloadCount += 1
                        payloadBytes += length
                    }
                    return
                }
                if byte < 0x20 { throw .malformed }
                if payload, !Self.isPayloadByte(byte) { payload = false }
                index += byte == UInt8(ascii: "\\") ? 2 : 1
            }
            throw .malformed
        }

        /// One value of any kind; objects and arrays by bracket depth.
        mutating func skipValue() throws(ScanError) {
            guard let first = peek else { throw .malformed }
            switch first {
            case UInt8(ascii: "\""):
                try skipString()
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                var depth = 0
                while index < bytes.count {
                    switch bytes[index] {
                    case UInt8(ascii: "\""):
                        try skipString()
                        continue
                    case UInt8(ascii: "{"), UInt8(ascii: "["):
                        depth += 1
                    case UInt8(ascii: "}"), UInt8(ascii: "]"):
                        depth -= 1
                        if depth == 0 {
                            index += 1
                            return
                        }
                    default:
                        break
                    }
                    index += 1
                }
                throw .malformed
            default:
                let start = index
                while index < bytes.count {
                    let byte = bytes[index]
                    if byte == UInt8(ascii: ",") || byte == UInt8(ascii: "}") || byte == UInt8(ascii: "]") || Self.isWhitespace(byte) {
                        break
                    }
                    index += 1
                }
                guard index > start else { throw .malformed }
            }
        }
    }
}
