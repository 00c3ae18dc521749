import Foundation

/// The zip archives of skill bundles: written without compression (every unzip reads stored entries; the sandbox
/// needs no zlib), read with stored or deflated entries (what `zip` and most tools write).
enum SkillZip {
    struct Entry: Equatable {
        var path: String
        var data: Data
    }

    /// Why an uploaded archive can't be read.
    struct Unreadable: Error {
        let reason: String
    }

    // MARK: Writing

    /// A zip of `entries`, stored (no compression), names marked UTF-8, dated 1980-01-01.
    static func stored(_ entries: [Entry]) -> Data {
        var archive: [UInt8] = []
        var directory: [UInt8] = []
        for entry in entries {
            let name = Array(entry.path.utf8)
            let bytes = [UInt8](entry.data)
            let crc = PNGWriter.crc32(bytes)
            let offset = archive.count
            // The fields both headers share: version 2.0, UTF-8 names, stored, time 00:00, date 1980-01-01, CRC, sizes.
            var shared: [UInt8] = []
            shared.le16(20); shared.le16(0x0800); shared.le16(0); shared.le16(0); shared.le16(0x0021)
            shared.le32(crc); shared.le32(UInt32(bytes.count)); shared.le32(UInt32(bytes.count))
            shared.le16(UInt16(name.count)); shared.le16(0)
            archive.le32(0x0403_4B50)
            archive += shared + name + bytes
            directory.le32(0x0201_4B50)
            directory.le16(20)
            directory += shared
            directory.le16(0); directory.le16(0); directory.le16(0); directory.le32(0); directory.le32(UInt32(offset))
            directory += name
        }
        let directoryOffset = archive.count
        archive += directory
        archive.le32(0x0605_4B50)
        archive.le16(0); archive.le16(0); archive.le16(UInt16(entries.count)); archive.le16(UInt16(entries.count))
        archive.le32(UInt32(directory.count)); archive.le32(UInt32(directoryOffset)); archive.le16(0)
        return Data(archive)
    }

    // MARK: Reading

    /// The paths of an archive's entries, from its central directory, and a reader of one entry's bytes.
    struct Archive {
        let bytes: [UInt8]
        /// Path → (compression method, compressed size, uncompressed size, CRC, local header offset).
        private(set) var entries: [(path: String, method: Int, compressed: Int, size: Int, crc: UInt32, offset: Int)] = []

        init(_ data: Data) throws {
            bytes = [UInt8](data)
            guard bytes.count >= 22 else { throw Unreadable(reason: "the file is too short to be a zip archive") }
            var end = bytes.count - 22
            let lowest = max(0, bytes.count - 22 - 65_535)
            while end >= lowest, bytes.u32(end) != 0x0605_4B50 { end -= 1 }
            guard end >= lowest else { throw Unreadable(reason: "no end of central directory record (not a zip archive)") }
            let count = bytes.u16(end + 10)
            var position = bytes.u32Int(end + 16)
            guard count != 0xFFFF, position != 0xFFFF_FFFF else { throw Unreadable(reason: "ZIP64 archives are not supported") }
            for _ in 0..<count {
                guard position + 46 <= bytes.count, bytes.u32(position) == 0x0201_4B50 else {
                    throw Unreadable(reason: "the central directory is damaged")
                }
                let nameLength = bytes.u16(position + 28), extraLength = bytes.u16(position + 30), commentLength = bytes.u16(position + 32)
                guard position + 46 + nameLength <= bytes.count else { throw Unreadable(reason: "the central directory is damaged") }
                let name = String(decoding: bytes[(position + 46)..<(position + 46 + nameLength)], as: UTF8.self)
                entries.append(
                    (name, bytes.u16(position + 10), bytes.u32Int(position + 20), bytes.u32Int(position + 24), bytes.u32(position + 16),
                     bytes.u32Int(position + 42)))
                position += 46 + nameLength + extraLength + commentLength
            }
        }

        /// The uncompressed bytes of the entry at `path`, checked against its CRC.
        func data(at path: String) throws -> Data {
            guard let entry = entries.first(where: { $0.path == path }) else { throw Unreadable(reason: "\(path) is not in the archive") }
            let header = entry.offset
            guard header + 30 <= bytes.count, bytes.u32(header) == 0x0403_4B50 else { throw Unreadable(reason: "\(path): damaged local header") }
            let start = header + 30 + bytes.u16(header + 26) + bytes.u16(header + 28)
            guard start + entry.compressed <= bytes.count else { throw Unreadable(reason: "\(path) is truncated") }
            let raw = Array(bytes[start..<(start + entry.compressed)])
            let content: [UInt8]
            switch entry.method {
            case 0: content = raw
            case 8:
                var inflater = Inflater(input: raw, limit: entry.size)
                guard let inflated = try? inflater.run() else { throw Unreadable(reason: "\(path): damaged deflate data") }
                content = inflated
            default: throw Unreadable(reason: "\(path) uses compression method \(entry.method); only stored and deflate are supported")
            }
            guard content.count == entry.size, PNGWriter.crc32(content) == entry.crc else {
                throw Unreadable(reason: "\(path) fails its CRC check")
            }
            return Data(content)
        }
    }
}

extension [UInt8] {
    fileprivate mutating func le16(_ value: UInt16) { append(contentsOf: [UInt8(value & 0xFF), UInt8(value >> 8)]) }
    fileprivate mutating func le32(_ value: UInt32) {
        append(contentsOf: [UInt8(value & 0xFF), UInt8((value >> 8) & 0xFF), UInt8((value >> 16) & 0xFF), UInt8(value >> 24)])
    }
    fileprivate func u16(_ at: Int) -> Int { Int(self[at]) | Int(self[at + 1]) << 8 }
    fileprivate func u32(_ at: Int) -> UInt32 {
        UInt32(self[at]) | UInt32(self[at + 1]) << 8 | UInt32(self[at + 2]) << 16 | UInt32(self[at + 3]) << 24
    }
    fileprivate func u32Int(_ at: Int) -> Int { Int(u32(at)) }
}
