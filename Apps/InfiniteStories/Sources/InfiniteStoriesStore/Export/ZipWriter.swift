import Foundation

/// Writes a ZIP archive with stored (uncompressed) entries: what an EPUB needs (its `mimetype` must be stored
/// first) and enough for a download of a story's files, which are MP3 and PNG — already compressed.
struct ZipWriter {
    private var body = Data()
    private var central = Data()
    private var count: UInt16 = 0

    /// Adds a file named `name` (a relative path with `/`).
    mutating func add(_ name: String, _ data: Data) {
        let nameBytes = Data(name.utf8)
        let crc = Self.crc32(data)
        let offset = UInt32(body.count)
        // Local file header: version 2.0, UTF-8 names (bit 11), stored, a fixed date (1 Jan 2020).
        body.append(le32(0x0403_4b50))
        body.append(le16(20)); body.append(le16(0x0800)); body.append(le16(0))
        body.append(le16(0)); body.append(le16(0x5021))
        body.append(le32(crc)); body.append(le32(UInt32(data.count))); body.append(le32(UInt32(data.count)))
        body.append(le16(UInt16(nameBytes.count))); body.append(le16(0))
        body.append(nameBytes)
        body.append(data)
        central.append(le32(0x0201_4b50))
        central.append(le16(20)); central.append(le16(20)); central.append(le16(0x0800)); central.append(le16(0))
        central.append(le16(0)); central.append(le16(0x5021))
        central.append(le32(crc)); central.append(le32(UInt32(data.count))); central.append(le32(UInt32(data.count)))
        central.append(le16(UInt16(nameBytes.count))); central.append(le16(0)); central.append(le16(0))
        central.append(le16(0)); central.append(le16(0)); central.append(le32(0)); central.append(le32(offset))
        central.append(nameBytes)
        count += 1
    }

    /// The archive: the entries, the central directory and its end record.
    func finish() -> Data {
        var out = body
        out.append(central)
        out.append(le32(0x0605_4b50))
        out.append(le16(0)); out.append(le16(0)); out.append(le16(count)); out.append(le16(count))
        out.append(le32(UInt32(central.count))); out.append(le32(UInt32(body.count))); out.append(le16(0))
        return out
    }

    private static let table: [UInt32] = (0..<256).map { value in
        var c = UInt32(value)
        for _ in 0..<8 { c = c & 1 != 0 ? 0xEDB8_8320 ^ (c >> 1) : c >> 1 }
        return c
    }

    static func crc32(_ data: Data) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in data { crc = table[Int((crc ^ UInt32(byte)) & 0xFF)] ^ (crc >> 8) }
        return crc ^ 0xFFFF_FFFF
    }
}

private func le16(_ value: UInt16) -> Data { withUnsafeBytes(of: value.littleEndian) { Data($0) } }
private func le32(_ value: UInt32) -> Data { withUnsafeBytes(of: value.littleEndian) { Data($0) } }
