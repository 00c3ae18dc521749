import Foundation

/// Where a sentence of a story starts in its text and in its narration: read-along highlights the sentence being
/// narrated and follows it.
///
/// The times come from the narration itself: its length, counted frame by frame in the MP3, shared among the
/// narrated text (the title, then the story) in proportion to each sentence's characters, as speech goes at an
/// even pace. Saved with the story, so it works offline and costs nothing more.
public struct ReadAlongMark: Codable, Sendable, Hashable {
    /// The sentence's first character, as an offset in characters into the story's text.
    public var at: Int
    /// When the narration reaches it, in seconds.
    public var start: Double

    public init(at: Int, start: Double) {
        self.at = at
        self.start = start
    }

    /// The marks of `content`'s sentences, narrated after `title` (as the pipeline narrates "title.\n\ncontent")
    /// for `duration` seconds. Empty when there is nothing to time.
    public static func marks(title: String, content: String, duration: TimeInterval) -> [ReadAlongMark] {
        let spoken = Double(title.count + 3 + content.count)
        guard duration > 0, spoken > 0, !content.isEmpty else { return [] }
        let perCharacter = duration / spoken
        return sentenceStarts(content).map { offset in
            ReadAlongMark(at: offset, start: ((Double(title.count + 3 + offset) * perCharacter) * 100).rounded() / 100)
        }
    }

    /// Where each sentence of `text` starts, in characters: after `.`, `!`, `?` or `…` (and any closing quotes
    /// or brackets) followed by white space, and after a blank line; the first one at 0. Leading white space is not
    /// part of a sentence.
    public static func sentenceStarts(_ text: String) -> [Int] {
        let characters = Array(text)
        var starts: [Int] = []
        var index = 0
        var atStart = true
        while index < characters.count {
            let character = characters[index]
            if atStart {
                if !character.isWhitespace {
                    starts.append(index)
                    atStart = false
                }
                index += 1
                continue
            }
            if ".!?…".contains(character) {
                var next = index + 1
                while next < characters.count, ".!?…\"'”’»)]".contains(characters[next]) { next += 1 }
                if next >= characters.count || characters[next].isWhitespace { atStart = true }
                index = next
                continue
            }
            if character == "\n", index + 1 < characters.count, characters[index + 1] == "\n" { atStart = true }
            index += 1
        }
        return starts
    }
}
