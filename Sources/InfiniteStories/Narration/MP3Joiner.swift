import Foundation

/// Joins separately synthesized MP3 parts into one file that plays as a single stream.
///
/// An MP3 file is a sequence of self-contained MPEG frames, so parts can be concatenated, but each part
/// carries its own metadata: an ID3v2 tag at the start, perhaps an ID3v1 `TAG` trailer at the end and a
/// Xing/Info (or VBRI) header frame whose frame count describes that part alone. Players stop at a tag in
/// the middle of a file or show the first part's length, so the first part keeps its ID3v2 tag, the last
/// keeps its trailer, and everything else of that kind is dropped.
public enum MP3Joiner {
    /// The parts in order as one MP3.
    public static func join(_ parts: [Data]) -> Data {
        var result = Data()
        result.reserveCapacity(parts.reduce(0) { $0 + $1.count })
        for (index, part) in parts.enumerated() {
            let bytes = [UInt8](part)
            let tagLength = id3v2Length(bytes)
            var start = index == 0 ? 0 : tagLength
            if let infoFrame = infoFrameLength(bytes, at: tagLength) {
                if index == 0 {
                    result.append(contentsOf: bytes[0..<tagLength])
                }
                start = tagLength + infoFrame
            }
            var end = bytes.count
            if index < parts.count - 1, hasID3v1Trailer(bytes, from: start) { end -= 128 }
            if start < end { result.append(contentsOf: bytes[start..<end]) }
        }
        return result
    }

    /// The length of the ID3v2 tag at the start of `bytes` (header, body and footer), or 0.
    static func id3v2Length(_ bytes: [UInt8]) -> Int {
        guard bytes.count >= 10, bytes[0] == 0x49, bytes[1] == 0x44, bytes[2] == 0x33,  // "ID3"
            bytes[3] != 0xFF, bytes[4] != 0xFF, bytes[6..<10].allSatisfy({ $0 < 0x80 })
        else { return 0 }
        let size = bytes[6..<10].reduce(0) { $0 << 7 | Int($1) }
        let footer = bytes[5] & 0x10 != 0 ? 10 : 0
        return min(bytes.count, 10 + size + footer)
    }

    /// Whether the last 128 bytes are an ID3v1 tag (and lie after `start`).
    static func hasID3v1Trailer(_ bytes: [UInt8], from start: Int) -> Bool {
        bytes.count - 128 >= start && bytes.count >= 128
            && bytes[bytes.count - 128] == 0x54 && bytes[bytes.count - 127] == 0x41 && bytes[bytes.count - 126] == 0x47  // "TAG"
    }

    /// How long `mp3` plays, in seconds, counted frame by frame (an ID3 tag and a Xing/Info/VBRI header frame are
    /// skipped); nil when it holds no MPEG audio frame. Read-along times the story's sentences with it.
    public static func duration(of mp3: Data) -> TimeInterval? {
        let bytes = [UInt8](mp3)
        var offset = id3v2Length(bytes)
        if let info = infoFrameLength(bytes, at: offset) { offset += info }
        var seconds = 0.0
        var frames = 0
        while let header = MPEGFrameHeader(bytes, at: offset), header.length > 0 {
            seconds += Double(header.samples) / Double(header.sampleRate)
            frames += 1
            offset += header.length
        }
        return frames == 0 ? nil : seconds
    }

    /// The length of the frame at `offset` when it is a Xing, Info or VBRI header frame (no audio), else nil.
    static func infoFrameLength(_ bytes: [UInt8], at offset: Int) -> Int? {
        guard let header = MPEGFrameHeader(bytes, at: offset), offset + header.length <= bytes.count else { return nil }
        func marker(at position: Int, _ names: [String]) -> Bool {
            let start = offset + position
            guard start + 4 <= bytes.count else { return false }
            return names.contains { Array($0.utf8) == Array(bytes[start..<start + 4]) }
        }
        if marker(at: 4 + header.sideInfoLength, ["Xing", "Info"]) || marker(at: 36, ["VBRI"]) { return header.length }
        return nil
    }
}

/// The parts of an MPEG audio frame header that give the frame's length.
struct MPEGFrameHeader {
    /// The frame's length in bytes, header included.
    let length: Int
    /// The side information's length (where a Xing header starts after the 4 header bytes).
    let sideInfoLength: Int
    /// Samples per second.
    let sampleRate: Int
    /// Samples in the frame: 1,152 for MPEG-1 Layer III, 576 for MPEG-2 and 2.5.
    let samples: Int

    init?(_ bytes: [UInt8], at offset: Int) {
        guard offset >= 0, offset + 4 <= bytes.count, bytes[offset] == 0xFF, bytes[offset + 1] & 0xE0 == 0xE0 else { return nil }
        let version = (bytes[offset + 1] >> 3) & 0x03  // 3: MPEG-1, 2: MPEG-2, 0: MPEG-2.5
        let layer = (bytes[offset + 1] >> 1) & 0x03  // 1: Layer III
        let bitrateIndex = Int(bytes[offset + 2] >> 4)
        let sampleRateIndex = Int((bytes[offset + 2] >> 2) & 0x03)
        let padding = Int((bytes[offset + 2] >> 1) & 0x01)
        let mono = (bytes[offset + 3] >> 6) == 0x03
        guard version != 1, layer == 1, (1...14).contains(bitrateIndex), sampleRateIndex < 3 else { return nil }
        let mpeg1 = version == 3
        let bitrates = mpeg1
            ? [0, 32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320]
            : [0, 8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160]
        let baseRates = [44_100, 48_000, 32_000]
        sampleRate = baseRates[sampleRateIndex] / (mpeg1 ? 1 : (version == 2 ? 2 : 4))
        samples = mpeg1 ? 1152 : 576
        let bitrate = bitrates[bitrateIndex] * 1000
        length = (mpeg1 ? 144 : 72) * bitrate / sampleRate + padding
        sideInfoLength = mpeg1 ? (mono ? 17 : 32) : (mono ? 9 : 17)
    }
}
