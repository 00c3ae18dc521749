import AICore
import Foundation

/// PCM16 audio as the Realtime API speaks it: signed 16-bit little-endian samples, mono, 24 kHz, carried in
/// base64 chunks; and WAV files to play or keep it.
public enum PCM16Audio {
    /// The Realtime API's PCM sample rate.
    public static let sampleRate = 24_000
    /// Bytes of one second of mono PCM16 at 24 kHz.
    public static let bytesPerSecond = sampleRate * 2

    /// The audio cut into base64 chunks of at most `chunkBytes` bytes each (rounded down to whole samples), ready
    /// for `input_audio_buffer.append`.
    public static func base64Chunks(_ pcm16: Data, chunkBytes: Int = bytesPerSecond / 2) -> [String] {
        let size = max(2, chunkBytes - chunkBytes % 2)
        var chunks: [String] = []
        var start = pcm16.startIndex
        while start < pcm16.endIndex {
            let end = min(start + size, pcm16.endIndex)
            chunks.append(pcm16[start..<end].base64EncodedString())
            start = end
        }
        return chunks
    }

    /// Joins base64 chunks (audio deltas) into audio bytes.
    ///
    /// - Throws: ``PCM16AudioError/invalidBase64(index:)`` naming the first chunk that is not base64.
    public static func decode(base64Chunks chunks: [String]) throws -> Data {
        var audio = Data()
        for (index, chunk) in chunks.enumerated() {
            guard let bytes = Data(base64Encoded: chunk) else { throw PCM16AudioError.invalidBase64(index: index) }
            audio.append(bytes)
        }
        return audio
    }

    /// The samples of PCM16 bytes (a trailing odd byte is ignored).
    public static func samples(_ pcm16: Data) -> [Int16] {
        stride(from: pcm16.startIndex, to: pcm16.endIndex - 1, by: 2).map { index in
            Int16(bitPattern: UInt16(pcm16[index]) | UInt16(pcm16[index + 1]) << 8)
        }
    }

    /// PCM16 bytes of samples.
    public static func data(samples: [Int16]) -> Data {
        var data = Data(capacity: samples.count * 2)
        for sample in samples {
            let bits = UInt16(bitPattern: sample)
            data.append(UInt8(bits & 0xFF))
            data.append(UInt8(bits >> 8))
        }
        return data
    }

    /// How long `byteCount` bytes of PCM16 last, in seconds.
    public static func duration(byteCount: Int, sampleRate: Int = sampleRate, channels: Int = 1) -> TimeInterval {
        TimeInterval(byteCount) / TimeInterval(sampleRate * channels * 2)
    }

    /// A WAV file (RIFF, PCM format 1, 16 bits) holding the audio.
    public static func wav(pcm16: Data, sampleRate: Int = sampleRate, channels: Int = 1) -> Data {
        let samples = pcm16.count - pcm16.count % 2
        var data = Data(capacity: 44 + samples)
        func append(_ text: String) { data.append(contentsOf: Array(text.utf8)) }
        func append32(_ value: UInt32) { withUnsafeBytes(of: value.littleEndian) { data.append(contentsOf: $0) } }
        func append16(_ value: UInt16) { withUnsafeBytes(of: value.littleEndian) { data.append(contentsOf: $0) } }
        append("RIFF")
        append32(UInt32(36 + samples))
        append("WAVE")
        append("fmt ")
        append32(16)
        append16(1)
        append16(UInt16(channels))
        append32(UInt32(sampleRate))
        append32(UInt32(sampleRate * channels * 2))
        append16(UInt16(channels * 2))
        append16(16)
        append("data")
        append32(UInt32(samples))
        data.append(pcm16.prefix(samples))
        return data
    }

    /// Writes the audio as a WAV file.
    public static func writeWAV(pcm16: Data, to url: URL, sampleRate: Int = sampleRate, channels: Int = 1) throws {
        try wav(pcm16: pcm16, sampleRate: sampleRate, channels: channels).write(to: url, options: .atomic)
    }

    /// Reads the PCM16 audio of a WAV file.
    ///
    /// - Throws: ``PCM16AudioError/invalidWAV(_:)`` saying what is wrong (not RIFF/WAVE, not 16-bit PCM, no data chunk).
    public static func read(wav: Data) throws -> (pcm16: Data, sampleRate: Int, channels: Int) {
        let bytes = [UInt8](wav)
        func text(_ offset: Int) -> String { String(decoding: bytes[offset..<offset + 4], as: UTF8.self) }
        func u32(_ offset: Int) -> Int { Int(bytes[offset]) | Int(bytes[offset + 1]) << 8 | Int(bytes[offset + 2]) << 16 | Int(bytes[offset + 3]) << 24 }
        func u16(_ offset: Int) -> Int { Int(bytes[offset]) | Int(bytes[offset + 1]) << 8 }
        guard bytes.count >= 12, text(0) == "RIFF", text(8) == "WAVE" else { throw PCM16AudioError.invalidWAV("not a RIFF/WAVE file") }
        var offset = 12
        var format: (channels: Int, rate: Int)?
        while offset + 8 <= bytes.count {
            let id = text(offset)
            let size = u32(offset + 4)
            let body = offset + 8
            guard size >= 0, body + size <= bytes.count || id == "data" else { throw PCM16AudioError.invalidWAV("the \(id) chunk is cut short") }
            if id == "fmt " {
                guard size >= 16 else { throw PCM16AudioError.invalidWAV("the fmt chunk is too short") }
                guard u16(body) == 1, u16(body + 14) == 16 else { throw PCM16AudioError.invalidWAV("not 16-bit PCM") }
                format = (u16(body + 2), u32(body + 4))
            } else if id == "data" {
                guard let format else { throw PCM16AudioError.invalidWAV("the data chunk comes before the fmt chunk") }
                let end = min(body + size, bytes.count)
                return (Data(bytes[body..<end]), format.rate, format.channels)
            }
            offset = body + size + size % 2
        }
        throw PCM16AudioError.invalidWAV("no data chunk")
    }

    /// A sine tone (for tests and demos): `seconds` of `frequency` Hz at `amplitude` (0...1).
    public static func tone(frequency: Double = 440, seconds: Double, amplitude: Double = 0.3, sampleRate: Int = sampleRate) -> Data {
        let count = Int(seconds * Double(sampleRate))
        let peak = Double(Int16.max) * min(max(amplitude, 0), 1)
        return data(samples: (0..<count).map { index in
            Int16(peak * sin(2 * Double.pi * frequency * Double(index) / Double(sampleRate)))
        })
    }
}

/// Audio that could not be read.
public enum PCM16AudioError: Error, Sendable, Equatable, CustomStringConvertible {
    case invalidBase64(index: Int)
    case invalidWAV(String)

    public var description: String {
        switch self {
        case .invalidBase64(let index): "audio chunk \(index) is not valid base64"
        case .invalidWAV(let reason): "invalid WAV file: \(reason)"
        }
    }
}
