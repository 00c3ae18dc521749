import Foundation

/// Models and limits of every request, so an app can change them without touching code (the InfiniteStories app
/// hard-coded them in each request).
public struct StorySettings: Codable, Hashable, Sendable {
    /// The story model (the InfiniteStories app's gpt-4o).
    public var storyModel = "gpt-4o"
    /// Used instead of ``storyModel`` when OpenAI answers that it does not exist (404 `model_not_found`).
    public var fallbackModel = "gpt-4o-mini"
    /// Sent as `max_completion_tokens` (the InfiniteStories app's `max_tokens: 2000`, about 1,500 English words).
    public var maxTokens = 2000
    /// The InfiniteStories app's 0.8: creative but coherent.
    public var temperature = 0.8
    /// The narration model.
    public var ttsModel = "gpt-4o-mini-tts"
    /// The avatar model: `dall-e-3` (the InfiniteStories app's) or `gpt-image-1`.
    public var imageModel = "dall-e-3"
    /// Whether user text and generated stories go through the moderations endpoint (a children's app: on).
    public var moderation = true
    /// How many narration parts are synthesized at once.
    public var maxConcurrentSpeechParts = 3
    /// Part of the story cache key: raise it when prompts change so old stories are not served.
    public var promptVersion = 1
    /// The moderation model.
    public var moderationModel = "omni-moderation-latest"
    /// The most characters one speech request may carry (the endpoint's limit).
    public var speechInputLimit = 4096
    /// How long the list of available models is trusted, in seconds.
    public var modelListLifetime: TimeInterval = 3600

    public init() {}

    /// The InfiniteStories app's settings.
    public static let `default` = StorySettings()
}
