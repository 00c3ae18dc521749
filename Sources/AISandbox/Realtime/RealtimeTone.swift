import Foundation

/// The audio the sandbox speaks: a 440 Hz tone, PCM16 mono at 24 kHz, 40 ms per character of the transcript
/// (0.2 to 3 s), sent in base64 chunks of 100 ms. Written here, independently of the SDK's audio helpers.
enum RealtimeTone {
    static let sampleRate = 24_000

    static func pcm16(forTranscript transcript: String) -> Data {
        let seconds = min(max(Double(transcript.count) * 0.04, 0.2), 3)
        let count = Int(seconds * Double(sampleRate))
        var data = Data(capacity: count * 2)
        for index in 0..<count {
            let value = Int16(8000 * sin(2 * Double.pi * 440 * Double(index) / Double(sampleRate)))
            let bits = UInt16(bitPattern: value)
            data.append(UInt8(bits & 0xFF))
            data.append(UInt8(bits >> 8))
        }
        return data
    }

    /// Base64 chunks of 100 ms (4,800 bytes).
    static func chunks(_ pcm16: Data) -> [String] {
        stride(from: 0, to: pcm16.count, by: 4800).map { start in
            pcm16.subdata(in: start..<min(start + 4800, pcm16.count)).base64EncodedString()
        }
    }
}
