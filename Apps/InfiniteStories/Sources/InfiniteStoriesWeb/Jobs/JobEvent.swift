/// What a generation job reports, in order; each event's SSE id is its 1-based position.
enum JobEvent: Sendable, Equatable {
    /// Story text as it is written.
    case delta(String)
    /// Narration progress: parts done of all parts.
    case narration(completed: Int, total: Int)
    /// A step: "Narrating part 1 of 3", "Illustrating…".
    case status(String)
    /// Saved: the story page's URL.
    case done(url: String)
    /// Failed, with the friendly message to show.
    case failed(String)
}
