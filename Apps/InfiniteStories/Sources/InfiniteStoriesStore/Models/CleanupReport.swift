/// What ``StoryLibrary/cleanupOldAudioFiles(olderThan:now:)`` removed.
public struct CleanupReport: Sendable, Codable, Hashable {
    /// Stories whose narration was removed (their text and picture stay).
    public var storiesUpdated: Int
    /// Audio files deleted from the library folder.
    public var filesRemoved: Int
    public var bytesFreed: Int64

    public init(storiesUpdated: Int = 0, filesRemoved: Int = 0, bytesFreed: Int64 = 0) {
        self.storiesUpdated = storiesUpdated
        self.filesRemoved = filesRemoved
        self.bytesFreed = bytesFreed
    }
}
