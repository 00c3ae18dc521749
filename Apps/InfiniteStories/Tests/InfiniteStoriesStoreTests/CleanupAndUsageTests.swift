import Foundation
import InfiniteStories
import Testing
@testable import InfiniteStoriesStore

@Suite("Cleanup and usage")
struct CleanupAndUsageTests {
    @Test("cleanup removes old narration files and their references together; newer stories keep theirs")
    func cleanup() async throws {
        let temporary = TemporaryLibrary()
        defer { temporary.remove() }
        let library = try temporary.open()
        let now = Date()
        let old = try await library.saveStory(
            Fixtures.story, hero: Fixtures.hero, occasion: .builtIn(.bedtime), language: "English", voice: "coral",
            audio: Fixtures.audio, avatar: Fixtures.avatar, createdAt: now.addingTimeInterval(-40 * 86_400))
        let recent = try await library.saveStory(
            Fixtures.story, hero: Fixtures.hero, occasion: .builtIn(.birthday), language: "English", voice: "coral",
            audio: Fixtures.audio, createdAt: now.addingTimeInterval(-2 * 86_400))

        let report = try await library.cleanupOldAudioFiles(olderThan: 30, now: now)
        #expect(report == CleanupReport(storiesUpdated: 1, filesRemoved: 1, bytesFreed: Int64(Fixtures.audio.count)))
        let cleaned = try #require(try await library.story(id: old.id))
        #expect(cleaned.audioFile == nil && cleaned.avatarFile == old.avatarFile)
        #expect(!FileManager.default.fileExists(atPath: library.url(forFile: try #require(old.audioFile)).path))
        #expect(FileManager.default.fileExists(atPath: library.url(forFile: try #require(old.avatarFile)).path))
        #expect(try await library.story(id: recent.id)?.audioFile == recent.audioFile)
        #expect(temporary.files(in: "Audio") == [try #require(recent.audioFile).replacingOccurrences(of: "Audio/", with: "")])

        #expect(try await library.cleanupOldAudioFiles(olderThan: 30, now: now) == CleanupReport())
    }

    @Test("usage adds up per model across runs, and can start at a day")
    func usage() async throws {
        let temporary = TemporaryLibrary()
        defer { temporary.remove() }
        let library = try temporary.open()
        let january = Date(timeIntervalSince1970: 1_736_883_000)
        try await library.recordUsage([
            UsageSummary(model: "gpt-4o", inputTokens: 100, outputTokens: 900, characters: 0, images: 0, estimatedCost: 0.01),
            UsageSummary(model: "dall-e-3", inputTokens: 0, outputTokens: 0, characters: 0, images: 1, estimatedCost: 0.04),
            UsageSummary(model: "unused", inputTokens: 0, outputTokens: 0, characters: 0, images: 0, estimatedCost: 0),
        ], at: january)
        try await library.recordUsage([
            UsageSummary(model: "gpt-4o", inputTokens: 50, outputTokens: 100, characters: 0, images: 0, estimatedCost: 0.002),
            UsageSummary(model: "gpt-4o-mini-tts", inputTokens: 0, outputTokens: 0, characters: 4_000, images: 0, estimatedCost: 0.06),
        ], at: january.addingTimeInterval(86_400))

        let all = try await library.usageSummary()
        #expect(all.map(\.model) == ["dall-e-3", "gpt-4o", "gpt-4o-mini-tts"])
        let gpt = try #require(all.first { $0.model == "gpt-4o" })
        #expect(gpt.inputTokens == 150 && gpt.outputTokens == 1_000 && abs(gpt.estimatedCost - 0.012) < 1e-9)
        let later = try await library.usageSummary(since: january.addingTimeInterval(86_400))
        #expect(later.map(\.model) == ["gpt-4o", "gpt-4o-mini-tts"])
        #expect(later.first?.inputTokens == 50)
    }
}
