import Foundation

/// A narrated story: one MP3 and how it was made.
public struct Narration: Codable, Sendable, Hashable {
    /// The whole narration as one MP3 file.
    public var audio: Data
    /// How many speech requests the text needed (texts over 4,096 characters are split).
    public var parts: Int
    /// The narrated text's length in characters.
    public var characters: Int
    /// Whether the audio came from the narration cache (no request was made).
    public var fromCache: Bool

    public init(audio: Data, parts: Int, characters: Int, fromCache: Bool) {
        self.audio = audio
        self.parts = parts
        self.characters = characters
        self.fromCache = fromCache
    }
}

/// Progress of a narration, reported once per finished part.
public struct NarrationProgress: Codable, Sendable, Hashable {
    /// Parts finished so far.
    public var completedParts: Int
    /// How many parts the narration has.
    public var totalParts: Int
    /// The first part's MP3, set once, in the report where it becomes ready, so playback can start early.
    public var firstPart: Data?

    public init(completedParts: Int, totalParts: Int, firstPart: Data? = nil) {
        self.completedParts = completedParts
        self.totalParts = totalParts
        self.firstPart = firstPart
    }

    /// The finished fraction, 0…1.
    public var fraction: Double { totalParts == 0 ? 1 : Double(completedParts) / Double(totalParts) }
}
