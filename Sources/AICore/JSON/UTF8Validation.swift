/// The one UTF-8 check of both JSON readers (`JSONReader` and `FastJSONDecoder`'s tape): JSON text must be
/// well-formed UTF-8, as `JSONDecoder` requires.
package enum UTF8Validation {
    /// The length of the well-formed UTF-8 sequence that starts at `position` with a byte ≥ 0x80 (no
    /// overlongs, surrogates or code points past U+10FFFF), or nil.
    @inline(__always)
    package static func sequenceLength(_ bytes: UnsafePointer<UInt8>, at position: Int, count: Int) -> Int? {
        let length: Int
        var lower: UInt8 = 0x80
        var upper: UInt8 = 0xBF
        switch bytes[position] {
        case 0xC2...0xDF: length = 2
        case 0xE0: length = 3; lower = 0xA0
        case 0xE1...0xEC, 0xEE...0xEF: length = 3
        case 0xED: length = 3; upper = 0x9F
        case 0xF0: length = 4; lower = 0x90
        case 0xF1...0xF3: length = 4
        case 0xF4: length = 4; upper = 0x8F
        default: return nil
        }
        guard position + length <= count else { return nil }
        let second = bytes[position + 1]
        guard second >= lower, second <= upper else { return nil }
        var offset = 2
        while offset < length {
            guard bytes[position + offset] & 0xC0 == 0x80 else { return nil }
            offset += 1
        }
        return length
    }

    /// Whether `raw` is well-formed UTF-8.
    package static func isValid(_ raw: UnsafeRawBufferPointer) -> Bool {
        guard let base = raw.baseAddress?.assumingMemoryBound(to: UInt8.self) else { return true }
        var index = 0
        while index < raw.count {
            if base[index] < 0x80 {
                index += 1
                continue
            }
            guard let length = sequenceLength(base, at: index, count: raw.count) else { return false }
            index += length
        }
        return true
    }
}
