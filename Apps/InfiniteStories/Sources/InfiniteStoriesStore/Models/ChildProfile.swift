import Foundation
import InfiniteStories

/// A child the stories are for: their name, their age band (which shapes each story's prompt: ages, vocabulary,
/// sentence length) and what must never appear in their stories.
public struct ChildProfile: Sendable, Codable, Hashable, Identifiable {
    public var id: UUID
    public var name: String
    public var ageRange: AgeRange
    /// Things their stories must never mention or show.
    public var avoid: [String]

    public init(id: UUID = UUID(), name: String, ageRange: AgeRange, avoid: [String] = []) {
        self.id = id
        self.name = name
        self.ageRange = ageRange
        self.avoid = avoid
    }

    /// What a story prompt needs to know about this child.
    public var audience: StoryAudience { StoryAudience(ageRange: ageRange, avoid: avoid) }

    /// The story length that suits the age band, in minutes (the form's default for this child).
    public var suggestedMinutes: Int {
        switch ageRange {
        case .toddler: 3
        case .preschool: 5
        case .earlyElementary: 8
        case .elementary: 10
        }
    }
}
