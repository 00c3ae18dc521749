import Foundation
import InfiniteStories
import InfiniteStoriesStore

/// Prints `value` as pretty JSON (sorted keys, ISO 8601 dates): the `--json` output of list, show and usage.
func printJSON(_ value: some Encodable) throws {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    encoder.dateEncodingStrategy = .iso8601
    out(String(decoding: try encoder.encode(value), as: UTF8.self))
}

/// A story as `--json` shows it: the stored story plus the absolute paths of its files.
struct StoryJSON: Encodable {
    let story: StoredStory
    let library: StoryLibrary

    private enum Keys: String, CodingKey { case audioPath, avatarPath }

    func encode(to encoder: any Encoder) throws {
        try story.encode(to: encoder)
        var container = encoder.container(keyedBy: Keys.self)
        try container.encodeIfPresent(story.audioFile.map { library.url(forFile: $0).path }, forKey: .audioPath)
        try container.encodeIfPresent(story.avatarFile.map { library.url(forFile: $0).path }, forKey: .avatarPath)
    }
}

/// A hero as `--json` shows it: the hero's fields, its avatar's absolute path and when it was added.
struct HeroJSON: Encodable {
    let hero: StoredHero
    let library: StoryLibrary
    var storyCount: Int?

    private enum Keys: String, CodingKey { case avatarPath, createdAt, storyCount }

    func encode(to encoder: any Encoder) throws {
        try hero.hero.encode(to: encoder)
        var container = encoder.container(keyedBy: Keys.self)
        try container.encodeIfPresent(hero.avatarFile.map { library.url(forFile: $0).path }, forKey: .avatarPath)
        try container.encode(hero.createdAt, forKey: .createdAt)
        try container.encodeIfPresent(storyCount, forKey: .storyCount)
    }
}
