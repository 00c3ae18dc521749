import AICore
import Foundation

/// Narrations already paid for, by a stable hash of text, voice, instructions and model.
///
/// Speech is the most expensive part of a story to make again, and the same text with the same voice always
/// sounds the same, so a narration is kept in memory (up to ``memoryLimit`` bytes, oldest dropped first)
/// and, when a directory is given, on disk as `<hash>.mp3` so it survives the process.
public final class NarrationCache: Sendable {
    /// Where narrations are kept on disk; nil keeps them in memory only.
    public let directory: URL?
    /// The most bytes of audio kept in memory.
    public let memoryLimit: Int
    private let memory = LockedValue<(entries: [String: Data], order: [String], bytes: Int)>(([:], [], 0))

    public init(directory: URL? = nil, memoryLimit: Int = 64 << 20) {
        self.directory = directory
        self.memoryLimit = memoryLimit
    }

    /// The cache key of a narration request.
    public static func key(text: String, voice: String, instructions: String, model: String) -> String {
        StableHash.key(["narration-v1", model, voice, instructions, text])
    }

    /// The cached MP3 for `key`, from memory or disk.
    public func audio(for key: String) -> Data? {
        if let data = memory.withLock({ $0.entries[key] }) { return data }
        guard let file = fileURL(for: key), let data = try? Data(contentsOf: file) else { return nil }
        remember(data, for: key)
        return data
    }

    /// Keeps `audio` for `key`; a disk write that fails only loses the disk copy.
    public func store(_ audio: Data, for key: String) {
        remember(audio, for: key)
        guard let directory, let file = fileURL(for: key) else { return }
        try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        try? audio.write(to: file, options: .atomic)
    }

    private func remember(_ audio: Data, for key: String) {
        guard audio.count <= memoryLimit else { return }
        memory.withLock { state in
            if let old = state.entries.updateValue(audio, forKey: key) {
                state.bytes -= old.count
                state.order.removeAll { $0 == key }
            }
            state.order.append(key)
            state.bytes += audio.count
            while state.bytes > memoryLimit, !state.order.isEmpty {
                let oldest = state.order.removeFirst()
                state.bytes -= state.entries.removeValue(forKey: oldest)?.count ?? 0
            }
        }
    }

    private func fileURL(for key: String) -> URL? {
        directory?.appendingPathComponent("\(key).mp3")
    }
}
