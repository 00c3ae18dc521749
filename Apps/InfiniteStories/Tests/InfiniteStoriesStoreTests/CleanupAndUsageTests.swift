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

@Suite("Children, favourites, simulated usage and the monthly cap")
struct FamilyLibraryTests {
    @Test("a child's profile is saved, renamed, unique by name; removing it keeps their stories, for no one")
    func children() async throws {
        let temporary = TemporaryLibrary()
        defer { temporary.remove() }
        let library = try temporary.open()
        do {
            let mia = ChildProfile(name: "Mia", ageRange: .toddler, avoid: ["spiders", "the dark"])
            try await library.saveChild(mia)
            #expect(try await library.child(named: "mia") == mia)
            #expect(mia.audience == StoryAudience(ageRange: .toddler, avoid: ["spiders", "the dark"]))
            await #expect(throws: StoryLibraryError.duplicateChild("MIA")) {
                try await library.saveChild(ChildProfile(name: "MIA", ageRange: .elementary))
            }
            var renamed = mia
            renamed.name = "Mia Rose"
            try await library.saveChild(renamed)
            #expect(try await library.children().map(\.name) == ["Mia Rose"])
            let hero = Hero(name: "Luna", traits: [], appearance: "", specialAbility: "")
            let story = try await library.saveStory(
                StoryGenerationResponse(title: "T", content: "Once. Twice."), hero: hero, occasion: .builtIn(.bedtime),
                language: "English", childID: mia.id)
            #expect(try await library.story(id: story.id)?.childName == "Mia Rose")
            try await library.setFavourite(true, storyID: story.id)
            #expect(try await library.story(id: story.id)?.favourite == true)
            #expect(try await library.removeChild(id: mia.id))
            let kept = try #require(try await library.story(id: story.id))
            #expect(kept.childID == nil && kept.childName == nil && kept.favourite)
            await #expect(throws: StoryLibraryError.storyNotFound(UUID(uuidString: "00000000-0000-0000-0000-000000000000")!.uuidString)) {
                try await library.setFavourite(true, storyID: UUID(uuidString: "00000000-0000-0000-0000-000000000000")!)
            }
        }
    }

    @Test("simulated usage is kept apart from real spending; the monthly cap counts its own kind")
    func simulatedAndCap() async throws {
        let temporary = TemporaryLibrary()
        defer { temporary.remove() }
        let library = try temporary.open()
        do {
            let sandbox = try StoryLibrary(folder: library.folder, simulated: true)
            try await sandbox.recordUsage([UsageSummary(model: "gpt-4o", outputTokens: 1000, estimatedCost: 0.5)])
            try await library.recordUsage([UsageSummary(model: "gpt-4o", outputTokens: 10, estimatedCost: 0.2)])
            #expect(try await library.usageSummary().map(\.estimatedCost) == [0.2])
            #expect(try await library.usageSummary(simulated: true).map(\.estimatedCost) == [0.5])
            #expect(try await library.spentThisMonth() == 0.2)
            #expect(try await library.dailyCost(simulated: true).map(\.cost) == [0.5])
            try await library.setMonthlyCap(1)
            #expect(try await sandbox.monthlyCap() == 1, "one cap for the whole library")
            try await library.checkMonthlyCap(before: CostEstimate(story: 0.7))
            await #expect(throws: StoryLibraryError.overMonthlyCap(cap: 1, spent: 0.5, estimate: 0.7)) {
                try await sandbox.checkMonthlyCap(before: CostEstimate(story: 0.7))
            }
            // Two stories started together with room for one: the second is refused until the first is recorded.
            let first = try await library.reserveWithinCap(CostEstimate(story: 0.6))
            await #expect(throws: StoryLibraryError.overMonthlyCap(cap: 1, spent: 0.8, estimate: 0.6)) {
                _ = try await library.reserveWithinCap(CostEstimate(story: 0.6))
            }
            await #expect(throws: StoryLibraryError.self) { try await library.checkMonthlyCap(before: CostEstimate(story: 0.3)) }
            await library.releaseReservation(first)
            _ = try await library.reserveWithinCap(CostEstimate(story: 0.6))
            try await library.setMonthlyCap(nil)
            #expect(try await library.monthlyCap() == nil)
        }
    }

    @Test("scene placements spread over the story, never the first paragraph, one per paragraph")
    func placements() {
        #expect(ScenePicture.placements(count: 1, paragraphs: 5) == [2])
        #expect(ScenePicture.placements(count: 2, paragraphs: 5) == [1, 3])
        #expect(ScenePicture.placements(count: 3, paragraphs: 3) == [1, 2])
        #expect(ScenePicture.placements(count: 3, paragraphs: 1).isEmpty)
        #expect(ScenePicture.placements(count: 0, paragraphs: 9).isEmpty)
        let text = "One.\n\nTwo is here.\n\n\n  Three."
        #expect(ScenePicture.paragraphs(of: text) == ["One.", "Two is here.", "Three."])
        #expect(ScenePicture.paragraphStarts(of: text) == [0, 6, 23])
        #expect(Array(text)[23] == "T")
    }
}
