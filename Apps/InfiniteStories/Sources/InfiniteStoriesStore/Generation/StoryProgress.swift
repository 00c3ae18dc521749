import InfiniteStories

/// What a ``StoryPipeline`` run reports, in this order: the event it writes about, the text as it is written, the
/// parsed story, the picture and the narration under way (both at once), saving, the saved story, and what the run
/// spent. Steps the order turns off (no narration, no picture) report nothing.
public enum StoryProgress: Sendable {
    /// The story's event: a built-in one, or the custom one with its title (the assistant's, in the story's language).
    case titled(StoryOccasion)
    /// A piece of the story's text as it is written.
    case writing(String)
    /// The whole story, parsed into title and text.
    case written(StoryGenerationResponse)
    /// The picture is being drawn (while the narration is synthesized).
    case illustrating
    /// The narration has started.
    case narrating
    /// Narration parts synthesized so far, of all parts.
    case narrated(NarrationProgress)
    /// The picture is drawn.
    case illustrated
    /// Every step succeeded; the story and its files are being saved.
    case saving
    /// The story is in the library.
    case saved(StoredStory)
    /// What the run spent, now recorded in the library (also reported before a failure ends the run).
    case usageRecorded([UsageSummary])
}
