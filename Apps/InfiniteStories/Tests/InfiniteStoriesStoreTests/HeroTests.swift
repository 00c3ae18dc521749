import Foundation
import InfiniteStories
import Testing
@testable import InfiniteStoriesStore

@Suite("Heroes")
struct HeroTests {
    @Test("a hero with an avatar is saved, found by name in any case, and names are unique")
    func addAndFind() async throws {
        let temporary = TemporaryLibrary()
        defer { temporary.remove() }
        let library = try temporary.open()
        let stored = try await library.addHero(Fixtures.hero, avatar: Fixtures.avatar)
        let avatar = try #require(stored.avatarFile)
        #expect(avatar.hasPrefix("Images/hero-") && avatar.hasSuffix(".png"))
        #expect(try Data(contentsOf: library.url(forFile: avatar)) == Fixtures.png)
        #expect(try await library.hero(named: "luna") == stored)
        #expect(try await library.hero(id: Fixtures.hero.id) == stored)
        await #expect(throws: StoryLibraryError.duplicateHero("LUNA")) {
            try await library.addHero(Hero(name: "LUNA"))
        }
        #expect(temporary.files(in: "Images").count == 1)
    }

    @Test("removing a hero removes its avatar and keeps its stories, which keep the hero's name")
    func remove() async throws {
        let temporary = TemporaryLibrary()
        defer { temporary.remove() }
        let library = try temporary.open()
        try await library.addHero(Fixtures.hero, avatar: Fixtures.avatar)
        let story = try await library.saveStory(
            Fixtures.story, hero: Fixtures.hero, occasion: .builtIn(.bedtime), language: "English")
        #expect(try await library.removeHero(named: "Luna"))
        #expect(try await library.removeHero(named: "Luna") == false)
        #expect(temporary.files(in: "Images").isEmpty)
        let kept = try #require(try await library.story(id: story.id))
        #expect(kept.heroID == nil && kept.heroName == "Luna")
    }
}
