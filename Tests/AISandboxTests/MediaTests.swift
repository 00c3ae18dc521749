import Foundation
import SwiftAITestSupport
import Testing

@testable import AISandbox

/// Checks the sandbox's audio and images with parsers written here from the formats' specifications, not
/// with the writers' own constants.
@Suite("Valid MP3 speech and PNG images")
struct MediaTests {
    struct Frame { let offset: Int, length: Int, bitrate: Int, sampleRate: Int }

    /// Skips an ID3v2 tag, then walks MPEG-1/2 Layer III frame headers to the end of the data.
    static func frames(_ data: [UInt8]) throws -> [Frame] {
        var offset = 0
        if data.starts(with: Array("ID3".utf8)) {
            try #require(data.count >= 10 && data[6..<10].allSatisfy { $0 < 0x80 }, "syncsafe tag size")
            let size = data[6..<10].reduce(0) { $0 << 7 | Int($1) }
            offset = 10 + size + (data[5] & 0x10 != 0 ? 10 : 0)
        }
        var frames: [Frame] = []
        while offset < data.count {
            try #require(offset + 4 <= data.count, "a header at \(offset)")
            let header = data[offset..<offset + 4].map(Int.init)
            try #require(header[0] == 0xFF && header[1] & 0xE0 == 0xE0, "frame sync at \(offset)")
            let version = header[1] >> 3 & 3  // 3: MPEG-1, 2: MPEG-2
            try #require(version == 3 || version == 2)
            try #require(header[1] >> 1 & 3 == 1, "Layer III")
            let bitrates = version == 3
                ? [0, 32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320]
                : [0, 8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160]
            let bitrateIndex = header[2] >> 4
            try #require((1...14).contains(bitrateIndex))
            let rateIndex = header[2] >> 2 & 3
            try #require(rateIndex < 3)
            let sampleRate = (version == 3 ? [44_100, 48_000, 32_000] : [22_050, 24_000, 16_000])[rateIndex]
            let bitrate = bitrates[bitrateIndex] * 1000
            let length = (version == 3 ? 144 : 72) * bitrate / sampleRate + (header[2] >> 1 & 1)
            frames.append(Frame(offset: offset, length: length, bitrate: bitrate, sampleRate: sampleRate))
            offset += length
        }
        try #require(offset == data.count, "the frames tile the file exactly")
        return frames
    }

    static func seconds(_ frames: [Frame]) -> Double {
        frames.reduce(0) { $0 + 1_152 / Double($1.sampleRate) }
    }

    static func speech(_ input: String) -> [UInt8] {
        OpenAIAudio.speechBytes(input: input, format: "mp3")
    }

    @Test("speech MP3: an ID3 tag, then frames with valid headers that tile the file; duration follows the input")
    func mp3Frames() throws {
        let short = String(repeating: "The moon rose over the hill. ", count: 10)
        let frames = try Self.frames(Self.speech(short))
        #expect(frames.count > 10)
        #expect(Set(frames.map(\.bitrate)).count == 1, "constant bitrate")
        #expect(abs(Self.seconds(frames) - Double(short.count) / 15) < 0.1)
        let long = try Self.frames(Self.speech(String(repeating: short, count: 10)))
        #expect(abs(Double(long.count) / Double(frames.count) - 10) < 0.05)
        #expect(try Self.frames(Self.speech("Hi")).count >= 1)
        // Faster speech is shorter.
        let fast = try Self.frames(OpenAIAudio.speechBytes(input: short, format: "mp3", speed: 2))
        #expect(abs(Double(fast.count) * 2 - Double(frames.count)) <= 2)
    }

    @Test("over HTTP: audio/mpeg, the same bytes streamed and whole; other formats unchanged")
    func speechRoute() async throws {
        try await Sandbox.withRunning { sandbox in
            let input = "Once upon a time, a little fox fell asleep under the stars."
            let (status, data) = try await post(sandbox, "v1/audio/speech", ["model": "gpt-4o-mini-tts", "input": input, "voice": "coral"])
            #expect(status == 200 && Array(data) == Self.speech(input))
            #expect(try Self.frames(Array(data)).count > 100)
            let (_, wav) = try await post(sandbox, "v1/audio/speech", ["model": "tts-1", "input": "Hello", "voice": "nova", "response_format": "wav"])
            #expect(wav.prefix(4) == Data("RIFF".utf8) && wav.count == 4 + 5 * 64)
        }
    }

    /// `ffprobe` or `sox`, when installed.
    static let decoder: URL? = ["ffprobe", "sox"].lazy.compactMap { name in
        (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":")
            .map { URL(fileURLWithPath: String($0)).appendingPathComponent(name) }
            .first { FileManager.default.isExecutableFile(atPath: $0.path) }
    }.first

    @Test("a decoder (ffprobe or sox) reads the MP3 and finds its duration", .enabled(if: decoder != nil))
    func decodes() throws {
        let decoder = try #require(Self.decoder)
        let input = String(repeating: "Goodnight, little star. ", count: 20)
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("sandbox-\(UUID().uuidString).mp3")
        try Data(Self.speech(input)).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let process = Process()
        process.executableURL = decoder
        process.arguments = decoder.lastPathComponent == "ffprobe"
            ? ["-v", "error", "-show_entries", "format=duration", "-of", "csv=p=0", file.path]
            : [file.path, "-n", "stat"]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        try process.run()
        let text = String(decoding: output.fileHandleForReading.readToEndRetryingInterrupts(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "\(text)")
        let line = text.components(separatedBy: "\n").first { $0.hasPrefix("Length (seconds):") } ?? text
        let seconds = Double(line.split(separator: " ").last.map(String.init)?.trimmingCharacters(in: .whitespacesAndNewlines) ?? "")
        #expect(abs((seconds ?? 0) - Double(input.count) / 15) < 0.2, "\(text)")
    }

    /// CRC-32 (bitwise, without a table).
    static func crc32(_ bytes: ArraySlice<UInt8>) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        return ~crc
    }

