import Foundation

/// The InfiniteStories app's service surface: what the app calls, so a mock can stand in for ``OpenAIService`` in previews
/// and tests.
public protocol AIServiceProtocol: Sendable {
    /// A story about a hero and a built-in event.
    func generateStory(request: StoryGenerationRequest) async throws -> StoryGenerationResponse
    /// A story about a hero and a parent-written event.
    func generateStoryWithCustomEvent(request: CustomStoryGenerationRequest) async throws -> StoryGenerationResponse
    /// The narration of `text` as one MP3.
    func generateSpeech(text: String, voice: String, language: String) async throws -> Data
    /// A picture of a hero.
    func generateAvatar(request: AvatarGenerationRequest) async throws -> AvatarGenerationResponse
}
