/// gzip without compression: a gzip member whose deflate data is stored blocks. Every decoder reads it, and it
/// needs no zlib (the checksum is PNG's CRC-32) — the sandbox sends it to check that clients decode `Content-Encoding: gzip`, not to save bytes.
enum Gzip {
    static func stored(_ bytes: [UInt8]) -> [UInt8] {
        var out: [UInt8] = [0x1F, 0x8B, 8, 0, 0, 0, 0, 0, 0, 0xFF]
        out.reserveCapacity(bytes.count + bytes.count / 65_535 * 5 + 30)
        var offset = 0
        repeat {
            let count = min(65_535, bytes.count - offset)
            let last = offset + count == bytes.count
            out.append(last ? 1 : 0)
            out.append(contentsOf: [UInt8(count & 0xFF), UInt8(count >> 8), UInt8(~count & 0xFF), UInt8((~count >> 8) & 0xFF)])
            out.append(contentsOf: bytes[offset..<offset + count])
            offset += count
        } while offset < bytes.count
        for value in [PNGWriter.crc32(bytes), UInt32(truncatingIfNeeded: bytes.count)] {
            out.append(contentsOf: [UInt8(value & 0xFF), UInt8((value >> 8) & 0xFF), UInt8((value >> 16) & 0xFF), UInt8(value >> 24)])
        }
        return out
    }
}