    static func uint32(_ bytes: ArraySlice<UInt8>) -> UInt32 {
        bytes.reduce(0) { $0 << 8 | UInt32($1) }
    }

    /// Parses a PNG: chunks with valid CRCs, IHDR, the zlib stream of IDAT (stored blocks) with its Adler-32;
    /// returns the width, height and pixel rows.
    static func png(_ data: [UInt8]) throws -> (width: Int, height: Int, rows: [[UInt8]]) {
        try #require(data.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]))
        var offset = 8
        var chunks: [(type: String, data: ArraySlice<UInt8>)] = []
        while offset < data.count {
            let length = Int(uint32(data[offset..<offset + 4]))
            let typed = data[offset + 4..<offset + 8 + length]
            try #require(uint32(data[offset + 8 + length..<offset + 12 + length]) == crc32(typed), "CRC")
            chunks.append((String(decoding: typed.prefix(4), as: UTF8.self), typed.dropFirst(4)))
            offset += 12 + length
        }
        try #require(offset == data.count)
        try #require(chunks.first?.type == "IHDR" && chunks.last?.type == "IEND")
        let header = chunks[0].data
        let width = Int(uint32(header.prefix(4)))
        let height = Int(uint32(header.dropFirst(4).prefix(4)))
        try #require(Array(header.dropFirst(8)) == [8, 2, 0, 0, 0], "8-bit RGB")
        let zlib = Array(chunks.filter { $0.type == "IDAT" }.map(\.data).joined())
        try #require((Int(zlib[0]) << 8 | Int(zlib[1])) % 31 == 0 && zlib[0] & 0x0F == 8)
        var raw: [UInt8] = []
        var position = 2
        while true {
            let final = zlib[position] & 1 == 1
            try #require(zlib[position] >> 1 & 3 == 0, "stored block")
            let length = Int(zlib[position + 1]) | Int(zlib[position + 2]) << 8
            let complement = Int(zlib[position + 3]) | Int(zlib[position + 4]) << 8
            try #require(length ^ complement == 0xFFFF)
            raw += zlib[position + 5..<position + 5 + length]
            position += 5 + length
            if final { break }
        }
        var a: UInt32 = 1
        var b: UInt32 = 0
        for byte in raw { a = (a + UInt32(byte)) % 65_521; b = (b + a) % 65_521 }
        try #require(uint32(zlib[position..<position + 4]) == b << 16 | a, "Adler-32")
        try #require(position + 4 == zlib.count)
        let stride = 1 + width * 3
        try #require(raw.count == height * stride)
        let rows = (0..<height).map { Array(raw[$0 * stride..<($0 + 1) * stride]) }
        try #require(rows.allSatisfy { $0[0] == 0 }, "filter None")
        return (width, height, rows.map { Array($0.dropFirst()) })
    }

    @Test("image PNG: valid chunks and checksums, a 64×64 RGB picture in two colors, one per prompt")
    func pngStructure() throws {
        let image = try Self.png(Array(OpenAIImages.png(id: OpenAIImages.imageID(prompt: "A brave fox", index: 0))))
        #expect(image.width == 64 && image.height == 64)
        let colors = Set(image.rows.flatMap { row in stride(from: 0, to: row.count, by: 3).map { Array(row[$0..<$0 + 3]) } })
        #expect(colors.count == 2)
        // Mirrored like an avatar.
        #expect(image.rows.allSatisfy { row in (0..<32).allSatisfy { row[$0 * 3] == row[(63 - $0) * 3] } })
        #expect(OpenAIImages.png(id: 1) != OpenAIImages.png(id: 2))
    }

    @Test("over HTTP: b64_json and the url download carry the same valid PNG")
    func imageRoutes() async throws {
        try await Sandbox.withRunning { sandbox in
            let prompt = "A watercolor portrait of Luna the fox"
            let (_, b64Body) = try await post(
                sandbox, "v1/images/generations", ["model": "dall-e-3", "prompt": prompt, "response_format": "b64_json"])
            let b64 = try #require(((try JSONSerialization.jsonObject(with: b64Body) as? [String: Any])?["data"] as? [[String: Any]])?.first)
            let decoded = try #require(Data(base64Encoded: b64["b64_json"] as? String ?? ""))
            #expect(try Self.png(Array(decoded)).width == 64)

            let (_, urlBody) = try await post(sandbox, "v1/images/generations", ["model": "dall-e-3", "prompt": prompt])
            let item = try #require(((try JSONSerialization.jsonObject(with: urlBody) as? [String: Any])?["data"] as? [[String: Any]])?.first)
            let url = try #require(URL(string: item["url"] as? String ?? ""))
            let (status, downloaded) = try await get(url)
            #expect(status == 200 && downloaded == decoded && downloaded == Sandbox.imagePNG(prompt: prompt))
        }
    }
}
