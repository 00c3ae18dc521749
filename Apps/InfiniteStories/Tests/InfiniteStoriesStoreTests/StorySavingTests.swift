import Foundation
import GRDB
import InfiniteStories
import Testing
@testable import InfiniteStoriesStore

@Suite("Saving stories")
struct StorySavingTests {
    @Test("a story is saved with its narration and picture and read back whole")
    func saveAndReadBack() async throws {
        let temporary = TemporaryLibrary()
        defer { temporary.remove() }
        let library = try temporary.open()
        try await library.addHero(Fixtures.hero)
        let createdAt = Date(timeIntervalSince1970: 1_736_883_000)  // 2025-01-14 19:30:00 UTC
        let saved = try await library.saveStory(
            Fixtures.story, hero: Fixtures.hero, occasion: .builtIn(.bedtime), language: "Spanish", voice: "fable",
            audio: Fixtures.audio, avatar: Fixtures.avatar, createdAt: createdAt)

        let shortID = saved.id.uuidString.lowercased().prefix(8)
        #expect(saved.audioFile == "Audio/story-20250114-193000-\(shortID).mp3")
        #expect(saved.avatarFile == "Images/story-20250114-193000-\(shortID).png")
        #expect(try Data(contentsOf: library.url(forFile: try #require(saved.audioFile))) == Fixtures.audio)
        #expect(try Data(contentsOf: library.url(forFile: try #require(saved.avatarFile))) == Fixtures.png)
        #expect(!temporary.files(in: "Audio").contains { $0.hasPrefix(".partial-") })

        let reopened = try temporary.open()
        let read = try #require(try await reopened.story(id: saved.id))
        #expect(read == saved)
        #expect(read.response == Fixtures.story)
        #expect(read.event == .bedtime && read.heroID == Fixtures.hero.id && read.heroName == "Luna")
        #expect(read.language == "Spanish" && read.voice == "fable")
        #expect(abs(read.createdAt.timeIntervalSince(createdAt)) < 0.001)
        #expect(try await reopened.story(matching: String(shortID)) == read)
        #expect(try await reopened.stories(heroID: Fixtures.hero.id).map(\.id) == [saved.id])
    }

    @Test("a custom event and a new hero are saved with the story")
    func customEvent() async throws {
        let temporary = TemporaryLibrary()
        defer { temporary.remove() }
        let library = try temporary.open()
        let event = CustomStoryEvent(
            title: "First Snow", description: "The first snow of winter", category: .nature, tone: .magical,
            keywords: ["snow", "winter"])
        let saved = try await library.saveStory(
            Fixtures.story, hero: Fixtures.hero, occasion: .custom(event), language: "English")
        #expect(saved.customEventTitle == "First Snow" && saved.event == nil && saved.audioFile == nil)
        #expect(try await library.customEvent(id: event.id) == event)
        #expect(try await library.hero(named: "LUNA")?.hero == Fixtures.hero)
        #expect(try await library.stories().first?.customEventTitle == "First Snow")
    }

    @Test("a save that fails after its files were written leaves no row and no file")
    func failedSaveLeavesNothing() async throws {
        let temporary = TemporaryLibrary()
        defer { temporary.remove() }
        let library = try temporary.open()
        let audioFolder = temporary.folder.appendingPathComponent("Audio").path
        await #expect(throws: InjectedFailure.self) {
            try await library.saveStory(
                Fixtures.story, hero: Fixtures.hero, occasion: .builtIn(.bedtime), language: "English", voice: "coral",
                audio: Fixtures.audio, avatar: Fixtures.avatar, createdAt: Date(),
                afterStaging: {
                    // The files are on disk, under their temporary names, when the failure strikes.
                    let names = try FileManager.default.contentsOfDirectory(atPath: audioFolder)
                    #expect(names.count == 1 && names[0].hasPrefix(MediaFolder.temporaryPrefix))
                    throw InjectedFailure()
                })
        }
        #expect(try await library.stories().isEmpty)
        #expect(try await library.heroes().isEmpty)
        #expect(temporary.files(in: "Audio").isEmpty)
        #expect(temporary.files(in: "Images").isEmpty)
    }

    @Test("files left by a save that was killed are removed at the next open; referenced files stay")
    func orphansRemovedAtOpen() async throws {
        let temporary = TemporaryLibrary()
        defer { temporary.remove() }
        let saved = try await temporary.open().saveStory(
            Fixtures.story, hero: Fixtures.hero, occasion: .builtIn(.weekend), language: "English", voice: "nova",
            audio: Fixtures.audio, avatar: Fixtures.avatar)
        let audio = temporary.folder.appendingPathComponent("Audio")
        // Killed while writing (a temporary file), and killed between the move and the commit (no row).
        try Data([1, 2, 3]).write(to: audio.appendingPathComponent(".partial-story-20250101-000000-deadbeef.mp3"))
        try Data([1, 2, 3]).write(to: audio.appendingPathComponent("story-20250101-000000-deadbeef.mp3"))

        _ = try temporary.open()
        #expect(temporary.files(in: "Audio") == [try #require(saved.audioFile).replacingOccurrences(of: "Audio/", with: "")])
        #expect(temporary.files(in: "Images").count == 1)
    }
}
