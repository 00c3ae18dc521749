import InfiniteStories

/// What a story is written for: one of the built-in events or a custom event.
public enum StoryOccasion: Sendable, Hashable {
    case builtIn(StoryEvent)
    case custom(CustomStoryEvent)
}
