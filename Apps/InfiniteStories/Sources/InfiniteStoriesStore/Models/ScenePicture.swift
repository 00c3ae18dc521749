import Foundation

/// A picture of one scene of a story, placed after the paragraph it shows.
public struct ScenePicture: Codable, Sendable, Hashable {
    /// The paragraph it follows, counted from 0 (paragraphs are separated by blank lines).
    public var paragraph: Int
    /// The image, relative to the library folder.
    public var file: String

    public init(paragraph: Int, file: String) {
        self.paragraph = paragraph
        self.file = file
    }

    /// The story's paragraphs, as the scenes count them: text between blank lines, trimmed, none empty.
    public static func paragraphs(of content: String) -> [String] {
        content.components(separatedBy: "\n\n").map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }
            .filter { !$0.isEmpty }
    }

    /// Where each of ``paragraphs(of:)`` starts in `content`, as an offset in characters (its first character that
    /// isn't white space).
    public static func paragraphStarts(of content: String) -> [Int] {
        var starts: [Int] = []
        var offset = 0
        for part in content.components(separatedBy: "\n\n") {
            if let first = part.firstIndex(where: { !$0.isWhitespace }) {
                starts.append(offset + part.distance(from: part.startIndex, to: first))
            }
            offset += part.count + 2
        }
        return starts
    }

    /// Which paragraphs `count` scenes show: spread over the story, never the first (the story's own picture
    /// leads it), at most one per paragraph.
    public static func placements(count: Int, paragraphs: Int) -> [Int] {
        guard count > 0, paragraphs > 1 else { return [] }
        let available = paragraphs - 1
        let wanted = min(count, available)
        return (0..<wanted).map { 1 + ($0 * available) / wanted + (available / wanted - 1) / 2 }
    }
}
