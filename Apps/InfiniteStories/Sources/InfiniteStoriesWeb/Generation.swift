import Foundation
import InfiniteStories
import InfiniteStoriesStore

/// Runs one story order through the story pipeline (the CLI's steps: the custom event titled by the assistant in
/// the story's language, written, narrated, illustrated, saved, usage recorded) and tells the job what happens; the
/// job ends with the story's URL or the friendly message.
func generate(_ order: StoryOrder, services: WebServices, ui: UI, job: GenerationJob) async {
    let stories = services.makeStoryService()
    let pipeline = StoryPipeline(
        library: services.library, stories: stories, assistant: services.makeAssistant.map { $0(stories) })
    var url: String?
    do {
        for try await step in pipeline.run(order) {
            switch step {
            case .writing(let text): await job.send(.delta(text))
            case .illustrating: await job.send(.status(ui[.illustrating]))
            case .narrating: await job.send(.status(ui[.narrating]))
            case .narrated(let part): await job.send(.narration(completed: part.completedParts, total: part.totalParts))
            case .saving: await job.send(.status(ui[.saving]))
            case .saved(let story): url = "/stories/\(story.id.uuidString.lowercased())"
            case .titled, .written, .illustrated, .usageRecorded: break
            }
        }
        guard let url else { throw AIServiceError.invalidResponse }
        await job.send(.done(url: url))
    } catch StoryLibraryError.overMonthlyCap(let cap, let spent, let estimate) {
        // Another story started at the same moment took the room left under the cap.
        await job.send(.failed(ui.overCapMessage(cap: cap, spent: spent, estimate: estimate, sandbox: services.sandbox)))
    } catch {
        await job.send(.failed(handleAIError(error, language: ui.storyLanguage)))
    }
}
