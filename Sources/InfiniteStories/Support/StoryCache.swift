import AICore
import Foundation

/// Stories already generated, by a stable hash of everything that shapes them.
///
/// The key covers the exact system message and prompt (so the hero, event, language and duration), the
/// model, token limit, temperature and ``StorySettings/promptVersion``: a changed prompt or model never
/// returns an old story. Entries live in memory and, with a directory, as `<key>.json` files that survive
/// the process. The InfiniteStories app's `getCached(for:)` / `cache(_:for:)` names are kept.
public final class StoryCache: Sendable {
    /// Where entries are written; nil keeps them in memory only.
    public let directory: URL?
    private let memory = LockedValue<[String: StoryGenerationResponse]>([:])

    public init(directory: URL? = nil) {
        self.directory = directory
    }

    /// The story cached under `key`, from memory or disk.
    public func getCached(for key: String) -> StoryGenerationResponse? {
        if let story = memory.withLock({ $0[key] }) { return story }
        guard let file = fileURL(for: key), let data = try? Data(contentsOf: file),
            let story = try? JSONDecoder().decode(StoryGenerationResponse.self, from: data)
        else { return nil }
        memory.withLock { $0[key] = story }
        return story
    }

    /// Keeps `response` under `key`; a failed disk write only loses the disk copy.
    public func cache(_ response: StoryGenerationResponse, for key: String) {
        memory.withLock { $0[key] = response }
        guard let directory, let file = fileURL(for: key), let data = try? JSONEncoder().encode(response) else { return }
        try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        try? data.write(to: file, options: .atomic)
    }

    /// Removes every entry, in memory and on disk.
    public func removeAll() {
        memory.withLock { $0.removeAll() }
        guard let directory else { return }
        let files = (try? FileManager.default.contentsOfDirectory(at: directory, includingPropertiesForKeys: nil)) ?? []
        for file in files where file.pathExtension == "json" { try? FileManager.default.removeItem(at: file) }
    }

    /// The key of a built-in event story.
    public static func key(for request: StoryGenerationRequest, settings: StorySettings) -> String {
        key(system: StoryPrompts.systemMessage(language: request.language), prompt: StoryPrompts.prompt(for: request), settings: settings)
    }

    /// The key of a custom event story.
    public static func key(for request: CustomStoryGenerationRequest, settings: StorySettings) -> String {
        key(system: StoryPrompts.systemMessage(language: request.language), prompt: StoryPrompts.prompt(for: request), settings: settings)
    }

    static func key(system: String, prompt: String, settings: StorySettings) -> String {
        StableHash.key([
            "story", "prompt-v\(settings.promptVersion)", settings.storyModel, String(settings.maxTokens),
            String(settings.temperature), system, prompt,
        ])
    }

    private func fileURL(for key: String) -> URL? {
        directory?.appendingPathComponent("\(key).json")
    }
}
