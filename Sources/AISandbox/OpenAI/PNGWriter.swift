import Foundation

/// Writes the PNG that image generation returns: a 64×64 RGB "identicon" avatar drawn from a seed.
///
/// Apps check the bytes they save (signature, chunks, dimensions) and show them, so a 1×1 placeholder is
/// not enough; a real, small picture is. The pattern is a mirrored 8×8 grid of cells in two colors picked
/// from the seed, so each prompt gets its own image and the same prompt always the same one (the `b64_json`
/// result and the `url` download of an image are identical). The pixels are stored in uncompressed deflate
/// blocks: no zlib is needed, and the CRCs and the Adler-32 checksum are computed here.
enum PNGWriter {
    static let size = 64
    private static let cells = 8

    /// The PNG for `seed`.
    static func avatar(seed: UInt64) -> [UInt8] {
        var random = SplitMix64(seed: seed)
        let foreground = color(random.next())
        let background = foreground.map { UInt8((Int($0) + 3 * 240) / 4) }  // a pale tint of it
        let bits = random.next()
        let cellSize = size / cells
        var raw: [UInt8] = []
        raw.reserveCapacity(size * (1 + size * 3))
        for y in 0..<size {
            raw.append(0)  // filter type "None" for this row
            for x in 0..<size {
                let column = x / cellSize
                let mirrored = column < cells / 2 ? column : cells - 1 - column
                let on = bits >> UInt64((y / cellSize) * (cells / 2) + mirrored) & 1 == 1
                raw += on ? foreground : background
            }
        }
        var header: [UInt8] = []
        header += bigEndian(UInt32(size)) + bigEndian(UInt32(size))
        header += [8, 2, 0, 0, 0]  // 8 bits a sample, RGB, deflate, no filter method extras, no interlace
        return [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
            + chunk("IHDR", header) + chunk(provenanceChunkType, provenanceMarker) + chunk("IDAT", zlibStored(raw)) + chunk("IEND", [])
    }

    /// The chunk that marks a PNG as made by the sandbox's image routes — where a real image carries its C2PA
    /// manifest (`caBX`, an ancillary chunk viewers skip). `/v1/content_provenance_checks` recognises it.
    static let provenanceChunkType = "caBX"
    static let provenanceMarker = Array(#"{"claim_generator":"OpenAI AISandbox","issuer":"OpenAI"}"#.utf8)

    /// A saturated color from 64 random bits (one channel dark, one bright, one in between).
    private static func color(_ bits: UInt64) -> [UInt8] {
        let mid = UInt8(60 + bits % 140)
        switch (bits >> 8) % 6 {
        case 0: return [200, mid, 40]
        case 1: return [mid, 200, 40]
        case 2: return [40, mid, 200]
        case 3: return [200, 40, mid]
        case 4: return [mid, 40, 200]
        default: return [40, 200, mid]
        }
    }

    /// A chunk: length, type, data, CRC-32 of type and data.
    static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
        let typed = Array(type.utf8) + data
        return bigEndian(UInt32(data.count)) + typed + bigEndian(crc32(typed))
    }

    /// A zlib stream of stored (uncompressed) deflate blocks of at most 65,535 bytes, with its Adler-32.
    static func zlibStored(_ data: [UInt8]) -> [UInt8] {
        var out: [UInt8] = [0x78, 0x01]
        var start = 0
        repeat {
            let end = min(start + 65_535, data.count)
            let length = UInt16(end - start)
            out.append(end == data.count ? 1 : 0)  // BFINAL on the last block, BTYPE 00 (stored)
            out += [UInt8(length & 0xFF), UInt8(length >> 8), UInt8(~length & 0xFF), UInt8(~length >> 8)]
            out += data[start..<end]
            start = end
        } while start < data.count
        return out + bigEndian(adler32(data))
    }

    static func adler32(_ data: [UInt8]) -> UInt32 {
        var a: UInt32 = 1
        var b: UInt32 = 0
        for byte in data {
            a = (a + UInt32(byte)) % 65_521
            b = (b + a) % 65_521
        }
        return b << 16 | a
    }

    private static let crcTable: [UInt32] = (0..<256).map { index in
        var value = UInt32(index)
        for _ in 0..<8 { value = value & 1 == 1 ? 0xEDB8_8320 ^ (value >> 1) : value >> 1 }
        return value
    }

    static func crc32(_ data: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in data { crc = crcTable[Int((crc ^ UInt32(byte)) & 0xFF)] ^ (crc >> 8) }
        return crc ^ 0xFFFF_FFFF
    }

    private static func bigEndian(_ value: UInt32) -> [UInt8] {
        [UInt8(value >> 24), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)]
    }
}
