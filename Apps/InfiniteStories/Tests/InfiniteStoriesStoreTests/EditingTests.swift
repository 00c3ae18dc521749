import Foundation
import InfiniteStories
@testable import InfiniteStoriesStore
import Testing

@Suite("Editing heroes and removing stories")
struct EditingTests {
    private func avatar(_ byte: UInt8) -> AvatarGenerationResponse {
        AvatarGenerationResponse(imageData: Data([0x89, 0x50, 0x4E, 0x47, byte]), revisedPrompt: nil, format: .png)
    }

    @Test("updating a hero replaces its details and its avatar file; the name stays unique")
    func updateHero() async throws {
        let temp = TemporaryLibrary()
        defer { temp.remove() }
        let library = try temp.open()
        var hero = try await library.addHero(Fixtures.hero, avatar: avatar(1)).hero
        try await library.addHero(Hero(name: "Max"))
        let oldFile = try #require(try await library.hero(id: hero.id)?.avatarFile)
        hero.traits = ["kind"]
        let updated = try #require(try await library.updateHero(hero, avatar: avatar(2), now: Date().addingTimeInterval(5)))
        #expect(updated.hero.traits == ["kind"])
        let newFile = try #require(updated.avatarFile)
        #expect(newFile != oldFile)
        #expect(!FileManager.default.fileExists(atPath: library.url(forFile: oldFile).path))
        #expect(FileManager.default.fileExists(atPath: library.url(forFile: newFile).path))
        hero.name = "max"
        await #expect(throws: StoryLibraryError.duplicateHero("max")) { try await library.updateHero(hero) }
        #expect(try await library.updateHero(Hero(name: "Ghost")) == nil)
    }

    @Test("removing a story removes its files")
    func removeStory() async throws {
        let temp = TemporaryLibrary()
        defer { temp.remove() }
        let library = try temp.open()
        let story = try await library.saveStory(
            StoryGenerationResponse(title: "T", content: "Once.", estimatedDuration: 60), hero: Fixtures.hero,
            occasion: .builtIn(.bedtime), language: "English", voice: "coral", audio: Data([1, 2, 3]), avatar: avatar(3))
        let files = [story.audioFile, story.avatarFile].compactMap { $0 }
        #expect(files.count == 2)
        #expect(try await library.removeStory(id: story.id))
        #expect(try await library.story(id: story.id) == nil)
        for file in files { #expect(!FileManager.default.fileExists(atPath: library.url(forFile: file).path)) }
        #expect(try await !library.removeStory(id: story.id))
    }
}
