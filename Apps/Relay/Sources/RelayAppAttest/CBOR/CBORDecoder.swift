import Foundation

/// A strict decoder for the CBOR subset App Attest uses, safe on hostile input: every length is checked against the
/// bytes that remain before anything is allocated, nesting and entry counts are bounded, and anything unexpected is
/// a ``CBORError`` (never a crash, never a hang).
package struct CBORDecoder: Sendable {
    /// Bounds that keep decoding cheap whatever a client sends.
    package struct Limits: Sendable {
        /// The largest input accepted, in bytes. A real attestation object is about 5.6 KB (two certificates and a
        /// receipt); an assertion is under 200 bytes.
        package var maxInputBytes: Int
        /// How deeply arrays and maps may nest (an attestation object nests three levels).
        package var maxDepth: Int
        /// The most entries one array or map may have.
        package var maxEntries: Int

        package init(maxInputBytes: Int = 64 * 1024, maxDepth: Int = 8, maxEntries: Int = 32) {
            self.maxInputBytes = maxInputBytes
            self.maxDepth = maxDepth
            self.maxEntries = maxEntries
        }
    }

    package var limits: Limits

    package init(limits: Limits = Limits()) {
        self.limits = limits
    }

    /// Decodes exactly one item that spans all of `data`.
    package func decode(_ data: Data) throws(CBORError) -> CBORValue {
        guard data.count <= limits.maxInputBytes else { throw .tooLarge(offset: 0) }
        var reader = Reader(bytes: [UInt8](data), limits: limits)
        let value = try reader.item(depth: 0)
        guard reader.offset == reader.bytes.count else { throw .trailingBytes(offset: reader.offset) }
        return value
    }
}

extension CBORDecoder {
    private struct Reader {
        let bytes: [UInt8]
        let limits: Limits
        var offset = 0

        var remaining: Int { bytes.count - offset }

        mutating func item(depth: Int) throws(CBORError) -> CBORValue {
            let start = offset
            let initial = try byte()
            let major = initial >> 5
            let argument = try self.argument(additional: initial & 0x1F, itemStart: start, major: major)
            switch major {
            case 0:
                return .unsigned(argument)
            case 1:
                return .negative(argument)
            case 2:
                return .bytes(Data(try take(argument)))
            case 3:
                guard let text = String(bytes: try take(argument), encoding: .utf8) else {
                    throw .invalidUTF8(offset: start)
                }
                return .text(text)
            case 4:
                let count = try entryCount(argument, depth: depth, itemStart: start, bytesPerEntry: 1)
                var elements: [CBORValue] = []
                elements.reserveCapacity(count)
                for _ in 0..<count { elements.append(try item(depth: depth + 1)) }
                return .array(elements)
            case 5:
                let count = try entryCount(argument, depth: depth, itemStart: start, bytesPerEntry: 2)
                var entries: [CBORMapEntry] = []
                entries.reserveCapacity(count)
                for _ in 0..<count {
                    let keyOffset = offset
                    let key = try item(depth: depth + 1)
                    guard !entries.contains(where: { $0.key == key }) else { throw .duplicateKey(offset: keyOffset) }
                    entries.append(CBORMapEntry(key: key, value: try item(depth: depth + 1)))
                }
                return .map(entries)
            default:
                throw .unsupported(offset: start)
            }
        }

        /// The count of an array or map, checked against the limits and against the bytes left (each entry takes
        /// at least one byte per item), so a huge announced count fails before any allocation.
        private func entryCount(_ argument: UInt64, depth: Int, itemStart: Int, bytesPerEntry: Int) throws(CBORError)
            -> Int
        {
            guard depth < limits.maxDepth else { throw .tooDeep(offset: itemStart) }
            guard argument <= UInt64(limits.maxEntries) else { throw .tooLarge(offset: itemStart) }
            let count = Int(argument)
            guard count * bytesPerEntry <= remaining else { throw .truncated(offset: bytes.count) }
            return count
        }

        private mutating func argument(additional: UInt8, itemStart: Int, major: UInt8) throws(CBORError) -> UInt64 {
            switch additional {
            case 0..<24:
                return UInt64(additional)
            case 24: return try bigEndian(count: 1)
            case 25: return try bigEndian(count: 2)
            case 26: return try bigEndian(count: 4)
            case 27: return try bigEndian(count: 8)
            case 31 where (2...5).contains(major):
                throw .indefiniteLength(offset: itemStart)
            default:
                throw .unsupported(offset: itemStart)
            }
        }

        private mutating func byte() throws(CBORError) -> UInt8 {
            guard remaining >= 1 else { throw .truncated(offset: offset) }
            defer { offset += 1 }
            return bytes[offset]
        }

        private mutating func bigEndian(count: Int) throws(CBORError) -> UInt64 {
            guard remaining >= count else { throw .truncated(offset: bytes.count) }
            var value: UInt64 = 0
            for index in offset..<(offset + count) { value = value << 8 | UInt64(bytes[index]) }
            offset += count
            return value
        }

        private mutating func take(_ length: UInt64) throws(CBORError) -> ArraySlice<UInt8> {
            guard length <= UInt64(remaining) else { throw .truncated(offset: bytes.count) }
            let end = offset + Int(length)
            defer { offset = end }
            return bytes[offset..<end]
        }
    }
}
