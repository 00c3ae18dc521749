import Foundation

extension OpenAIService {
    /// One story per hero about the same event, at most `maxConcurrent` generated at once, in the order of
    /// `heroes`.
    ///
    /// The first failure cancels the stories still being written and is thrown; cancelling the calling task
    /// cancels every request (their connections are closed).
    public func generateMultipleStories(
        heroes: [Hero], event: StoryEvent, targetDuration: TimeInterval = 300, language: String = "English", maxConcurrent: Int = 3
    ) async throws -> [StoryGenerationResponse] {
        let limit = max(1, maxConcurrent)
        var stories = [StoryGenerationResponse?](repeating: nil, count: heroes.count)
        try await withThrowingTaskGroup(of: (Int, StoryGenerationResponse).self) { group in
            var next = 0
            func startNext() {
                guard next < heroes.count else { return }
                let index = next
                next += 1
                let request = StoryGenerationRequest(hero: heroes[index], event: event, targetDuration: targetDuration, language: language)
                group.addTask { (index, try await self.generateStory(request: request)) }
            }
            for _ in 0..<min(limit, heroes.count) { startNext() }
            while let (index, story) = try await group.next() {
                stories[index] = story
                startNext()
            }
        }
        try Task.checkCancellation()
        return stories.compactMap { $0 }
    }
}
