import Foundation

/// What can go wrong with the story library itself (the database and its files), apart from SQLite errors.
public enum StoryLibraryError: Error, LocalizedError, Equatable {
    /// A hero with this name already exists (names are unique, case-insensitively).
    case duplicateHero(String)
    /// A child profile with this name already exists (names are unique, case-insensitively).
    case duplicateChild(String)
    /// No hero has this name.
    case heroNotFound(String)
    /// No child profile has this id.
    case childNotFound(String)
    /// No story has this id (or id prefix).
    case storyNotFound(String)
    /// More than one story starts with this id prefix.
    case ambiguousStoryID(String)
    /// The library was written by a newer version of the program, whose schema this one does not know.
    case newerLibraryVersion
    /// A media file the database refers to is missing from the library folder.
    case missingFile(String)
    /// A story order with a custom event but no description of it (see ``StoryOrder/customText``).
    case emptyCustomEvent
    /// Doing this would pass the monthly cap the parent set (USD, estimated): `spent` so far this month and the
    /// `estimate` of what this would cost.
    case overMonthlyCap(cap: Double, spent: Double, estimate: Double)

    public var errorDescription: String? {
        switch self {
        case .duplicateHero(let name): "A hero named \"\(name)\" already exists."
        case .duplicateChild(let name): "A child named \"\(name)\" already exists."
        case .heroNotFound(let name): "No hero named \"\(name)\"."
        case .childNotFound(let id): "No child with id \(id)."
        case .storyNotFound(let id): "No story with id \(id)."
        case .ambiguousStoryID(let prefix): "More than one story starts with \(prefix); give more of the id."
        case .newerLibraryVersion: "This story library was written by a newer version of InfiniteStories."
        case .missingFile(let name): "The library file \(name) is missing."
        case .emptyCustomEvent: "A custom event needs a description."
        case .overMonthlyCap(let cap, let spent, let estimate):
            String(format: "This would pass the monthly cap of $%.2f ($%.2f spent this month, about $%.2f more).",
                   cap, spent, estimate)
        }
    }
}
