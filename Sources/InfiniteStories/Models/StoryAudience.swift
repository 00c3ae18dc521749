import Foundation

/// Who a story is for: the child's age band, which sets the ages, vocabulary and sentence length the prompt asks
/// for, and what must never appear in the story (a fear, a loss, an animal the child is scared of).
///
/// What to avoid is the parent's text: it is moderated with the rest before it reaches a prompt.
public struct StoryAudience: Codable, Hashable, Sendable {
    public var ageRange: AgeRange
    /// Things the story must never mention or show.
    public var avoid: [String]

    public init(ageRange: AgeRange, avoid: [String] = []) {
        self.ageRange = ageRange
        self.avoid = avoid
    }

    /// The bounds of ``ageRange``, e.g. (4, 6).
    var ages: (from: Int, to: Int) {
        let bounds = ageRange.span.split(separator: "-").compactMap { Int($0) }
        return bounds.count == 2 ? (bounds[0], bounds[1]) : (4, 10)
    }

    var userTexts: [String] { avoid }
}
