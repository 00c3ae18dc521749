import AICore
import AISandbox
import Foundation
import InfiniteStories
import SwiftOpenAI
import Testing

@Suite("Narration")
struct NarrationTests {
    static let voices = ["coral", "nova", "fable", "alloy", "echo", "onyx", "shimmer"]

    @Test("the speech request for each of the seed's seven voices", arguments: voices)
    func speechRequest(voice: String) async throws {
        try await withStories { sandbox, stories in
            let audio = try await stories.generateSpeech(text: "Once upon a time, a small owl yawned.", voice: voice, language: "Spanish")
            let request = try #require(sandbox.speechRequests.last)
            let body = try #require(request.json)
            #expect(body["model"] as? String == "gpt-4o-mini-tts")
            #expect(body["voice"] as? String == voice)
            #expect(body["response_format"] as? String == "mp3")
            #expect(body["input"] as? String == "Once upon a time, a small owl yawned.")
            let instructions = try #require(body["instructions"] as? String)
            #expect(instructions == VoiceInstructions.storytelling(for: voice, language: "Spanish"))
            #expect(instructions.hasSuffix("Narrate in Spanish with natural, native Spanish pronunciation and intonation."))
            #expect(instructions.count > 150)
            #expect(audio.starts(with: Array("ID3".utf8)))
        }
    }

    @Test("seven voices, seven different directions, the seed's text for coral and nova")
    func voiceTable() {
        #expect(availableVoices.map(\.id) == Self.voices)
        #expect(InfiniteStories.OpenAIService.availableVoices.map(\.name) == ["Coral", "Nova", "Fable", "Alloy", "Echo", "Onyx", "Shimmer"])
        #expect(Set(Self.voices.map(VoiceInstructions.direction(for:))).count == 7)
        #expect(VoiceInstructions.direction(for: "coral").hasPrefix("Speak with a warm, gentle, and nurturing tone perfect for bedtime stories."))
        #expect(VoiceInstructions.direction(for: "Nova").hasPrefix("Use a friendly, cheerful, and engaging storyteller voice"))
    }

    /// A story of about `characters` characters: numbered sentences in paragraphs.
    static func longStory(characters: Int) -> String {
        var text = ""
        var sentence = 0
        while text.count < characters {
            sentence += 1
            text += "Sentence number \(sentence) tells how the little owl flew over the quiet forest, counting stars."
            text += sentence % 6 == 0 ? "\n\n" : " "
        }
        return text
    }

    @Test("a 20,000-character story: parts of at most 4,096 characters, cut at sentence ends, joined in order")
    func longNarration() async throws {
        let story = Self.longStory(characters: 20_000)
        try await withStories { sandbox, stories in
            let reports = LockedValue<[NarrationProgress]>([])
            let narration = try await stories.narrate(text: story, voice: "fable", language: "English") { progress in
                reports.withLock { $0.append(progress) }
            }
            let inputs = sandbox.speechRequests.compactMap { $0.json?["input"] as? String }
            #expect(inputs.count == narration.parts)
            #expect(narration.parts == 5)
            #expect(narration.characters == story.count)
            #expect(!narration.fromCache)
            for input in inputs {
                #expect(input.count <= 4096)
                #expect(input.hasSuffix("."))
                #expect(input.hasPrefix("Sentence number"))
            }
            let expectedParts = NarrationTextSplitter.split(story)
            #expect(Set(inputs) == Set(expectedParts))
            #expect(expectedParts.joined(separator: " ").split(whereSeparator: \.isWhitespace) == story.split(whereSeparator: \.isWhitespace))

            // The joined file: part 1 whole, later parts without their ID3v2 tag, in order.
            var parts: [Data] = []
            for input in expectedParts {
                let speech = try await stories.service.createSpeech(
                    parameters: AudioSpeechParameters(
                        model: .gpt4oMiniTTS, input: input, voice: .fable, responseFormat: .mp3,
                        instructions: VoiceInstructions.storytelling(for: "fable", language: "English")))
                parts.append(speech.output)
            }
            var expected = parts[0]
            for part in parts.dropFirst() { expected.append(part.dropFirst(id3Length(part))) }
            #expect(narration.audio == expected)
            #expect(occurrences(of: Array("ID3".utf8), in: narration.audio) == 1)

            let progress = reports.withLock { $0 }
            #expect(progress.map(\.completedParts) == Array(1...5))
            #expect(progress.allSatisfy { $0.totalParts == 5 })
            #expect(progress.compactMap(\.firstPart) == [parts[0]])
        }
    }

    @Test("a 10-minute story is split into balanced parts, not two full ones and a scrap")
    func balanced() {
        let parts = NarrationTextSplitter.split(Self.longStory(characters: 8_400))
        #expect(parts.count == 3)
        let sizes = parts.map(\.count)
        #expect(sizes.max()! - sizes.min()! < 200)
        #expect(parts.allSatisfy { $0.hasSuffix(".") })
    }

    @Test("a long multi-byte text is never cut inside a character")
    func multiByte() {
        let sentence = "Der kleine Bär 🐻‍❄️ träumte von Schnee, Sternen und Äpfeln — 夢の中で星が光った。"
        let text = Array(repeating: sentence, count: 300).joined(separator: " ")
        let parts = NarrationTextSplitter.split(text)
        #expect(parts.count > 1)
        for part in parts {
            #expect(part.unicodeScalars.count <= 4096)
            #expect(part.hasSuffix("。"))
            #expect(part.hasPrefix("Der kleine Bär"))
            #expect(part.contains("🐻‍❄️"))
        }
        #expect(parts.joined(separator: " ") == text)
    }

