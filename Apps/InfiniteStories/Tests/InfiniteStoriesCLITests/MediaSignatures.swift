import Foundation

/// Checks that files are what their names say.
enum MediaSignatures {
    /// An MP3 starts with an ID3v2 tag or an MPEG audio frame (11 bits of frame sync).
    static func isMP3(_ data: Data) -> Bool {
        let bytes = [UInt8](data.prefix(3))
        guard bytes.count == 3 else { return false }
        return bytes == Array("ID3".utf8) || (bytes[0] == 0xFF && bytes[1] & 0xE0 == 0xE0)
    }

    /// A PNG starts with its 8-byte signature.
    static func isPNG(_ data: Data) -> Bool {
        [UInt8](data.prefix(8)) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
    }
}
