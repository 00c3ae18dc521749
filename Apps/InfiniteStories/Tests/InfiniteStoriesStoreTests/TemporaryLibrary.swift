import Foundation
import InfiniteStories
@testable import InfiniteStoriesStore

/// A library in a fresh temporary folder, removed by ``remove()``.
struct TemporaryLibrary {
    let folder: URL

    init() {
        folder = FileManager.default.temporaryDirectory
            .appendingPathComponent("infinite-stories-store-\(UUID().uuidString)", isDirectory: true)
    }

    func open() throws -> StoryLibrary {
        try StoryLibrary(folder: folder)
    }

    func remove() {
        try? FileManager.default.removeItem(at: folder)
    }

    /// The names in a media subfolder ("Audio" or "Images"), hidden ones included.
    func files(in subfolder: String) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent(subfolder).path)) ?? []).sorted()
    }
}

/// Test data.
enum Fixtures {
    static let hero = Hero(name: "Luna", traits: ["brave", "curious"], appearance: "silver hair", specialAbility: "talks to owls")

    static let story = StoryGenerationResponse(
        title: "Luna and the Sleepy Moon", content: "Once upon a time, Luna watched the moon yawn.\n\nThe end.",
        estimatedDuration: 120)

    /// The start of an MP3 file (an ID3 tag, then an MPEG frame header) and some bytes.
    static let audio = Data("ID3".utf8) + Data([0x04, 0, 0, 0, 0, 0, 0, 0xFF, 0xFB, 0x90, 0x64]) + Data(repeating: 0x55, count: 2_000)

    /// The PNG signature and some bytes.
    static let png = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) + Data(repeating: 0x11, count: 500)

    static let avatar = AvatarGenerationResponse(imageData: png, revisedPrompt: "a girl and an owl", format: .png)
}

/// A failure injected into a save.
struct InjectedFailure: Error {}
