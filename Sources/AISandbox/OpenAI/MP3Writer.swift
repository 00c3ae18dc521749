import Foundation

/// Writes the MP3 that `/v1/audio/speech` returns: an ID3v2.4 tag, then silent MPEG-1 Layer III frames.
///
/// Clients check more than a signature (players, `ffprobe`, code that splits or joins narration parts by
/// walking frame headers), so the bytes are a real MPEG stream: 44.1 kHz mono at 64 kbit/s (small, as a
/// loopback test wants), constant bitrate, no CRC. Every frame has a correct 4-byte header, the length the
/// standard gives (`144 × bitrate / sample rate`, with the padding bit set when the fractional bytes add up
/// to a whole one, as encoders do), and zeroed side information and main data, which decoders play as
/// silence. The number of frames follows the length of the spoken text, so longer inputs are longer audio.
enum MP3Writer {
    static let sampleRate = 44_100
    static let bitrate = 64_000
    static let samplesPerFrame = 1_152
    /// Characters spoken per second (150 words a minute, about 6 characters a word with its space).
    static let charactersPerSecond = 15.0

    /// The seconds of speech for `input` at `speed` (OpenAI's `speed`, 0.25–4).
    static func duration(of input: String, speed: Double = 1) -> Double {
        Double(input.count) / charactersPerSecond / max(0.25, speed)
    }

    /// How many frames carry `duration` seconds (at least one).
    static func frameCount(duration: Double) -> Int {
        max(1, Int((duration * Double(sampleRate) / Double(samplesPerFrame)).rounded()))
    }

    /// The complete file for `input`.
    static func mp3(input: String, speed: Double = 1) -> [UInt8] {
        var bytes = id3Tag(title: String(input.prefix(60)))
        var remainder = 0
        for _ in 0..<frameCount(duration: duration(of: input, speed: speed)) {
            // 144 × 64000 / 44100 = 208.98…: carry the fraction and pad when it makes a whole byte.
            remainder += (144 * bitrate) % sampleRate
            let padded = remainder >= sampleRate
            if padded { remainder -= sampleRate }
            bytes += frame(padded: padded)
        }
        return bytes
    }

    /// One frame: header `FF FB` (sync, MPEG-1, Layer III, no CRC), bitrate index 5 (64 kbit/s), sample rate
    /// index 0 (44.1 kHz), the padding bit, then mono (`11`), original; the rest (side info, data) zero.
    static func frame(padded: Bool) -> [UInt8] {
        let length = 144 * bitrate / sampleRate + (padded ? 1 : 0)
        var frame = [UInt8](repeating: 0, count: length)
        frame[0] = 0xFF
        frame[1] = 0xFB
        frame[2] = 0x50 | (padded ? 0x02 : 0)
        frame[3] = 0xC4
        return frame
    }

    /// An ID3v2.4 tag with the title (`TIT2`, UTF-8) and the encoder (`TSSE`), as TTS services write one.
    static func id3Tag(title: String) -> [UInt8] {
        func textFrame(_ id: String, _ text: String) -> [UInt8] {
            let body = [UInt8(3)] + Array(text.utf8)  // 3: UTF-8
            return Array(id.utf8) + syncsafe(body.count) + [0, 0] + body
        }
        let frames = textFrame("TIT2", title) + textFrame("TSSE", "AISandbox")
        return Array("ID3".utf8) + [4, 0, 0] + syncsafe(frames.count) + frames
    }

    /// A 28-bit size as four 7-bit bytes (ID3v2's "syncsafe" integers, which never look like a frame sync).
    private static func syncsafe(_ value: Int) -> [UInt8] {
        [UInt8((value >> 21) & 0x7F), UInt8((value >> 14) & 0x7F), UInt8((value >> 7) & 0x7F), UInt8(value & 0x7F)]
    }
}