    @Test("a sentence longer than the limit is cut at a comma, else at a space, else between characters")
    func longSentence() {
        let clauses = Array(repeating: "and the owl flew on", count: 20).joined(separator: ", ") + "."
        let parts = NarrationTextSplitter.split(clauses, limit: 100)
        #expect(parts.allSatisfy { $0.count <= 100 })
        #expect(parts.dropLast().allSatisfy { $0.hasSuffix(",") })
        let words = Array(repeating: "owl", count: 100).joined(separator: " ")
        let wordParts = NarrationTextSplitter.split(words, limit: 50)
        #expect(wordParts.allSatisfy { $0.count <= 50 && !$0.contains("ow ") })
        #expect(wordParts.joined(separator: " ") == words)
        let unbroken = String(repeating: "é", count: 250)
        let pieces = NarrationTextSplitter.split(unbroken, limit: 100)
        #expect(pieces.map(\.count) == [100, 100, 50])
        #expect(NarrationTextSplitter.split("  \n ").isEmpty)
    }

    @Test("the joiner drops later ID3v2 tags, ID3v1 trailers before the end and Xing frames")
    func joiner() {
        let frame: [UInt8] = [0xFF, 0xFB, 0x50, 0xC4] + [UInt8](repeating: 0, count: 204)
        var xing = frame
        xing.replaceSubrange(21..<25, with: Array("Xing".utf8))
        let tag: [UInt8] = Array("ID3".utf8) + [4, 0, 0, 0, 0, 0, 5] + [1, 2, 3, 4, 5]
        let trailer: [UInt8] = Array("TAG".utf8) + [UInt8](repeating: 0x20, count: 125)
        let first = Data(tag + xing + frame + trailer)
        let second = Data(tag + frame + frame + trailer)
        let joined = MP3Joiner.join([first, second])
        #expect(joined == Data(tag + frame + frame + frame + trailer))
    }

    @Test("an MP3's length, counted frame by frame: MPEG-1 (1,152 samples a frame) and MPEG-2 (576), tags and Xing skipped")
    func duration() {
        // MPEG-1 Layer III, 64 kbit/s, 44.1 kHz: 208-byte frames of 1,152 samples.
        let frame: [UInt8] = [0xFF, 0xFB, 0x50, 0xC4] + [UInt8](repeating: 0, count: 204)
        var xing = frame
        xing.replaceSubrange(21..<25, with: Array("Xing".utf8))
        let tag: [UInt8] = Array("ID3".utf8) + [4, 0, 0, 0, 0, 0, 5] + [1, 2, 3, 4, 5]
        let hundred = Data(tag + xing + Array([[UInt8]](repeating: frame, count: 100).joined()))
        let seconds = try! #require(MP3Joiner.duration(of: hundred))
        #expect(abs(seconds - 100.0 * 1152 / 44100) < 1e-9)
        // MPEG-2 Layer III, 32 kbit/s, 22.05 kHz: 576 samples a frame.
        let header: [UInt8] = [0xFF, 0xF3, 0x40, 0xC4]
        let mpeg2 = [UInt8](repeating: 0, count: 72 * 32_000 / 22_050 - 4)
        let ten = Data(Array([[UInt8]](repeating: header + mpeg2, count: 10).joined()))
        #expect(abs(MP3Joiner.duration(of: ten)! - 10.0 * 576 / 22050) < 1e-9)
        #expect(MP3Joiner.duration(of: Data("not an mp3".utf8)) == nil)
        #expect(MP3Joiner.duration(of: Data(tag)) == nil)
    }

    @Test("a narration made before costs no request")
    func narrationCache() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("narrations-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let first = try await withStories(narrationCache: NarrationCache(directory: directory)) { sandbox, stories in
            let first = try await stories.narrate(text: "The moon hummed softly.", voice: "echo", language: "Italian")
            let count = sandbox.requests.count
            let second = try await stories.narrate(text: "The moon hummed softly.", voice: "echo", language: "Italian")
            #expect(second.fromCache)
            #expect(second.audio == first.audio)
            #expect(sandbox.requests.count == count)
            _ = try await stories.narrate(text: "The moon hummed softly.", voice: "onyx", language: "Italian")
            #expect(sandbox.requests.count == count + 1)
            return first
        }
        try await withStories(narrationCache: NarrationCache(directory: directory)) { sandbox, stories in
            let again = try await stories.narrate(text: "The moon hummed softly.", voice: "echo", language: "Italian")
            #expect(again.fromCache && again.audio == first.audio)
            #expect(sandbox.requests.isEmpty)
        }
        #expect(NarrationCache.key(text: "a", voice: "b", instructions: "c", model: "d") == NarrationCache.key(text: "a", voice: "b", instructions: "c", model: "d"))
        #expect(NarrationCache.key(text: "a", voice: "b", instructions: "c", model: "d") != NarrationCache.key(text: "a", voice: "b", instructions: "c", model: "e"))
    }
}

/// The length of an ID3v2 tag at the start of `data` (written independently of the library's joiner).
func id3Length(_ data: Data) -> Int {
    let bytes = [UInt8](data.prefix(10))
    guard bytes.count == 10, bytes.starts(with: Array("ID3".utf8)) else { return 0 }
    return 10 + Int(bytes[6]) << 21 + Int(bytes[7]) << 14 + Int(bytes[8]) << 7 + Int(bytes[9])
}

func occurrences(of pattern: [UInt8], in data: Data) -> Int {
    // Foundation's search, not a per-index loop: the joined narration is ~10 MB and tests run unoptimized.
    let needle = Data(pattern)
    var count = 0
    var searchRange = data.startIndex..<data.endIndex
    while let found = data.range(of: needle, in: searchRange) {
        count += 1
        searchRange = found.upperBound..<data.endIndex
    }
    return count
}
